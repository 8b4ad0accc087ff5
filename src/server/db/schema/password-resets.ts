import { index, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Password reset links: only the SHA-256 of each token is kept. A row is deleted when its link is
 * used; it is void once expired or once the user's password is no longer the one it was issued
 * against (`passwordFingerprint`, the SHA-256 of the stored password hash).
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordFingerprint: varchar('password_fingerprint', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('password_resets_user_idx').on(t.userId),
    index('password_resets_expires_idx').on(t.expiresAt),
  ],
);

export type PasswordResetRow = typeof passwordResets.$inferSelect;
