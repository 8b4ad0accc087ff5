import { createHash, randomBytes, randomInt } from 'node:crypto';
import { classDurationSeconds, type PublicGymVideo } from '@shared/gyms.contract';
import {
  PAIRING_TTL_MS,
  SCREEN_CODE_ALPHABET,
  SCREEN_CODE_LENGTH,
  SCREEN_DEVICE_MESSAGES,
  SCREEN_ERROR_CODES,
  SCREENS_LIMIT,
  TIMETABLE_ENTRIES_LIMIT,
  type ScreenPairingStarted,
  type ScreenPairingStatus,
  type ScreenTimetableResponse,
} from '@shared/screens';
import {
  SCREEN_MESSAGES,
  TIMETABLE_MESSAGES,
  type PairScreenValues,
  type ScreenDto,
  type ScreensView,
  type TimetableEntryDto,
  type TimetableEntryValues,
  type TimetableView,
  type UpdateScreenValues,
} from '@shared/screens.contract';
import { DEFAULT_COMPANY_NAME } from '@shared/product';
import type { ScreenRow } from '../../db/schema/screens';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, HttpError, NotFoundError, ValidationError } from '../../lib/errors';
import { idOrNotFound } from '../../lib/ids';
import { isReadyForRiders, type GymsService } from '../gyms/gyms.service';
import type {
  EntryContext,
  EntryValues,
  EntryWithClass,
  ScreenWrite,
  ScreensRepository,
} from './screens.repository';
import { minuteOf, slotsOverlap, timeOf, upcomingOccurrences, type WeeklySlot } from './timetable';

/** A class whose length is unknown lasts what the gym page says of it: 45 minutes. */
const DEFAULT_CLASS_SECONDS = 45 * 60;
/** A screen's last-seen time is written at most this often (it polls every 30 s). */
const TOUCH_EVERY_MS = 60_000;
/** A screen's token: 32 random bytes, base64url (43 characters). */
const SCREEN_BEARER = /^bearer +([\w-]{43})$/i;

const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * The studio's zone as Intl reads it: the owner's, or UTC when the stored name is none Intl knows
 * (a row written before the check, or a zone a newer ICU dropped), so a screen is never a 500.
 */
function zoneOf(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < SCREEN_CODE_LENGTH; i++) {
    code += SCREEN_CODE_ALPHABET[randomInt(SCREEN_CODE_ALPHABET.length)];
  }
  return code;
}

const lengthOf = (duration: string | null) =>
  classDurationSeconds(duration) ?? DEFAULT_CLASS_SECONDS;
const slotOf = (row: EntryWithClass): WeeklySlot => ({
  dayOfWeek: row.entry.dayOfWeek,
  startMinute: row.entry.startMinute,
  lengthSeconds: lengthOf(row.duration),
});

/** A device's refusal: the house's `{ message }` with the code the screen acts on. */
const pairingExpired = () =>
  new HttpError(404, SCREEN_DEVICE_MESSAGES.pairingExpired, {
    code: SCREEN_ERROR_CODES.pairingExpired,
  });
const revoked = () =>
  new HttpError(401, SCREEN_DEVICE_MESSAGES.revoked, { code: SCREEN_ERROR_CODES.revoked });

/** A 400 on one field, in the words the owner's form shows there. */
const fieldError = (field: string, message: string) =>
  new ValidationError(message, { errors: [{ field, message }] });

/** A code that pairs no screen (its own class: the routes count these per owner). */
export class WrongCodeError extends ValidationError {
  constructor() {
    super(SCREEN_MESSAGES.codeInvalid, {
      errors: [{ field: 'code', message: SCREEN_MESSAGES.codeInvalid }],
    });
  }
}

export function toScreenDto(row: ScreenRow): ScreenDto {
  return {
    id: row.id,
    name: row.name,
    locationId: row.locationId,
    pairedAt: row.pairedAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  };
}

function toEntryDto({ entry, screenIds }: EntryWithClass): TimetableEntryDto {
  return {
    id: entry.id,
    locationId: entry.locationId,
    videoId: entry.videoId,
    dayOfWeek: entry.dayOfWeek,
    startTime: timeOf(entry.startMinute),
    screenIds: entry.allScreens ? [] : screenIds,
  };
}

/** Two entries of a page share a screen: either is on every screen, or their lists meet. */
function shareScreen(a: readonly string[], b: EntryWithClass): boolean {
  if (a.length === 0 || b.entry.allScreens) return true;
  return a.some((id) => b.screenIds.includes(id));
}

