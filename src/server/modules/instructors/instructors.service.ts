import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { INSTRUCTORS_LIMIT } from '@shared/class-details';
import {
  CLASS_DETAILS_MESSAGES as MESSAGES,
  INSTRUCTOR_PHOTOS_PATH,
  type InstructorBody,
  type InstructorDto,
  type InstructorResponse,
  type InstructorsView,
} from '@shared/class-details.contract';
import type { InstructorRow } from '../../db/schema/instructors';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { idOrNotFound, isUuid } from '../../lib/ids';
import type { ObjectStore } from '../../storage/object-store';
import type { PublicGymCache } from '../gyms/public-gym-cache';
import { processInstructorPhoto } from './instructor-photo';
import type { InstructorsRepository, InstructorWrite } from './instructors.repository';

/** A stored photo's file name: a random id (never reused, so the file is immutable). */
const PHOTO_FILE = /^[a-f0-9]{24}\.webp$/;

/** The object-store key of a photo, or null when the names are not ones Cadence hands out. */
export function instructorPhotoKey(ownerId: string, file: string): string | null {
  if (!isUuid(ownerId) || ownerId !== ownerId.toLowerCase() || !PHOTO_FILE.test(file)) return null;
  return `instructors/${ownerId}/${file}`;
}

const toDto = (row: InstructorRow, classCount: number): InstructorDto => ({
  id: row.id,
  name: row.name,
  photoUrl: row.photoUrl,
  classCount,
});

interface Deps {
  repo: InstructorsRepository;
  store: ObjectStore;
  publicGyms: Pick<PublicGymCache, 'invalidate'>;
  log: FastifyBaseLogger;
  now?: () => number;
}

/**
 * A studio's instructors (issue #20 part 1): a roster the owner keeps, on every plan. The public
 * page shows a class's instructor by name and photo, so every change rebuilds the owner's pages.
 */
export function instructorsService({ repo, store, publicGyms, log, now = Date.now }: Deps) {
  const id = (value: string) => idOrNotFound(value, MESSAGES.instructorNotFound);

  function written(result: InstructorWrite): InstructorRow {
    if (result.status === 'taken') throw new ConflictError(MESSAGES.instructorTaken);
    if (result.status === 'limit') throw new ConflictError(MESSAGES.instructorsLimit);
    if (result.status === 'missing') throw new NotFoundError(MESSAGES.instructorNotFound);
    return result.instructor;
  }

  async function answer(owner: UserRow, row: InstructorRow, message: string) {
    await publicGyms.invalidate(owner.id);
    const response: InstructorResponse = {
      message,
      instructor: toDto(row, await repo.classCount(owner.id, row.id)),
    };
    return response;
  }

  async function deletePhoto(key: string | null): Promise<void> {
    if (!key) return;
    await store.delete(key).catch((err: unknown) => {
      log.error({ err, key }, 'deleting an instructor photo failed');
    });
  }

  return {
    async view(owner: UserRow): Promise<InstructorsView> {
      const rows = await repo.list(owner.id);
      return { instructors: rows.map((r) => toDto(r.instructor, r.classCount)) };
    },

    async create(owner: UserRow, body: InstructorBody) {
      const row = written(await repo.create(owner.id, body.name, INSTRUCTORS_LIMIT));
      return answer(owner, row, MESSAGES.instructorAdded);
    },

    async rename(owner: UserRow, instructorId: string, body: InstructorBody) {
      const row = written(
        await repo.rename(owner.id, id(instructorId), body.name, new Date(now())),
      );
      return answer(owner, row, MESSAGES.instructorSaved);
    },

    async remove(owner: UserRow, instructorId: string): Promise<{ message: string }> {
      const row = await repo.remove(owner.id, id(instructorId));
      if (!row) throw new NotFoundError(MESSAGES.instructorNotFound);
      await publicGyms.invalidate(owner.id);
      await deletePhoto(row.photoKey);
      return { message: MESSAGES.instructorRemoved };
    },

    /**
     * Checks the image by its content, re-encodes it as a square WebP and makes it the photo; the
     * one it replaced is deleted. `read` runs only once the instructor is known to be the owner's.
     */
    async uploadPhoto(owner: UserRow, instructorId: string, read: () => Promise<Buffer>) {
      const found = await repo.find(owner.id, id(instructorId));
      if (!found) throw new NotFoundError(MESSAGES.instructorNotFound);
      const photo = await processInstructorPhoto(await read());
      const file = `${randomBytes(12).toString('hex')}.webp`;
      const key = instructorPhotoKey(owner.id, file)!;
      await store.put(key, Readable.from([photo]), { contentType: 'image/webp' });
      const url = `${INSTRUCTOR_PHOTOS_PATH}/${owner.id}/${file}`;
      const swapped = await repo.swapPhoto(owner.id, found.id, { url, key }, new Date(now()));
      if (!swapped) {
        await deletePhoto(key);
        throw new NotFoundError(MESSAGES.instructorNotFound);
      }
      await deletePhoto(swapped.previousKey);
      return answer(owner, swapped.instructor, MESSAGES.photoSaved);
    },

    async removePhoto(owner: UserRow, instructorId: string) {
      const swapped = await repo.swapPhoto(owner.id, id(instructorId), null, new Date(now()));
      if (!swapped) throw new NotFoundError(MESSAGES.instructorNotFound);
      await deletePhoto(swapped.previousKey);
      return answer(owner, swapped.instructor, MESSAGES.photoRemoved);
    },

    /** A class may name only one of its owner's instructors (400 on the field otherwise). */
    async requireOwned(ownerId: string, instructorId: string): Promise<void> {
      if (await repo.find(ownerId, instructorId)) return;
      throw new ValidationError(MESSAGES.instructorUnknown, {
        errors: [{ field: 'instructorId', message: MESSAGES.instructorUnknown }],
      });
    },
  };
}

export type InstructorsService = ReturnType<typeof instructorsService>;
