import { index, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Links that prove an address (verification of a new account's address, confirmation of a new
 * one): only the SHA-256 of each token is kept, with the address it was sent to. A row is deleted
 * when its link is used; a link does something only while its address is still the account's
 * address (verify) or its pending one (change).
 */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('email_confirmations_user_idx').on(t.userId),
    index('email_confirmations_expires_idx').on(t.expiresAt),
  ],
);

export type EmailConfirmationRow = typeof emailConfirmations.$inferSelect;
