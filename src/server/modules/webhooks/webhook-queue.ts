import type { FastifyBaseLogger } from 'fastify';
import type { Job } from 'pg-boss';
import type { Database } from '../../db/client';
import { jobIdFor, lazyQueue } from '../../jobs/lazy-queue';

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
  const {
    boss,
    start,
    stop: stopQueue,
  } = lazyQueue({
    database,
    log,
    name: QUEUE,
    options: {
      // A lost attempt (a worker that died) is found again by the service's sweep.
      retryLimit: 0,
      // Longer than an attempt's timeout.
      expireInSeconds: 2 * 60,
      deleteAfterSeconds: 24 * 60 * 60,
    },
  });
  let working = false;

  return {
    async enqueue(job, delaySeconds) {
      await start();
      await boss.send(QUEUE, job, {
        id: jobIdFor('webhook', `${job.deliveryId} ${job.attempt}`),
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
      await stopQueue();
    },
  };
}
