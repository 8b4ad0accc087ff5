import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * An owner's webhook endpoints (issue #19): where events are sent, which events, and the signing
 * secret (Standard Webhooks' `whsec_…`, shown once; kept because every delivery is signed with it).
 * `disabled_at` is set after repeated failure (the owner re-enables it) or by the owner.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: varchar('description', { length: 200 }),
    /** The event types sent here (class.ready, class.failed, class.deleted, analytics.summary). */
    events: jsonb('events').$type<string[]>().notNull(),
    secret: varchar('secret', { length: 100 }).notNull(),
    /** Deliveries given up in a row since the last success (the endpoint is disabled at a limit). */
    failureStreak: integer('failure_streak').notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One event sent to one endpoint, with its attempts so far: the delivery log the owner reads.
 * `id` is the Standard Webhooks message id (the `webhook-id` header, `msg_` + the uuid's hex), the
 * same on every retry so a receiver can drop duplicates.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: varchar('event_type', { length: 40 }).notNull(),
    /** The JSON body sent, exactly as signed. */
    payload: text('payload').notNull(),
    /** 'pending' (an attempt is due), 'succeeded' or 'failed' (given up). */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** The last attempt: the receiver's status (null: no answer), how long it took, what went wrong. */
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
