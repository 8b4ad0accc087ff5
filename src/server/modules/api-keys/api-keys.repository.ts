import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema/api-keys';
import { users, type UserRow } from '../../db/schema/users';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKey = Pick<ApiKeyRow, 'userId' | 'name' | 'scope' | 'lastFour' | 'secretHash'>;

export function apiKeysRepository(db: Db) {
  return {
    listByOwner: (userId: string) =>
      db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.userId, userId))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)),

    /**
     * Adds a key unless the owner already holds `limit` live ones; the owner's row is locked so two
     * requests at once cannot both pass the count.
     */
    async createWithin(key: NewApiKey, limit: number): Promise<ApiKeyRow | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, key.userId)).for('update');
        const [held] = await tx
          .select({ n: count() })
          .from(apiKeys)
          .where(and(eq(apiKeys.userId, key.userId), isNull(apiKeys.revokedAt)));
        if ((held?.n ?? 0) >= limit) return null;
        const [row] = await tx.insert(apiKeys).values(key).returning();
        return row ?? null;
      });
    },

    /** Revokes the owner's key (once: a second revoke keeps the first time); null when not theirs. */
    async revoke(userId: string, id: string, at: Date): Promise<ApiKeyRow | null> {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${at})` })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
        .returning();
      return row ?? null;
    },

    /** A live key by its secret's hash, with its owner. */
    async findLive(secretHash: string): Promise<{ key: ApiKeyRow; user: UserRow } | null> {
      const [row] = await db
        .select({ key: apiKeys, user: users })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(and(eq(apiKeys.secretHash, secretHash), isNull(apiKeys.revokedAt)))
        .limit(1);
      return row ?? null;
    },

    /** Records a use, at most once per `every` ms per key (a busy key costs no write per request). */
    async touch(id: string, at: Date, everyMs: number): Promise<void> {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: at })
        .where(
          and(
            eq(apiKeys.id, id),
            or(
              isNull(apiKeys.lastUsedAt),
              lt(apiKeys.lastUsedAt, new Date(at.getTime() - everyMs)),
            ),
          ),
        );
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof apiKeysRepository>;
