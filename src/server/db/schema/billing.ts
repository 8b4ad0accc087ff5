import { index, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_changes_user_created_idx').on(t.userId, t.createdAt)],
);

export type PlanChangeRow = typeof planChanges.$inferSelect;
