import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/uploads';
import { users } from '../../db/schema/users';
import { videos, type VideoRow } from '../../db/schema/videos';

export type NewVideo = typeof videos.$inferInsert;

/** An upload a new video takes over, with the statuses it may be taken from. */
export interface UploadClaim {
  key: string;
  from: string[];
  size: number;
  contentType: string;
}

export type CreateOutcome =
  | { ok: true; video: VideoRow }
  | { ok: false; reason: 'quota'; count: number }
  | { ok: false; reason: 'upload-taken'; key: string };

/** What an owner edits on a class: its words and its details (issue #20). */
export type VideoEdit = Partial<
  Pick<
    NewVideo,
    | 'title'
    | 'description'
    | 'instructorId'
    | 'difficulty'
    | 'classType'
    | 'music'
    | 'equipmentNotes'
  >
>;

export function videosRepository(db: Db) {
  return {
    async listByOwner(userId: string): Promise<VideoRow[]> {
      return db
        .select()
        .from(videos)
        .where(eq(videos.userId, userId))
        .orderBy(desc(videos.uploadedAt), desc(videos.id));
    },

    async find(userId: string, videoId: string): Promise<VideoRow | undefined> {
      const [row] = await db
        .select()
        .from(videos)
        .where(and(eq(videos.userId, userId), eq(videos.id, videoId)))
        .limit(1);
      return row;
    },

    async countByOwner(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(videos).where(eq(videos.userId, userId));
      return Number(row?.n ?? 0);
    },

    /**
     * In one transaction: locks the owner (so two uploads cannot both take the last slot), counts
     * their videos against `limit`, marks each claimed upload attached (once), inserts the video.
     */
    async createWithUploads(
      userId: string,
      limit: number,
      claims: UploadClaim[],
      values: NewVideo,
    ): Promise<CreateOutcome> {
      return db
        .transaction(async (tx) => {
          await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
          const [counted] = await tx
            .select({ n: count() })
            .from(videos)
            .where(eq(videos.userId, userId));
          const existing = Number(counted?.n ?? 0);
          if (existing >= limit) return { ok: false, reason: 'quota', count: existing } as const;
          for (const claim of claims) {
            const taken = await tx
              .update(uploads)
              .set({ status: 'attached', size: claim.size, contentType: claim.contentType })
              .where(
                and(
                  eq(uploads.userId, userId),
                  eq(uploads.key, claim.key),
                  inArray(uploads.status, claim.from),
                ),
              )
              .returning({ id: uploads.id });
            // Throwing rolls the transaction back: nothing is attached, no video is made.
            if (taken.length !== 1) throw new UploadTakenError(claim.key);
          }
          const [video] = await tx.insert(videos).values(values).returning();
          return { ok: true, video: video! } as const;
        })
        .catch((error: unknown) => {
          if (error instanceof UploadTakenError)
            return { ok: false, reason: 'upload-taken', key: error.key } as const;
          throw error;
        });
    },

    async update(userId: string, videoId: string, patch: VideoEdit): Promise<VideoRow | undefined> {
      const [row] = await db
        .update(videos)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(videos.userId, userId), eq(videos.id, videoId)))
        .returning();
      return row;
    },

    async delete(userId: string, videoId: string): Promise<VideoRow | undefined> {
      const [row] = await db
        .delete(videos)
        .where(and(eq(videos.userId, userId), eq(videos.id, videoId)))
        .returning();
      return row;
    },

    /** Forgets the upload rows behind a deleted video's files. */
    async deleteUploads(userId: string, keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      await db.delete(uploads).where(and(eq(uploads.userId, userId), inArray(uploads.key, keys)));
    },
  };
}

class UploadTakenError extends Error {
  constructor(readonly key: string) {
    super(`upload ${key} is not available`);
  }
}

export type VideosRepository = ReturnType<typeof videosRepository>;
