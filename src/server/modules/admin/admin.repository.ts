import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AdminVideosQuery } from '@shared/admin.contract';
import { VIDEO_STATUSES, type VideoStatus } from '@shared/videos.contract';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { videoEvents, videos, type VideoEventRow, type VideoRow } from '../../db/schema/videos';

export interface AdminVideoRow {
  video: VideoRow;
  owner: { id: string; companyName: string | null; email: string };
}

export interface AdminEventRow {
  event: VideoEventRow;
  actorEmail: string | null;
}

/** How many audit entries a video shows (newest first). */
export const EVENTS_LIMIT = 200;

/** A LIKE pattern that matches `text` literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const owner = { id: users.id, companyName: users.companyName, email: users.email };

/**
 * What the admin area reads across every owner. Status changes do not live here: they go through
 * the media repository's `transition` (status check under a row lock and the audit row, in one
 * transaction), the same one the jobs use.
 */
export function adminRepository(db: Db) {
  /** The owner and search filters (the status filter is added separately, see `list`). */
  function scope(query: AdminVideosQuery): SQL[] {
    const where: SQL[] = [];
    if (query.ownerId) where.push(eq(videos.userId, query.ownerId));
    if (query.q) {
      const pattern = containsPattern(query.q);
      where.push(
        or(
          ilike(videos.title, pattern),
          ilike(videos.originalFileName, pattern),
          ilike(users.companyName, pattern),
        )!,
      );
    }
    return where;
  }

  return {
    /**
     * One page, newest first (uploadedAt, then id, so pages never overlap), and the per-status
     * counts under the owner and search filters (the total comes from them).
     */
    async list(query: AdminVideosQuery) {
      const base = scope(query);
      const where = query.status ? [...base, eq(videos.processingStatus, query.status)] : base;
      const rows = await db
        .select({ video: videos, owner })
        .from(videos)
        .innerJoin(users, eq(users.id, videos.userId))
        .where(and(...where))
        .orderBy(desc(videos.uploadedAt), desc(videos.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);

      const countQuery = db
        .select({ status: videos.processingStatus, n: count() })
        .from(videos)
        .$dynamic();
      // The owners table only joins in when the search needs the company name.
      const grouped = await (
        query.q ? countQuery.innerJoin(users, eq(users.id, videos.userId)) : countQuery
      )
        .where(and(...base))
        .groupBy(videos.processingStatus);
      const counts = Object.fromEntries(VIDEO_STATUSES.map((s) => [s, 0])) as Record<
        VideoStatus,
        number
      >;
      for (const { status, n } of grouped) {
        if (status in counts) counts[status as VideoStatus] = Number(n);
      }
      const total = query.status
        ? counts[query.status]
        : Object.values(counts).reduce((a, b) => a + b, 0);
      return { rows: rows as AdminVideoRow[], counts, total };
    },

    async find(videoId: string): Promise<AdminVideoRow | undefined> {
      const [row] = await db
        .select({ video: videos, owner })
        .from(videos)
        .innerJoin(users, eq(users.id, videos.userId))
        .where(eq(videos.id, videoId))
        .limit(1);
      return row;
    },

    async events(videoId: string): Promise<AdminEventRow[]> {
      return db
        .select({ event: videoEvents, actorEmail: users.email })
        .from(videoEvents)
        .leftJoin(users, eq(users.id, videoEvents.actorId))
        .where(eq(videoEvents.videoId, videoId))
        .orderBy(desc(videoEvents.createdAt), desc(videoEvents.id))
        .limit(EVENTS_LIMIT);
    },
  };
}

export type AdminRepository = ReturnType<typeof adminRepository>;
