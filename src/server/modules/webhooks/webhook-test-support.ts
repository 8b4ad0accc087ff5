import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { buildServices, createLogger, type ServiceDeps, type Services } from '../../composition';
import { loadConfig } from '../../config';
import { freshDatabase } from '../../test/harness';
import type { HostResolver } from './address-policy';

/** An app with its services built here, so the webhooks' test settings reach them. */
export interface WebhookTestApp {
  app: FastifyInstance;
  services: Services;
  database: Awaited<ReturnType<typeof freshDatabase>>;
  close(): Promise<void>;
}

export async function startWebhookTestApp(options: {
  env?: Record<string, string>;
  webhooks?: ServiceDeps['webhooks'];
  mail?: ServiceDeps['mail'];
}): Promise<WebhookTestApp> {
  const database = await freshDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-webhooks-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SIGNING_SECRET: 'w'.repeat(40),
    ...options.env,
  });
  const services = await buildServices({
    config,
    database,
    log: createLogger({ level: 'silent' }),
    webhooks: options.webhooks,
    mail: options.mail,
  });
  const app = await buildApp({
    config,
    database,
    services,
    web: 'none',
    checkResponses: true,
    signUpLimits: {
      perIp: { max: 100_000, windowMs: 60_000 },
      takenPerIp: { max: 100_000, windowMs: 60_000 },
    },
  });
  await app.ready();
  return {
    app,
    services,
    database,
    close: async () => {
      await app.close();
      await services.close();
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Host names in memory: a name maps to its addresses (changeable, for DNS rebinding); else ENOTFOUND. */
export function fakeResolver(initial: Record<string, string[]> = {}) {
  const names = new Map(Object.entries(initial));
  const resolve: HostResolver = async (host) => {
    const found = names.get(host.toLowerCase());
    if (!found)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return {
    resolve,
    set(host: string, addresses: string[]) {
      names.set(host, addresses);
    },
  };
}

/** One request the receiver got. */
export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

/**
 * A real HTTP server on 127.0.0.1 standing in for an owner's receiver: `respond` decides each
 * answer by path and how many requests that path had ('hang' never answers).
 */
export async function startReceiver(
  respond: (path: string, nth: number) => number | 'hang' = () => 204,
) {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const waiters = new Set<() => void>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const pathOnly = (req.url ?? '/').split('?')[0]!;
      received.push({
        path: pathOnly,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      for (const wake of waiters) wake();
      const nth = received.filter((r) => r.path === pathOnly).length;
      const answer = respond(pathOnly, nth);
      if (answer === 'hang') return;
      res.statusCode = answer;
      res.end(answer >= 400 ? 'nope' : 'ok');
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (p: string) => `http://127.0.0.1:${port}${p}`,
    received,
    /** The requests to `path`, once there are at least `count` (or throws after `timeoutMs`). */
    waitFor(p: string, count = 1, timeoutMs = 15_000): Promise<Received[]> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.filter((r) => r.path === p);
          if (found.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`${p}: ${received.filter((r) => r.path === p).length} of ${count} requests`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
