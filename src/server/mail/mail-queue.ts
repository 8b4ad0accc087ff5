import type { FastifyBaseLogger } from 'fastify';
import type { JobWithMetadata } from 'pg-boss';
import type { Database } from '../db/client';
import { jobIdFor, lazyQueue } from '../jobs/lazy-queue';
import type { Mailer } from './mailer';
import { renderMail, type MailPayload } from './render';

const QUEUE = 'mail';

export interface MailQueueSettings {
  /** Retries after the first attempt. */
  retryLimit: number;
  /** Seconds before the first retry; doubled each time (with jitter), up to `retryDelayMax`. */
  retryDelay: number;
  retryDelayMax: number;
  /** How often the worker asks for mail to send. */
  pollingIntervalSeconds: number;
}

/**
 * 12 retries from 30 s, doubling up to an hour apart: a message waits out an SMTP outage of about
 * half a day before it is given up.
 */
export const DEFAULT_MAIL_SETTINGS: MailQueueSettings = {
  retryLimit: 12,
  retryDelay: 30,
  retryDelayMax: 60 * 60,
  pollingIntervalSeconds: 2,
};

/**
 * Mail a request asks for without deciding it: the worker looks up what it needs (an account, a
 * token) away from the request, so the request does the same work whatever the answer.
 */
export type MailRequest = { kind: 'password-reset'; email: string; origin: string };

/** Turns a request into the message to send, or into none. Runs in the mail worker. */
export type MailRequestHandler = (request: MailRequest) => Promise<MailPayload | null>;

/** What requests call: the message is queued, never sent while the request waits. */
export interface MailOutbox {
  /**
   * `key` makes queueing idempotent: a message with a key already queued (its job kept until an
   * hour after it is sent) is not queued again.
   */
  enqueue(payload: MailPayload, options?: { key?: string }): Promise<void>;
  /** Queues a request for the worker to turn into a message (or none). */
  request(request: MailRequest): Promise<void>;
}

export interface MailQueue extends MailOutbox {
  /** Who turns requests into messages (set once, before the worker starts). */
  handleRequests(handler: MailRequestHandler): void;
  /** Starts sending queued mail from this process. */
  startWorker(): Promise<void>;
  /**
   * Runs `run` on a cron schedule (UTC), from this process: once per beat across every process
   * that schedules it (a pg-boss schedule; the beat's job runs once).
   */
  schedule(name: string, cron: string, run: () => Promise<void>): Promise<void>;
  /** Stops the worker (a message being sent goes back to the queue) and the queue. */
  stop(): Promise<void>;
}

export interface MailQueueOptions {
  database: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  settings?: Partial<MailQueueSettings>;
  /** This process keeps the schedules' clock (the one that sends mail). */
  scheduler?: boolean;
}

/**
 * The messages whose link is a live credential (it signs in, proves or moves an address). Their job
 * is deleted once done with, sent or given up: the link is in the table only while it waits.
 */
const CARRIES_A_CREDENTIAL: ReadonlySet<MailPayload['template']> = new Set([
  'password-reset',
  'verify-email',
  'email-change-confirm',
]);

/**
 * The `mail` queue on the app's database (pg-boss, like the media jobs) and its worker. The queue
 * starts on first use (a process that never sends mail never starts it).
 */
export function createMailQueue({
  database,
  mailer,
  log,
  settings: overrides,
  scheduler = false,
}: MailQueueOptions): MailQueue {
  const settings = { ...DEFAULT_MAIL_SETTINGS, ...overrides };
  const {
    boss,
    start,
    stop: stopQueue,
  } = lazyQueue({
    database,
    log,
    name: QUEUE,
    schedule: scheduler,
    options: {
      retryLimit: settings.retryLimit,
      retryDelay: settings.retryDelay,
      retryDelayMax: settings.retryDelayMax,
      retryBackoff: true,
      expireInSeconds: 5 * 60,
      // Kept an hour after it is sent (the window of `enqueue`'s key); a job with a live link goes
      // at once (CARRIES_A_CREDENTIAL).
      deleteAfterSeconds: 60 * 60,
    },
  });
  let working = false;
  let handleRequest: MailRequestHandler | undefined;

  /** A request's message goes into the queue as a job of its own: a failed send never redoes it. */
  const prepare = async (job: JobWithMetadata<MailRequest>) => {
    if (!handleRequest) throw new Error('no handler for mail requests');
    const payload = await handleRequest(job.data);
    if (payload) await boss.send(QUEUE, payload);
    log.info({ jobId: job.id, request: job.data.kind, queued: Boolean(payload) }, 'mail request');
  };

  const send = async (job: JobWithMetadata<MailPayload>) => {
    const credential = CARRIES_A_CREDENTIAL.has(job.data.template);
    try {
      await mailer.send(renderMail(job.data));
    } catch (err) {
      const lastAttempt = job.retryCount >= job.retryLimit;
      log[lastAttempt ? 'error' : 'warn'](
        { err, jobId: job.id, template: job.data.template, attempt: job.retryCount + 1 },
        lastAttempt ? 'email given up after its last attempt' : 'email not sent, will retry',
      );
      // Given up: the log line above is the record; the link leaves the table.
      if (lastAttempt && credential) {
        await boss.deleteJob(QUEUE, job.id);
        return;
      }
      throw err;
    }
    log.info({ jobId: job.id, template: job.data.template }, 'email sent');
    if (credential) await boss.deleteJob(QUEUE, job.id);
  };

  return {
    async enqueue(payload, options = {}) {
      await start();
      await boss.send(QUEUE, payload, options.key ? { id: jobIdFor(QUEUE, options.key) } : {});
    },
    async schedule(name, cron, run) {
      await start();
      await boss.createQueue(name, { retryLimit: 0, expireInSeconds: 15 * 60 });
      await boss.schedule(name, cron, null, { tz: 'UTC' });
      await boss.work(
        name,
        { pollingIntervalSeconds: settings.pollingIntervalSeconds },
        async () => {
          await run();
        },
      );
    },
    async request(request) {
      await start();
      await boss.send(QUEUE, request);
    },
    handleRequests(handler) {
      handleRequest = handler;
    },
    async startWorker() {
      if (working) return;
      working = true;
      await start();
      await boss.work(
        QUEUE,
        {
          batchSize: 1,
          includeMetadata: true,
          pollingIntervalSeconds: settings.pollingIntervalSeconds,
        },
        async ([job]: JobWithMetadata<MailPayload | MailRequest>[]) => {
          if (!job) return;
          if ('kind' in job.data) await prepare(job as JobWithMetadata<MailRequest>);
          else await send(job as JobWithMetadata<MailPayload>);
        },
      );
    },
    async stop() {
      await stopQueue();
      mailer.close();
    },
  };
}
