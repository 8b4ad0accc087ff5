import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { playbackSessions } from '../db/schema/playback';
import { videos } from '../db/schema/videos';

/** Test fixtures: rows written straight into the tables, as the upload and player code would. */

export async function seedVideo(
  db: Db,
  ownerId: string,
  overrides: Partial<typeof videos.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(videos)
    .values({
      userId: ownerId,
      title: 'Morning Climb',
      originalFileName: 'climb.mp4',
      originalFileUrl: '/objects/uploads/climb.mp4',
      fileSize: '1048576',
      duration: '600',
      ...overrides,
    })
    .returning({ id: videos.id });
  return row!.id;
}

export interface PlaybackSeed {
  videoId: string;
  ownerId: string;
  viewerId: string;
  /** When the session started, in ms since the epoch. */
  startedAt: number;
  watchedSeconds: number;
  /** Whether the player counted a view for it. */
  counted: boolean;
  /** The furthest point reached (seconds); by default where it stopped, `watchedSeconds`. */
  furthestPosition?: number;
}

export async function seedPlayback(db: Db, seeds: PlaybackSeed[]): Promise<void> {
  if (seeds.length === 0) return;
  await db.insert(playbackSessions).values(
    seeds.map((s) => ({
      id: randomUUID(),
      videoId: s.videoId,
      ownerId: s.ownerId,
      viewerId: s.viewerId,
      startedAt: new Date(s.startedAt),
      lastSeenAt: new Date(s.startedAt + s.watchedSeconds * 1000),
      watchedSeconds: s.watchedSeconds,
      lastPosition: s.watchedSeconds,
      furthestPosition: s.furthestPosition ?? s.watchedSeconds,
      viewCountedAt: s.counted ? new Date(s.startedAt + 10_000) : null,
    })),
  );
}
