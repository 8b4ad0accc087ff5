import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from '../metrics/metrics';
import { isPublicCache } from './security-headers';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's public answers may be replayed for a second (public-replay.ts). */
    replayable?: boolean;
  }
}

/** How long a kept answer is replayed. */
export const REPLAY_MS = 1000;
/** The most answers kept (the oldest go first). */
const REPLAY_MAX = 10_000;

/** Headers Node writes for each answer itself. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The longest request key kept (the URL and the headers in it): longer ones go to the route. */
const MAX_KEY_LENGTH = 4096;

interface Kept {
  /** The route's pattern, for the request metrics. */
  route: string;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  at: number;
  /** Lets the body's memory go (hot-files.ts counts it while this answer is kept). */
  release: () => void;
}

export interface PublicReplay {
  /**
   * Answers a GET or HEAD from an answer kept under a second ago for the same request; false
   * (nothing written) when there is none, and the app answers as usual.
   */
  answer(request: IncomingMessage, response: ServerResponse): boolean;
  /** The onSend hook that keeps a replayable route's public answer. */
  keep(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
  /** Drops every kept answer and keeps no more (the app is closing: Fastify answers the rest). */
  close(): void;
}

/**
 * The app's answers that say anyone may have them (Cache-Control `public`, no Set-Cookie, no Vary,
 * not a download), from routes that allow it (`config.replayable`: the public media files),
 * replayed for `ttlMs` to the same request before any routing, as a shared cache in front of the
 * app would do with them for far longer (decision 0053). Riders fetch the same segment by the
 * hundred within seconds; each one kept is then a lookup and a write instead of the route's work.
 *
 * The same request: the method (HEAD is answered from a kept GET), the URL as sent, the Host, and
 * what decides the protocol and host the app sees (TLS, X-Forwarded-Proto and -Host, and the peer
 * when only listed proxies are trusted), so an answer that carries HSTS is only replayed where the
 * app would send it. A request with Range or a validator goes to the route. Only whole 200
 * answers with a body in memory (a kept file's Buffer, counted by `hold` while kept and while
 * being sent) are kept, at most `maxEntries`, and only those of the last `ttlMs` stay held.
 */
export function publicReplay({
  metrics,
  keyByPeer,
  hold,
  ttlMs = REPLAY_MS,
  maxEntries = REPLAY_MAX,
  now = () => performance.now(),
}: {
  metrics: Pick<Metrics, 'request'>;
  /** TRUST_PROXY lists addresses: whether forwarded headers count depends on the peer. */
  keyByPeer: boolean;
  /** Counts a body's memory as in use until the returned release; null: not counted, not kept. */
  hold: (body: Buffer) => (() => void) | null;
  ttlMs?: number;
  maxEntries?: number;
  /** A monotonic clock by default (a test moves its own). */
  now?: () => number;
}): PublicReplay {
  const kept = new Map<string, Kept>();
  let closed = false;

  function keyOf(request: IncomingMessage): string {
    const { headers } = request;
    const tls = (request.socket as TLSSocket).encrypted ? 's' : '';
    const peer = keyByPeer ? (request.socket.remoteAddress ?? '') : '';
    return `${request.url}\n${headers.host ?? ''}\n${tls}\n${headers['x-forwarded-proto'] ?? ''}\n${headers['x-forwarded-host'] ?? ''}\n${peer}`;
  }

  function drop(key: string, entry: Kept) {
    kept.delete(key);
    entry.release();
  }

  /** Oldest first: answers past their second go (and the oldest beyond `room` entries). */
  function prune(at: number, room = maxEntries) {
    for (const [key, entry] of kept) {
      if (at - entry.at < ttlMs && kept.size <= room) break;
      drop(key, entry);
    }
  }

  return {
    answer(request, response) {
      if (kept.size === 0) return false;
      const at = now();
      prune(at);
      const method = request.method;
      if (method !== 'GET' && method !== 'HEAD') return false;
      const { headers } = request;
      if (
        headers.range !== undefined ||
        headers['if-range'] !== undefined ||
        headers['if-none-match'] !== undefined ||
        headers['if-modified-since'] !== undefined
      )
        return false;
      const entry = kept.get(keyOf(request));
      if (!entry || at - entry.at >= ttlMs) return false;
      const started = performance.now();
      response.writeHead(200, entry.headers);
      response.end(method === 'HEAD' ? undefined : entry.body);
      const seconds = () => (performance.now() - started) / 1000;
      if (response.writableLength === 0 && (response.socket?.writableLength ?? 0) === 0) {
        // All of it handed to the kernel already (the usual case): nothing of it held here.
        metrics.request(entry.route, method, 200, seconds());
      } else {
        // A client reading slowly: its socket still holds the body, counted until it closes.
        const release = hold(entry.body);
        response.once('close', () => {
          release?.();
          metrics.request(entry.route, method, 200, seconds());
        });
      }
      return true;
    },

    async keep(request, reply, payload) {
      if (
        closed ||
        !request.routeOptions.config.replayable ||
        request.method !== 'GET' ||
        reply.statusCode !== 200 ||
        !Buffer.isBuffer(payload)
      )
        return payload;
      const headers = reply.getHeaders();
      const key = keyOf(request.raw);
      if (
        !isPublicCache(headers['cache-control']) ||
        headers['set-cookie'] !== undefined ||
        headers.vary !== undefined ||
        headers['content-disposition'] !== undefined ||
        Number(headers['content-length']) !== payload.length ||
        key.length > MAX_KEY_LENGTH
      )
        return payload;
      // Only a body whose memory is counted (a kept file's) is kept.
      const release = hold(payload);
      if (!release) return payload;
      const answer: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(headers))
        if (value !== undefined && !PER_ANSWER.has(name)) answer[name] = value;
      const before = kept.get(key);
      if (before) drop(key, before);
      const at = now();
      prune(at, maxEntries - 1);
      kept.set(key, {
        route: request.routeOptions.url ?? '',
        headers: answer,
        body: payload,
        at,
        release,
      });
      return payload;
    },

    close() {
      closed = true;
      for (const [key, entry] of kept) drop(key, entry);
    },
  };
}
