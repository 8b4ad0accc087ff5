import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * An owner's API keys (issue #19): the secret is shown once and kept only as its SHA-256 (a key is
 * 32 random bytes, so a fast hash is enough and a lookup is one index probe). `scope` 'read' reads;
 * 'write' reads and writes. A revoked key stays listed (revoked_at) and never authenticates again.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    scope: varchar('scope', { length: 8 }).notNull(),
    /** The secret's last four characters, so the owner can tell keys apart. */
    lastFour: varchar('last_four', { length: 4 }).notNull(),
    /** sha256 hex of the whole secret (prefix included). */
    secretHash: varchar('secret_hash', { length: 64 }).notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key, so a busy key costs no write per request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The answers of POSTs sent with an Idempotency-Key, per API key, for a day: the same key and body
 * replay the answer; the same key with another body is refused. `status` null: the first request
 * is still running (a second one waits for it to finish, or is told so).
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 255 }).notNull(),
    /** sha256 hex of the method, path and body. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    status: integer('status'),
    /** The answer's body as sent (JSON text), and its content type. */
    body: text('body'),
    contentType: varchar('content_type', { length: 100 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.key] }),
    index('api_idempotency_keys_created_idx').on(t.createdAt),
  ],
);
