import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, type Db, type Job } from 'pg-boss';
import type { Database } from '../../db/client';
import { QUEUE_SCHEMA } from '../../jobs/queue-upgrade';
import { executorFor } from '../../jobs/sql-executor';

const QUEUE = 'webhook-delivery';

/** One attempt of one delivery. */
export interface DeliveryJob {
  deliveryId: string;
  /** 1 for the first attempt. */
  attempt: number;
}

export interface WebhookQueueSettings {
  /** How often the worker asks for due attempts (pg-boss: at least 0.5 s). */
  pollingIntervalSeconds: number;
  /** Attempts one process makes at once (a slow receiver does not hold the others up). */
  concurrency: number;
}

export const DEFAULT_WEBHOOK_QUEUE_SETTINGS: WebhookQueueSettings = {
  pollingIntervalSeconds: 2,
  concurrency: 4,
};

export interface WebhookQueue {
  /**
   * Queues attempt `attempt` of a delivery, due in `delaySeconds`. Idempotent: the same delivery's
   * same attempt is queued once (its job id is derived from both).
   */
  enqueue(job: DeliveryJob, delaySeconds: number): Promise<void>;
  /** Runs due attempts in this process. */
  startWorker(run: (job: DeliveryJob) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** A pg-boss job id (a uuid) from the delivery and attempt. */
function jobIdFor({ deliveryId, attempt }: DeliveryJob): string {
  const h = createHash('sha256').update(`cadence webhook ${deliveryId} ${attempt}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The `webhook-delivery` queue on the app's database (pg-boss, beside mail and media): a job per
 * attempt, scheduled by the webhooks service with its own backoff (pg-boss's retries are not used:
 * the schedule is the service's, and each attempt is written on the delivery row). The queue starts
 * on first use; the worker runs in the process that sends mail (npm start).
 */
export function createWebhookQueue({
  database,
  log,
  settings: overrides,
}: {
  database: Database;
  log: FastifyBaseLogger;
  settings?: Partial<WebhookQueueSettings>;
}): WebhookQueue {
  const settings = { ...DEFAULT_WEBHOOK_QUEUE_SETTINGS, ...overrides };
  const boss = new PgBoss({
    db: executorFor(database) as Db,
    schema: QUEUE_SCHEMA,
    schedule: false,
    supervise: true,
    migrate: true,
  });
  boss.on('error', (err) => log.error({ err }, 'webhook queue error'));
  let started: Promise<void> | undefined;
  const start = () =>
    (started ??= (async () => {
      await boss.start();
      await boss.createQueue(QUEUE, {
        // A lost attempt (a worker that died) is found again by the service's sweep.
        retryLimit: 0,
        // Longer than an attempt's timeout.
        expireInSeconds: 2 * 60,
        deleteAfterSeconds: 24 * 60 * 60,
      });
    })());
  let working = false;

  return {
    async enqueue(job, delaySeconds) {
      await start();
      await boss.send(QUEUE, job, {
        id: jobIdFor(job),
        ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}),
      });
    },
    async startWorker(run) {
      if (working) return;
      working = true;
      await start();
      await boss.work(
        QUEUE,
        {
          batchSize: 1,
          localConcurrency: settings.concurrency,
          pollingIntervalSeconds: settings.pollingIntervalSeconds,
        },
        async ([job]: Job<DeliveryJob>[]) => {
          if (job) await run(job.data);
        },
      );
    },
    async stop() {
      if (started) {
        await started.catch(() => {});
        await boss.stop({ graceful: true, close: false, timeout: 10_000 });
      }
    },
  };
}
