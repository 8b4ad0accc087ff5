import {
  boolean,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every plan change, as the billing provider recorded it. With the 'manual' provider (no payment
 * provider connected) a change is applied at once and nothing is charged: amount 0, no reference.
 */
export const planChanges = pgTable(
  'plan_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromPlan: varchar('from_plan', { length: 32 }).notNull(),
    toPlan: varchar('to_plan', { length: 32 }).notNull(),
    /** The BillingProvider adapter that handled it ('manual', later e.g. 'stripe'). */
    provider: varchar('provider', { length: 32 }).notNull(),
    /** What was charged, in cents; 0 with the manual provider. */
    amountCents: integer('amount_cents').notNull().default(0),
    /** The provider's id for the change (subscription, invoice), when there is one. */
    externalRef: varchar('external_ref', { length: 128 }),
    /**
     * Where the change came from: 'owner' (the Subscription page), 'checkout' (Stripe Checkout),
     * 'portal' (the Stripe Customer Portal), 'webhook' (Stripe on its own: dunning gave up, the
     * subscription ended), 'admin' (granted on the admin desk).
     */
    source: varchar('source', { length: 16 }).notNull().default('owner'),
    /** The admin who granted the plan (source 'admin'); null for every other source. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_changes_user_created_idx').on(t.userId, t.createdAt)],
);

export type PlanChangeRow = typeof planChanges.$inferSelect;

/**
 * The owner's account at the payment provider (Stripe): the customer, created once and kept, and
 * the subscription as the provider last reported it (webhooks are the source of truth).
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: varchar('customer_id', { length: 128 }).notNull(),
    subscriptionId: varchar('subscription_id', { length: 128 }),
    /** The provider's subscription status (active, past_due, unpaid, canceled, ...). */
    status: varchar('status', { length: 32 }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Set by a failed payment: the plan is kept until Stripe gives up; the banner names this date. */
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_accounts_customer_idx').on(t.customerId)],
);

export type BillingAccountRow = typeof billingAccounts.$inferSelect;

/** Every webhook event handled, by the provider's event id: a replayed event changes nothing. */
export const billingEvents = pgTable('billing_events', {
  eventId: varchar('event_id', { length: 128 }).primaryKey(),
  type: varchar('type', { length: 64 }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
