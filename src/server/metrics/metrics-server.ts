import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from './metrics';

export const METRICS_PATH = '/metrics';

export interface MetricsListener {
  /** The port it listens on (the chosen one when METRICS_PORT is 0). */
  port: number;
  close(): Promise<void>;
}

/** Whether a listening address is reached only from this machine. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * The metrics listener: a plain node:http server apart from the app's public port (decision
 * 0032), bound to METRICS_HOST (127.0.0.1 by default). It answers `GET /metrics` and nothing else.
 */
export async function startMetricsServer(
  metrics: Pick<Metrics, 'render' | 'contentType'>,
  options: { port: number; host: string },
  log: FastifyBaseLogger,
): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed\n');
      return;
    }
    metrics.render().then(
      (text) => {
        res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        log.error({ err }, 'rendering metrics failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics failed\n');
      },
    );
  });
  // Requests carry no body worth reading; a slow client cannot hold the listener.
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    const failed = (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(
              `METRICS_PORT ${options.port} is in use on ${options.host}: the app and every worker need a METRICS_PORT of their own`,
            )
          : err,
      );
    server.once('error', failed);
    server.listen(options.port, options.host, () => {
      server.off('error', failed);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  log.info({ host: options.host, port }, 'metrics listening');
  if (!isLoopback(options.host)) {
    log.warn(
      { host: options.host, port },
      'metrics are served beyond this machine (METRICS_HOST): keep a firewall in front, they name every route and job',
    );
  }
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
