import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { classDurationSeconds } from '@shared/gyms.contract';
import { PROGRAMS_LIMIT } from '@shared/programs';
import {
  PROGRAM_COVER_WIDTHS,
  PROGRAM_MESSAGES as MESSAGES,
  programCoverSources,
  type NewProgram,
  type ProgramDto,
  type ProgramEdit,
  type ProgramResponse,
  type ProgramsView,
} from '@shared/programs.contract';
import type { ProgramRow } from '../../db/schema/programs';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { idOrNotFound, isUuid } from '../../lib/ids';
import type { ObjectStore } from '../../storage/object-store';
import type { PublicGymCache } from '../gyms/public-gym-cache';
import { processProgramCover } from './program-cover';
import type {
  ProgramClassRow,
  ProgramsRepository,
  ProgramWithClasses,
  ProgramWrite,
} from './programs.repository';

/** A stored cover's file name: a random id (never reused, so the file is immutable), its width. */
const COVER_FILE = /^[a-f0-9]{24}-(?:640|1280)\.webp$/;

/** The object-store key of a cover file, or null when the names are not ones Cadence hands out. */
export function programCoverKey(ownerId: string, file: string): string | null {
  if (!isUuid(ownerId) || ownerId !== ownerId.toLowerCase() || !COVER_FILE.test(file)) return null;
  return `programs/${ownerId}/${file}`;
}

const coverKeys = (ownerId: string, coverId: string) =>
  PROGRAM_COVER_WIDTHS.map((width) => programCoverKey(ownerId, `${coverId}-${width}.webp`)!);

const toDto = (program: ProgramRow, classes: readonly ProgramClassRow[]): ProgramDto => ({
  id: program.id,
  title: program.title,
  description: program.description,
  classesPerWeek: program.classesPerWeek,
  cover: programCoverSources(program.ownerId, program.coverId),
  classes: classes.map((c) => ({
    id: c.id,
    title: c.title,
    durationSeconds: classDurationSeconds(c.duration),
  })),
  createdAt: program.createdAt.toISOString(),
  updatedAt: program.updatedAt.toISOString(),
});

interface Deps {
  repo: ProgramsRepository;
  store: ObjectStore;
  publicGyms: Pick<PublicGymCache, 'invalidate'>;
  log: FastifyBaseLogger;
  now?: () => number;
}

/**
 * A studio's programs (issue #20 part 2), on every plan: ordered series of the owner's own
 * classes. The public page lists them, so every change rebuilds the owner's pages.
 */
export function programsService({ repo, store, publicGyms, log, now = Date.now }: Deps) {
  const id = (value: string) => idOrNotFound(value, MESSAGES.programNotFound);

  /** The row written, or the refusal: unknown classes on each of their places in the list. */
  function written(result: ProgramWrite, classIds: readonly string[] = []): ProgramRow {
    if (result.status === 'limit') throw new ConflictError(MESSAGES.programsLimit);
    if (result.status === 'missing') throw new NotFoundError(MESSAGES.programNotFound);
    if (result.status === 'unknown') {
      const unknown = new Set(result.ids);
      const errors = classIds.flatMap((classId, index) =>
        unknown.has(classId)
          ? [{ field: `classIds.${index}`, message: MESSAGES.classUnknown }]
          : [],
      );
      throw new ValidationError(MESSAGES.classUnknown, { errors });
    }
    return result.program;
  }

  async function answer(owner: UserRow, row: ProgramRow, message: string) {
    await publicGyms.invalidate(owner.id);
    const found = await repo.find(owner.id, row.id);
    const response: ProgramResponse = { message, program: toDto(row, found?.classes ?? []) };
    return response;
  }

  async function deleteCover(ownerId: string, coverId: string | null): Promise<void> {
    if (!coverId) return;
    await Promise.all(
      coverKeys(ownerId, coverId).map((key) =>
        store.delete(key).catch((err: unknown) => {
          log.error({ err, key }, 'deleting a program cover failed');
        }),
      ),
    );
  }

  return {
    async view(owner: UserRow): Promise<ProgramsView> {
      const rows: ProgramWithClasses[] = await repo.list(owner.id);
      return { programs: rows.map((r) => toDto(r.program, r.classes)) };
    },

    async create(owner: UserRow, body: NewProgram) {
      const { classIds, ...fields } = body;
      const row = written(await repo.create(owner.id, fields, classIds, PROGRAMS_LIMIT), classIds);
      return answer(owner, row, MESSAGES.programCreated);
    },

    async update(owner: UserRow, programId: string, body: ProgramEdit) {
      const { classIds, ...given } = body;
      const fields = Object.fromEntries(
        Object.entries(given).filter(([, value]) => value !== undefined),
      ) as Partial<typeof given>;
      const row = written(
        await repo.update(owner.id, id(programId), fields, classIds, new Date(now())),
        classIds,
      );
      return answer(owner, row, MESSAGES.programSaved);
    },

    async remove(owner: UserRow, programId: string): Promise<{ message: string }> {
      const row = await repo.remove(owner.id, id(programId));
      if (!row) throw new NotFoundError(MESSAGES.programNotFound);
      await publicGyms.invalidate(owner.id);
      await deleteCover(owner.id, row.coverId);
      return { message: MESSAGES.programDeleted };
    },

    /**
     * Checks the image by its content, re-encodes it as 16:9 WebP files and makes it the cover;
     * the one it replaced is deleted. `read` runs only once the program is known to be the owner's.
     */
    async uploadCover(owner: UserRow, programId: string, read: () => Promise<Buffer>) {
      const found = await repo.find(owner.id, id(programId));
      if (!found) throw new NotFoundError(MESSAGES.programNotFound);
      const files = await processProgramCover(await read());
      const coverId = randomBytes(12).toString('hex');
      const keys = coverKeys(owner.id, coverId);
      await Promise.all(
        files.map((file, i) =>
          store.put(keys[i]!, Readable.from([file.data]), { contentType: 'image/webp' }),
        ),
      );
      const swapped = await repo.swapCover(owner.id, found.program.id, coverId, new Date(now()));
      if (!swapped) {
        await deleteCover(owner.id, coverId);
        throw new NotFoundError(MESSAGES.programNotFound);
      }
      await deleteCover(owner.id, swapped.previousCoverId);
      return answer(owner, swapped.program, MESSAGES.coverSaved);
    },

    async removeCover(owner: UserRow, programId: string) {
      const swapped = await repo.swapCover(owner.id, id(programId), null, new Date(now()));
      if (!swapped) throw new NotFoundError(MESSAGES.programNotFound);
      await deleteCover(owner.id, swapped.previousCoverId);
      return answer(owner, swapped.program, MESSAGES.coverRemoved);
    },
  };
}

export type ProgramsService = ReturnType<typeof programsService>;
