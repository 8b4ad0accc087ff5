import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiIdempotencyKeys } from '../../db/schema/api-keys';

export type IdempotencyRow = typeof apiIdempotencyKeys.$inferSelect;

export function idempotencyRepository(db: Db) {
  const t = apiIdempotencyKeys;
  return {
    /**
     * Claims a key for a new request: a row of its own, or one left by a request that never
     * finished (created before `staleBefore`) or that expired (before `expiredBefore`). Otherwise
     * answers the row that holds it.
     */
    async claim(
      row: Pick<IdempotencyRow, 'apiKeyId' | 'key' | 'fingerprint'>,
      at: Date,
      staleBefore: Date,
      expiredBefore: Date,
    ): Promise<{ claimed: true } | { claimed: false; row: IdempotencyRow }> {
      const [taken] = await db
        .insert(t)
        .values({ ...row, createdAt: at })
        .onConflictDoUpdate({
          target: [t.apiKeyId, t.key],
          set: {
            fingerprint: row.fingerprint,
            status: null,
            body: null,
            contentType: null,
            createdAt: at,
          },
          setWhere: sql`(${t.status} is null and ${t.createdAt} < ${staleBefore}) or ${t.createdAt} < ${expiredBefore}`,
        })
        .returning({ key: t.key });
      if (taken) return { claimed: true };
      const [held] = await db
        .select()
        .from(t)
        .where(and(eq(t.apiKeyId, row.apiKeyId), eq(t.key, row.key)));
      // Released between the two statements: take it now.
      if (!held) return this.claim(row, at, staleBefore, expiredBefore);
      return { claimed: false, row: held };
    },

    async complete(
      apiKeyId: string,
      key: string,
      answer: { status: number; body: string; contentType: string | null },
    ): Promise<void> {
      await db
        .update(t)
        .set(answer)
        .where(and(eq(t.apiKeyId, apiKeyId), eq(t.key, key)));
    },

    async release(apiKeyId: string, key: string): Promise<void> {
      await db.delete(t).where(and(eq(t.apiKeyId, apiKeyId), eq(t.key, key)));
    },

    async sweep(before: Date): Promise<number> {
      const gone = await db.delete(t).where(lt(t.createdAt, before)).returning({ key: t.key });
      return gone.length;
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof idempotencyRepository>;
