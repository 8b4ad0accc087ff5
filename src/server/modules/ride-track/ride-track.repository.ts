import { eq } from 'drizzle-orm';
import type { RideSegment, TempoPoint } from '@shared/ride-track';
import type { Db } from '../../db/client';
import {
  classTempo,
  rideTracks,
  type ClassTempoRow,
  type RideTrackRow,
} from '../../db/schema/ride-tracks';

/** A segment's fields in the model's order (jsonb gives them back in its own). */
const inModelOrder = (segment: RideSegment): RideSegment => ({
  startSeconds: segment.startSeconds,
  endSeconds: segment.endSeconds,
  name: segment.name,
  cadence: segment.cadence && { min: segment.cadence.min, max: segment.cadence.max },
  resistance: segment.resistance,
  zone: segment.zone,
  position: segment.position,
  cue: segment.cue,
});

/** A class's ride track and the tempo detected in its music. */
export function rideTrackRepository(db: Db) {
  return {
    async find(videoId: string): Promise<RideTrackRow | null> {
      const [row] = await db.select().from(rideTracks).where(eq(rideTracks.videoId, videoId));
      return row ? { ...row, segments: row.segments.map(inModelOrder) } : null;
    },

    /** Writes the track, replacing any (a class deleted meanwhile: a foreign-key violation). */
    async save(videoId: string, segments: RideSegment[], at: Date): Promise<RideTrackRow> {
      const [row] = await db
        .insert(rideTracks)
        .values({ videoId, segments, updatedAt: at })
        .onConflictDoUpdate({ target: rideTracks.videoId, set: { segments, updatedAt: at } })
        .returning();
      return { ...row!, segments: row!.segments.map(inModelOrder) };
    },

    /** True when there was a track to remove. */
    remove: async (videoId: string): Promise<boolean> =>
      (await db.delete(rideTracks).where(eq(rideTracks.videoId, videoId)).returning()).length > 0,

    findTempo: async (videoId: string): Promise<ClassTempoRow | null> =>
      (await db.select().from(classTempo).where(eq(classTempo.videoId, videoId)))[0] ?? null,

    /** Writes the detected tempo (replacing any). */
    async saveTempo(
      videoId: string,
      tempo: { points: TempoPoint[]; detector: string; speed: number | null },
    ): Promise<void> {
      await db
        .insert(classTempo)
        .values({ videoId, ...tempo, analyzedAt: new Date() })
        .onConflictDoUpdate({
          target: classTempo.videoId,
          set: { ...tempo, analyzedAt: new Date() },
        });
    },
  };
}

export type RideTrackRepository = ReturnType<typeof rideTrackRepository>;
