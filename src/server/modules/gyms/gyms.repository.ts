import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Difficulty } from '@shared/class-details';
import { instructors } from '../../db/schema/instructors';
import { programClasses, programs } from '../../db/schema/programs';
import { rideTracks } from '../../db/schema/ride-tracks';
import { gymLocations, type GymLocationRow } from '../../db/schema/locations';
import { users, type UserRow } from '../../db/schema/users';
import { videos } from '../../db/schema/videos';

/** The columns of a video the public page may use: nothing private (no files, notes or keys). */
export interface GymVideoRow {
  id: string;
  title: string;
  duration: string | null;
  thumbnailUrl: string | null;
  processingStatus: string;
  hlsUrl: string | null;
  /** The size of the published ladder's offline file (decision 0047); null when it has none. */
  offlineBytes: number | null;
  /** Where the enhanced file is stored (never answered: it names the public MP4's version). */
  enhancedKey: string | null;
  updatedAt: Date;
  /** Offered at the account's first location (its own page); further ones: video_locations. */
  offeredAtMain: boolean;
  /** Its details (issue #20): the instructor's public fields, not the owner's other data. */
  instructorId: string | null;
  instructorName: string | null;
  instructorPhotoUrl: string | null;
  difficulty: Difficulty | null;
  classType: string | null;
  equipmentNotes: string | null;
  /** When its ride track was last saved; null when it has none. */
  rideTrackUpdatedAt: Date | null;
}

/** A program as the public page may use it (issue #20 part 2): its classes' ids in order. */
export interface GymProgramRow {
  id: string;
  title: string;
  description: string;
  classesPerWeek: number;
  coverId: string | null;
  classIds: string[];
}

/** Reads for the public gym page: the owner behind a host, and their videos and programs. */
export function gymsRepository(db: Db) {
  return {
    /** The owner who verified this host as their custom domain (compared lowercased, as the unique index is). */
    async findByVerifiedDomain(host: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(
          and(
            sql`lower(${users.customDomain}) = ${host.toLowerCase()}`,
            isNotNull(users.customDomainVerifiedAt),
          ),
        )
        .limit(1);
      return row;
    },

    /** The further location that verified this host as its own custom domain, with its owner. */
    async findLocationByVerifiedDomain(
      host: string,
    ): Promise<{ location: GymLocationRow; owner: UserRow } | undefined> {
      const [row] = await db
        .select({ location: gymLocations, owner: users })
        .from(gymLocations)
        .innerJoin(users, eq(users.id, gymLocations.ownerId))
        .where(
          and(
            sql`lower(${gymLocations.customDomain}) = ${host.toLowerCase()}`,
            isNotNull(gymLocations.customDomainVerifiedAt),
          ),
        )
        .limit(1);
      return row;
    },

    /** Every video of the owner, newest first, with only the public columns. */
    async listVideos(ownerId: string): Promise<GymVideoRow[]> {
      return db
        .select({
          id: videos.id,
          title: videos.title,
          duration: videos.duration,
          thumbnailUrl: videos.thumbnailUrl,
          processingStatus: videos.processingStatus,
          hlsUrl: videos.hlsUrl,
          offlineBytes: videos.offlineBytes,
          enhancedKey: videos.enhancedKey,
          updatedAt: videos.updatedAt,
          offeredAtMain: videos.offeredAtMain,
          instructorId: instructors.id,
          instructorName: instructors.name,
          instructorPhotoUrl: instructors.photoUrl,
          difficulty: videos.difficulty,
          classType: videos.classType,
          equipmentNotes: videos.equipmentNotes,
          rideTrackUpdatedAt: rideTracks.updatedAt,
        })
        .from(videos)
        .leftJoin(
          instructors,
          and(eq(instructors.id, videos.instructorId), eq(instructors.ownerId, videos.userId)),
        )
        .leftJoin(rideTracks, eq(rideTracks.videoId, videos.id))
        .where(eq(videos.userId, ownerId))
        .orderBy(desc(videos.uploadedAt));
    },

    /** The owner's programs, oldest first, each with every class's id in the program's order. */
    async listPrograms(ownerId: string): Promise<GymProgramRow[]> {
      const rows = await db
        .select({
          id: programs.id,
          title: programs.title,
          description: programs.description,
          classesPerWeek: programs.classesPerWeek,
          coverId: programs.coverId,
        })
        .from(programs)
        .where(eq(programs.ownerId, ownerId))
        .orderBy(asc(programs.createdAt), asc(programs.id));
      if (rows.length === 0) return [];
      const classes = await db
        .select({ programId: programClasses.programId, videoId: programClasses.videoId })
        .from(programClasses)
        .where(
          inArray(
            programClasses.programId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(programClasses.programId), asc(programClasses.position));
      const byProgram = new Map(rows.map((row) => [row.id, { ...row, classIds: [] as string[] }]));
      for (const { programId, videoId } of classes)
        byProgram.get(programId)?.classIds.push(videoId);
      return [...byProgram.values()];
    },
  };
}

export type GymsRepository = ReturnType<typeof gymsRepository>;
