import { index, json, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

export interface SessionData {
  userId: string;
  createdAt: string;
}

export const sessions = pgTable(
  'session',
  {
    sid: varchar('sid', { length: 64 }).primaryKey(),
    sess: json('sess').$type<SessionData>().notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
  },
  (t) => [index('session_expire_idx').on(t.expire)],
);
