import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, type Db, type Queue } from 'pg-boss';
import type { Database } from '../db/client';
import { QUEUE_SCHEMA } from './queue-upgrade';
import { executorFor } from './sql-executor';

/**
 * A pg-boss queue on the app's database (beside the media jobs' schema) that starts on first use:
 * a process that never sends to it never starts it. The mail and webhook queues are made this way.
 */
export function lazyQueue({
  database,
  log,
  name,
  options,
  schedule = false,
}: {
  database: Database;
  log: FastifyBaseLogger;
  name: string;
  options: Omit<Queue, 'name'>;
  /** This process keeps the schedules' clock (pg-boss `schedule`). */
  schedule?: boolean;
}) {
  const boss = new PgBoss({
    db: executorFor(database) as Db,
    schema: QUEUE_SCHEMA,
    schedule,
    supervise: true,
    migrate: true,
  });
  boss.on('error', (err) => log.error({ err }, `${name} queue error`));
  let started: Promise<void> | undefined;
  const start = () =>
    (started ??= (async () => {
      await boss.start();
      await boss.createQueue(name, options);
    })());
  /** Stops the queue if it started (a job being worked goes back to it); the pool stays open. */
  const stop = async () => {
    if (!started) return;
    await started.catch(() => {});
    await boss.stop({ graceful: true, close: false, timeout: 10_000 });
  };
  return { boss, start, stop };
}

/** A job id from a key (pg-boss ids are UUIDs): the same key, the same job, so sending is idempotent. */
export function jobIdFor(queue: string, key: string): string {
  const h = createHash('sha256').update(`cadence ${queue} ${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