/**
 * The rules of a timetable entry (docs/decisions/0049): the page is the owner's, the class theirs,
 * ready for riders and offered on that page; the screens are the page's; it overlaps no entry of
 * the page on a common screen; the account holds TIMETABLE_ENTRIES_LIMIT at most.
 */
function entryRefusal(values: EntryValues, adding: boolean, context: EntryContext) {
  if (!context.pageKnown) return fieldError('locationId', SCREEN_MESSAGES.locationUnknown);
  const video = context.video;
  if (!video) return fieldError('videoId', TIMETABLE_MESSAGES.classUnknown);
  if (!isReadyForRiders(video)) return fieldError('videoId', TIMETABLE_MESSAGES.classNotReady);
  if (!video.offered) return fieldError('videoId', TIMETABLE_MESSAGES.classNotOffered);
  if (values.screenIds.some((id) => !context.pageScreenIds.has(id))) {
    return fieldError('screenIds', TIMETABLE_MESSAGES.screenUnknown);
  }
  if (adding && context.held >= TIMETABLE_ENTRIES_LIMIT) {
    return new ConflictError(TIMETABLE_MESSAGES.limit);
  }
  const slot = { ...values, lengthSeconds: lengthOf(video.duration) };
  const other = context.others.find(
    (row) => shareScreen(values.screenIds, row) && slotsOverlap(slot, slotOf(row)),
  );
  if (other) {
    const { dayOfWeek, startMinute } = other.entry;
    return fieldError(
      'startTime',
      TIMETABLE_MESSAGES.overlap(other.title, dayOfWeek, timeOf(startMinute)),
    );
  }
  return null;
}

interface Deps {
  repo: ScreensRepository;
  /** The page a screen shows is its gym's or location's public answer (cached, decision 0028). */
  gyms: Pick<GymsService, 'bySlug'>;
  now?: () => number;
}

/** The screen's page: its public answer (null when the page is offline or not set up). */
async function pageOf(
  gyms: Deps['gyms'],
  slug: string | null,
): Promise<{ slug: string; name: string; logo: string | null; videos: PublicGymVideo[] } | null> {
  if (!slug) return null;
  const found = await gyms.bySlug(slug);
  if (found?.kind !== 'gym') return null;
  const { gym } = found;
  return { slug: gym.slug, name: gym.gymName, logo: gym.gymLogo, videos: gym.videos };
}

/**
 * Studio screens (issue #21 part 3, docs/decisions/0049): pairing with a code, screens' tokens
 * (stored as their SHA-256), the owner's screens and weekly timetable, and each screen's next
 * classes at the studio's wall clock.
 */
