import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  parseWebhookUrl,
  resolveTarget,
  WebhookAddressError,
  type HostResolver,
  type UrlRules,
} from './address-policy';

/** One POST of a delivery: what happened, for the delivery log. */
export interface SendResult {
  /** A 2xx answer. */
  ok: boolean;
  /** The receiver's status; null when none came (refused address, network error, timeout). */
  status: number | null;
  durationMs: number;
  /** What went wrong, in words for the log (null on success). */
  error: string | null;
}

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The port the webhooks module sends through (tests may give their own). */
export type WebhookSender = (request: WebhookRequest) => Promise<SendResult>;

export interface SenderOptions extends UrlRules {
  /** WEBHOOKS_ALLOW_PRIVATE_NETWORKS: private, loopback and link-local addresses are allowed. */
  allowPrivate: boolean;
  resolve: HostResolver;
  /** The whole attempt, connection to the last byte read (default 10 s). */
  timeoutMs?: number;
  /** The most of the answer read (then discarded); default 64 KB. */
  maxResponseBytes?: number;
  now?: () => number;
}

export const SEND_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 64 * 1024;
const USER_AGENT = 'Cadence-Webhooks/1';

/**
 * Sends a delivery with node:http(s): the URL's host is resolved and checked here (SSRF), the
 * connection goes to that checked address (the `lookup` below answers it, so TLS still verifies the
 * host name and a second DNS answer is never asked for), no redirect is followed (a 3xx is a
 * failure), the answer is read up to a cap and thrown away, and the attempt ends at the timeout.
 */
export function createWebhookSender(options: SenderOptions): WebhookSender {
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  const cap = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  const now = options.now ?? Date.now;

  return async ({ url: raw, headers, body }) => {
    const started = now();
    const elapsed = () => Math.max(0, Math.round(now() - started));
    let target;
    let url: URL;
    try {
      url = parseWebhookUrl(raw, options);
      target = await resolveTarget(url, options);
    } catch (error) {
      const message =
        error instanceof WebhookAddressError ? error.message : 'The URL could not be used';
      return { ok: false, status: null, durationMs: elapsed(), error: message };
    }
    const checked = target;
    const lookup: LookupFunction = (_host, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [{ address: checked.address, family: checked.family }]);
      else callback(null, checked.address, checked.family);
    };

    return new Promise<SendResult>((resolve) => {
      let settled = false;
      const finish = (result: Omit<SendResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...result, durationMs: elapsed() });
      };
      const client = url.protocol === 'https:' ? https : http;
      const request = client.request(
        url,
        {
          method: 'POST',
          lookup,
          agent: false,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'user-agent': USER_AGENT,
          },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          let read = 0;
          const done = () => {
            const ok = status >= 200 && status < 300;
            finish({ ok, status, error: ok ? null : `The receiver answered HTTP ${status}` });
            response.destroy();
          };
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read >= cap) done();
          });
          response.on('end', done);
          response.on('error', done);
          response.on('close', done);
        },
      );
      const timer = setTimeout(() => {
        finish({
          ok: false,
          status: null,
          error: `No answer within ${Math.round(timeoutMs / 1000)} s`,
        });
        request.destroy();
      }, timeoutMs);
      request.on('error', (error: NodeJS.ErrnoException) => {
        finish({ ok: false, status: null, error: networkError(error) });
      });
      request.end(body);
    });
  };
}

/** A network error in words for the log (its code, never a stack). */
function networkError(error: NodeJS.ErrnoException): string {
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED') return 'The connection was refused';
  if (code === 'ECONNRESET') return 'The connection was reset';
  if (code === 'ETIMEDOUT') return 'The connection timed out';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'The host could not be reached';
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code === 'EPROTO')
    return `The TLS connection failed (${code})`;
  return code ? `The request failed (${code})` : 'The request failed';
}
