import { and, eq, gt, inArray, lt, lte, ne, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads, type UploadRow } from '../../db/schema/uploads';

export type UploadStatus = 'pending' | 'receiving' | 'complete' | 'attached' | 'failed';
export type UploadVia = 'put' | 'tus';

/** An owner's unfinished uploads: how many, how many resumable (videos), and the bytes they reserve. */
export interface Outstanding {
  count: number;
  tus: number;
  bytes: number;
}

export interface OutstandingScope {
  now: Date;
  /** Rows created before this are swept (and no longer count). */
  createdAfter: Date;
  /** What an upload of unknown size (a PUT not finished) reserves. */
  unknownSize: number;
  /** True when an expired, unused PUT URL left nothing behind (local disk); on S3 it may have. */
  expiredPutsAreEmpty: boolean;
}

export function uploadsRepository(db: Db) {
  return {
    /**
     * Inserts an upload row unless `admit` (shown the owner's unfinished uploads) throws. Per-owner
     * lock: two requests at once cannot both take the last place.
     */
    async createAdmitted(
      values: {
        userId: string;
        key: string;
        via: UploadVia;
        size?: number;
        createdAt: Date;
        expiresAt: Date;
      },
      scope: OutstandingScope,
      admit: (outstanding: Outstanding) => void,
    ): Promise<UploadRow> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`uploads:${values.userId}`}))`,
        );
        const unknown = sql`${scope.unknownSize}::bigint`;
        const [row] = await tx
          .select({
            count: sql<number>`count(*)::int`,
            tus: sql<number>`(count(*) filter (where ${uploads.via} = 'tus'))::int`,
            bytes: sql<string>`coalesce(sum(case when ${uploads.status} = 'complete' or ${uploads.via} = 'tus' then coalesce(${uploads.size}, ${unknown}) else ${unknown} end), 0)`,
          })
          .from(uploads)
          .where(
            and(
              eq(uploads.userId, values.userId),
              inArray(uploads.status, ['pending', 'receiving', 'complete']),
              gt(uploads.createdAt, scope.createdAfter),
              scope.expiredPutsAreEmpty
                ? not(
                    and(
                      eq(uploads.via, 'put'),
                      eq(uploads.status, 'pending'),
                      lte(uploads.expiresAt, scope.now),
                    )!,
                  )
                : undefined,
            ),
          );
        admit({ count: row?.count ?? 0, tus: row?.tus ?? 0, bytes: Number(row?.bytes ?? 0) });
        const [created] = await tx.insert(uploads).values(values).returning();
        return created!;
      });
    },

    async findByKey(key: string): Promise<UploadRow | undefined> {
      const [row] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
      return row;
    },

    async findOwned(userId: string, key: string): Promise<UploadRow | undefined> {
      const [row] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.userId, userId), eq(uploads.key, key)))
        .limit(1);
      return row;
    },

    /** Claims a pending, unexpired PUT upload for one request; undefined when used or expired. */
    async claimForPut(key: string, now: Date): Promise<UploadRow | undefined> {
      const [row] = await db
        .update(uploads)
        .set({ status: 'receiving' })
        .where(
          and(
            eq(uploads.key, key),
            eq(uploads.via, 'put'),
            eq(uploads.status, 'pending'),
            gt(uploads.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    async markComplete(
      key: string,
      values: { size: number; contentType?: string | null; at: Date },
    ) {
      await db
        .update(uploads)
        .set({
          status: 'complete',
          size: values.size,
          contentType: values.contentType ?? null,
          completedAt: values.at,
        })
        .where(and(eq(uploads.key, key), ne(uploads.status, 'attached')));
    },

    /** Marks an upload failed unless a video or logo already uses it. */
    async markFailed(key: string): Promise<void> {
      await db
        .update(uploads)
        .set({ status: 'failed' })
        .where(and(eq(uploads.key, key), ne(uploads.status, 'attached')));
    },

    /** Marks an upload failed when it still has one of these statuses: false when it moved on. */
    async failFrom(key: string, from: UploadStatus[]): Promise<boolean> {
      const rows = await db
        .update(uploads)
        .set({ status: 'failed' })
        .where(and(eq(uploads.key, key), inArray(uploads.status, from)))
        .returning({ id: uploads.id });
      return rows.length === 1;
    },

    /**
     * Marks this owner's upload as used by a video or logo, once: false when it is not theirs, not
     * finished (`from` lists the statuses that count as finished) or already attached.
     */
    async attach(
      userId: string,
      key: string,
      from: UploadStatus[],
      values: { size: number; contentType: string },
    ) {
      const rows = await db
        .update(uploads)
        .set({ status: 'attached', size: values.size, contentType: values.contentType })
        .where(and(eq(uploads.userId, userId), eq(uploads.key, key), inArray(uploads.status, from)))
        .returning({ id: uploads.id });
      return rows.length === 1;
    },

    /** Uploads never attached to a video, created before the cutoff. */
    async listUnattachedBefore(cutoff: Date, limit = 500): Promise<UploadRow[]> {
      return db
        .select()
        .from(uploads)
        .where(and(ne(uploads.status, 'attached'), lt(uploads.createdAt, cutoff)))
        .limit(limit);
    },

    async deleteByKeys(keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      await db.delete(uploads).where(inArray(uploads.key, keys));
    },
  };
}

export type UploadsRepository = ReturnType<typeof uploadsRepository>;
