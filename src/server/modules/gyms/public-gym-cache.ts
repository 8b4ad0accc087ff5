import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../db/client';

/**
 * The public gym answers kept in process (decision 0028). An entry is one lookup (a slug, a custom
 * domain), tied to the owner it answers with (null: no gym). The services that change what an
 * answer is made of (a class, branding, slug, domain, plan) call `invalidate(ownerId)` after their
 * write is committed; on PostgreSQL the invalidation reaches every process through LISTEN/NOTIFY.
 *
 * Correctness rules:
 * - an answer built while an invalidation of its owner happened is handed out but never kept (each
 *   invalidation takes the next number of a counter, remembered per owner), so a read racing a
 *   write cannot keep the old data, and one owner's stream of changes never stops the others'
 *   answers being kept;
 * - answers about no gym, and redirects, go at every invalidation (a slug or domain given up by one
 *   owner may be another's now);
 * - while the listener is not connected (PostgreSQL), nothing is kept: every answer is built;
 * - no answer is kept longer than `maxAgeMs` (a minute, the page's own max-age): a notification
 *   lost on a half-open connection or a failed NOTIFY costs at most that much staleness.
 */

/** What a lookup answered, and the owner it is made of (null: no gym, nothing to tie it to). */
export interface Built<T> {
  ownerId: string | null;
  value: T;
  /** Kept only for lookups that name a gym (a redirect or a miss is dropped at any invalidation). */
  gym: boolean;
}

interface Entry {
  ownerId: string | null;
  gym: boolean;
  /** The signed-link bucket the answer was built in: an answer from another bucket is rebuilt. */
  bucket: number;
  /** When it was built (`now()`), for the age bound. */
  builtAt: number;
  value: unknown;
}

export interface PublicGymCache {
  /** The kept answer for `key` in this bucket, else built (concurrent misses share one build). */
  get<T>(key: string, bucket: number, build: () => Promise<Built<T>>): Promise<T>;
  /** Drops what is kept for this owner (and every miss and redirect), in every process. */
  invalidate(ownerId: string): Promise<void>;
  close(): Promise<void>;
}

/** The NOTIFY channel; the payload is `{process}:{sequence}:{ownerId}`. */
export const PUBLIC_GYM_CHANNEL = 'public_gym_changed';
/** Bounded: lookups of unknown slugs and domains cannot grow the process without end. */
export const MAX_ENTRIES = 10_000;
/** How long a write waits to see its own notification come back (then carries on). */
const ECHO_WAIT_MS = 2_000;
const RECONNECT_MS = 1_000;
/** The longest an answer is kept, whatever the notifications did. */
export const MAX_AGE_MS = 60_000;

export interface CacheOptions {
  database: Pick<Database, 'kind' | 'pool'>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  now?: () => number;
}

export async function publicGymCache({
  database,
  log,
  now = Date.now,
}: CacheOptions): Promise<PublicGymCache> {
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<unknown>>();
  /** Numbers every invalidation; a build remembers the number it started under. */
  let generation = 0;
  /** The generation of each owner's last invalidation (bounded: see `drop`). */
  const ownerDropped = new Map<string, number>();
  /** Builds started before this are never kept (every owner dropped at once). */
  let everyoneDropped = 0;

  function drop(ownerId: string | null): void {
    generation += 1;
    building.clear();
    if (ownerId === null || ownerDropped.size >= MAX_ENTRIES) {
      ownerDropped.clear();
      everyoneDropped = generation;
    }
    if (ownerId !== null) ownerDropped.set(ownerId, generation);
    for (const [key, entry] of entries) {
      if (ownerId === null || !entry.gym || entry.ownerId === ownerId) entries.delete(key);
    }
  }

  /** Whether an answer built from `started` on is still current: no invalidation it depends on since. */
  function current(built: Built<unknown>, started: number): boolean {
    if (everyoneDropped > started) return false;
    // A miss or a redirect goes at any invalidation.
    if (!built.gym || built.ownerId === null) return generation === started;
    return (ownerDropped.get(built.ownerId) ?? 0) <= started;
  }

  const bus = database.kind === 'postgres' && database.pool ? await listen(database.pool) : null;

  /** PostgreSQL: one dedicated connection LISTENs; each process's own notifications come back too. */
  async function listen(pool: pg.Pool) {
    const me = randomUUID();
    let sequence = 0;
    let client: pg.Client | null = null;
    let closed = false;
    const echoes = new Map<string, () => void>();

    async function connect(): Promise<void> {
      // Keep-alive: a half-open connection (an idle NAT drop, a failover) ends instead of going quiet.
      const next = new pg.Client({ ...pool.options, keepAlive: true });
      next.on('notification', ({ payload = '' }) => {
        const [from, seq, ownerId] = payload.split(':');
        if (!ownerId) return;
        drop(ownerId);
        if (from === me) echoes.get(seq ?? '')?.();
      });
      next.on('error', (err) => lost(next, err));
      next.on('end', () => lost(next, null));
      await next.connect();
      await next.query(`LISTEN ${PUBLIC_GYM_CHANNEL}`);
      client = next;
      // Anything may have changed while no one listened.
      drop(null);
    }

    function lost(which: pg.Client, err: Error | null): void {
      if (client !== which) return;
      client = null;
      drop(null);
      if (closed) return;
      log.warn({ err }, 'public gym cache: listener lost, answers are built until it is back');
      which.end().catch(() => undefined);
      retry();
    }

    function retry(): void {
      setTimeout(() => {
        if (!closed) connect().catch(retry);
      }, RECONNECT_MS).unref();
    }

    await connect();
    return {
      listening: () => client !== null,
      async notify(ownerId: string): Promise<void> {
        const seq = String((sequence += 1));
        const echoed = new Promise<void>((resolve) => {
          echoes.set(seq, resolve);
          setTimeout(resolve, ECHO_WAIT_MS).unref();
        });
        try {
          await pool.query('select pg_notify($1, $2)', [
            PUBLIC_GYM_CHANNEL,
            `${me}:${seq}:${ownerId}`,
          ]);
          // Once our own listener has it, PostgreSQL has sent it to every listener.
          if (client) await echoed;
        } finally {
          echoes.delete(seq);
        }
      },
      async close(): Promise<void> {
        closed = true;
        const current = client;
        client = null;
        await current?.end();
      },
    };
  }

  return {
    async get<T>(key: string, bucket: number, build: () => Promise<Built<T>>): Promise<T> {
      const kept = entries.get(key);
      if (kept && kept.bucket === bucket && now() - kept.builtAt < MAX_AGE_MS) {
        return kept.value as T;
      }
      const pending = building.get(key);
      if (pending) return pending as Promise<T>;
      const started = generation;
      const builtAt = now();
      const promise = build().then((built) => {
        if (current(built, started) && (!bus || bus.listening())) {
          if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
          entries.set(key, { ...built, bucket, builtAt });
        }
        return built.value;
      });
      building.set(key, promise);
      try {
        return await promise;
      } finally {
        if (building.get(key) === promise) building.delete(key);
      }
    },

    async invalidate(ownerId: string): Promise<void> {
      drop(ownerId);
      // The write is committed whatever happens here: a lost notification is logged, not thrown.
      await bus?.notify(ownerId).catch((err: unknown) => {
        log.error({ err, ownerId }, 'public gym cache: notification not sent');
      });
    },

    async close(): Promise<void> {
      await bus?.close();
    },
  };
}
