import { pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The scheduled emails already sent: one row per owner, kind and period (the local date of the
 * digest's day, or of the report week's Monday). A row is written before its email is queued, in
 * one INSERT … ON CONFLICT DO NOTHING, so two schedulers (or a tick run twice) send it once.
 */
export const notificationSends = pgTable(
  'notification_sends',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'activity-digest' or 'weekly-report'. */
    kind: varchar('kind', { length: 32 }).notNull(),
    /** YYYY-MM-DD in the owner's time zone. */
    period: varchar('period', { length: 10 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.period] })],
);
