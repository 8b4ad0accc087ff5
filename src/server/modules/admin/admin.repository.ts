import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
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

/** Studios matching a search, listed by id; more than this and they are matched in SQL instead. */
const MAX_SEARCH_STUDIOS = 500;

const owner = { id: users.id, companyName: users.companyName, email: users.email };

/**
 * What the admin area reads across every owner. Status changes do not live here: they go through
 * the videos module's lifecycle (status check under a row lock and the audit row, in one
 * transaction), the same one the jobs use.
 */
export function adminRepository(db: Db) {
  /** The owner and search filters (the status filter is added separately, see `list`). */
  async function scope(query: AdminVideosQuery): Promise<SQL[]> {
    const where: SQL[] = [];
    if (query.ownerId) where.push(eq(videos.userId, query.ownerId));
    if (query.q) {
      const pattern = containsPattern(query.q);
      // The matching studios first (users' trigram index), so the videos' condition names only
      // videos columns: title, file name and owner each through their own index (a BitmapOr),
      // where one OR across the join would read every video.
      const studios = await db
        .select({ id: users.id })
        .from(users)
        .where(ilike(users.companyName, pattern))
        .limit(MAX_SEARCH_STUDIOS + 1);
      const byStudio =
        studios.length > MAX_SEARCH_STUDIOS
          ? inArray(
              videos.userId,
              db.select({ id: users.id }).from(users).where(ilike(users.companyName, pattern)),
            )
          : studios.length > 0
            ? inArray(
                videos.userId,
                studios.map((s) => s.id),
              )
            : undefined;
      where.push(
        or(ilike(videos.title, pattern), ilike(videos.originalFileName, pattern), byStudio)!,
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
      const base = await scope(query);
      const where = query.status ? [...base, eq(videos.processingStatus, query.status)] : base;
      const rows = await db
        .select({ video: videos, owner })
        .from(videos)
        .innerJoin(users, eq(users.id, videos.userId))
        .where(and(...where))
        .orderBy(desc(videos.uploadedAt), desc(videos.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);

      const grouped = await db
        .select({ status: videos.processingStatus, n: count() })
        .from(videos)
        .where(and(...base))
        .groupBy(videos.processingStatus);
      const counts = Object.fromEntries(VIDEO_STATUSES.map((s) => [s, 0])) as Record<
        VideoStatus,
        number
      >;
      for (const { status, n } of grouped) {
        if (status in counts) counts[status] = Number(n);
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