export function screensService({ repo, gyms, now = Date.now }: Deps) {
  const screenId = (value: string) => idOrNotFound(value, SCREEN_MESSAGES.notFound);
  const entryId = (value: string) => idOrNotFound(value, TIMETABLE_MESSAGES.notFound);

  function written(result: ScreenWrite): ScreenDto {
    if (result.status === 'missing') throw new NotFoundError(SCREEN_MESSAGES.notFound);
    if (result.status === 'limit') throw new ConflictError(SCREEN_MESSAGES.limit);
    if (result.status === 'location') {
      throw fieldError('locationId', SCREEN_MESSAGES.locationUnknown);
    }
    if (result.status === 'code') throw new WrongCodeError();
    return toScreenDto(result.screen);
  }

  async function writeEntry(owner: UserRow, id: string | null, body: TimetableEntryValues) {
    const values: EntryValues = {
      locationId: body.locationId,
      videoId: body.videoId,
      dayOfWeek: body.dayOfWeek,
      startMinute: minuteOf(body.startTime),
      screenIds: [...new Set(body.screenIds)],
    };
    const result = await repo.writeEntry(
      owner.id,
      id,
      values,
      (context) => entryRefusal(values, id === null, context),
      new Date(now()),
    );
    if (result.status === 'missing') throw new NotFoundError(TIMETABLE_MESSAGES.notFound);
    if (result.status === 'refused') throw result.refusal;
    return toEntryDto(result.entry);
  }

  return {
    // ---- The screen's side ----

    /** A new code for a screen to show, and the secret it polls with. */
    async startPairing(): Promise<ScreenPairingStarted> {
      const at = now();
      const expiresAt = at + PAIRING_TTL_MS;
      for (let attempt = 0; attempt < 5; attempt++) {
        const pairingId = randomBytes(24).toString('base64url');
        const code = newCode();
        const made = await repo.createPairing(
          sha256(pairingId),
          code,
          new Date(expiresAt),
          new Date(at),
        );
        if (made === 'done') return { pairingId, code, expiresAt };
      }
      // Five live codes drawn in a row out of 887 million: the table is flooded.
      throw new HttpError(503, 'No pairing code is free right now. Please try again in a minute.');
    },

    /** Waiting, or paired: the screen's token, made now and handed out this once. */
    async pairingStatus(pairingId: string): Promise<ScreenPairingStatus> {
      const at = new Date(now());
      const pollHash = sha256(pairingId);
      const pairing = await repo.findPairing(pollHash, at);
      if (!pairing) throw pairingExpired();
      if (!pairing.screenId) {
        return { status: 'waiting', code: pairing.code, expiresAt: pairing.expiresAt.getTime() };
      }
      const token = randomBytes(32).toString('base64url');
      const screen = await repo.takePairing(pollHash, sha256(token), at);
      if (!screen) throw pairingExpired();
      return { status: 'paired', token, screen: { id: screen.id, name: screen.name } };
    },

    /**
     * The timetable of the screen whose token `authorization` carries, and its ETag; 401 with
     * code 'screen_revoked' for no such screen (removed, or never paired).
     */
    async timetable(
      authorization: string | undefined,
    ): Promise<{ body: ScreenTimetableResponse; etag: string }> {
      const token = SCREEN_BEARER.exec(authorization ?? '')?.[1];
      if (!token) throw revoked();
      const found = await repo.findByToken(sha256(token));
      if (!found) throw revoked();
      const { screen, owner, location } = found;
      const at = now();
      await repo.touch(screen.id, new Date(at), new Date(at - TOUCH_EVERY_MS));
      const page = await pageOf(gyms, location ? location.slug : owner.companySlug);
      const playable = new Map((page?.videos ?? []).map((video) => [video.id, video]));
      // Only the classes its page offers riders now (a class taken off the page stays in the
      // owner's timetable and plays again once it is back).
      const weekly = (await repo.entriesOfScreen(screen))
        .filter((row) => playable.has(row.entry.videoId))
        .map((row) => ({ id: row.entry.id, videoId: row.entry.videoId, ...slotOf(row) }));
      const timeZone = zoneOf(owner.timeZone);
      const entries = upcomingOccurrences(weekly, timeZone, at);
      const named = new Set(entries.map((entry) => entry.videoId));
      const body: ScreenTimetableResponse = {
        screen: { id: screen.id, name: screen.name },
        gym: {
          slug: page?.slug ?? location?.slug ?? owner.companySlug ?? '',
          name: page?.name ?? location?.name ?? (owner.companyName || DEFAULT_COMPANY_NAME),
          logo: page?.logo ?? null,
        },
        timeZone,
        entries,
        classes: [...playable.values()].filter((video) => named.has(video.id)),
      };
      const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
      return { body, etag };
    },

    // ---- The owner's screens ----

    async list(owner: UserRow): Promise<ScreensView> {
      return { screens: (await repo.list(owner.id)).map(toScreenDto) };
    },

    async pair(owner: UserRow, body: PairScreenValues): Promise<ScreenDto> {
      const at = now();
      return written(
        await repo.claim(
          owner.id,
          body.code,
          { name: body.name, locationId: body.locationId },
          SCREENS_LIMIT,
          new Date(at),
          new Date(at + PAIRING_TTL_MS),
        ),
      );
    },

    async update(owner: UserRow, id: string, body: UpdateScreenValues): Promise<ScreenDto> {
      const fields = Object.fromEntries(
        Object.entries(body).filter(([, value]) => value !== undefined),
      ) as UpdateScreenValues;
      return written(await repo.update(owner.id, screenId(id), fields));
    },

    async remove(owner: UserRow, id: string): Promise<void> {
      if (!(await repo.remove(owner.id, screenId(id)))) {
        throw new NotFoundError(SCREEN_MESSAGES.notFound);
      }
    },

    // ---- The owner's timetable ----

    async timetableView(owner: UserRow): Promise<TimetableView> {
      return {
        timeZone: owner.timeZone,
        entries: (await repo.listEntries(owner.id)).map(toEntryDto),
      };
    },

    addEntry: (owner: UserRow, body: TimetableEntryValues) => writeEntry(owner, null, body),

    updateEntry: (owner: UserRow, id: string, body: TimetableEntryValues) =>
      writeEntry(owner, entryId(id), body),

    async removeEntry(owner: UserRow, id: string): Promise<void> {
      if (!(await repo.removeEntry(owner.id, entryId(id)))) {
        throw new NotFoundError(TIMETABLE_MESSAGES.notFound);
      }
    },
  };
}

export type ScreensService = ReturnType<typeof screensService>;
