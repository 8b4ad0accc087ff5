/**
 * Studio screens (issue #21 part 3): a TV or tablet browser the owner pairs once with a short code
 * (no login on the device), which then shows the next class of its page's timetable with a
 * countdown and plays it on time. Zod-free: the screen page is part of the gym page's own build
 * (docs/decisions/0017), so the device's endpoints, their types and the code's rules are here; the
 * owner's endpoints and the zod schemas are in screens.contract.ts (docs/decisions/0049).
 */
import { endpoint } from './endpoint';
import type { PublicGymVideo } from './gyms.contract';

/** The screen asks for a code here (POST) and polls its pairing (GET …/{pairingId}). */
export const SCREEN_PAIRINGS_PATH = '/api/screens/pairings';
/** A paired screen's timetable (Authorization: Bearer <token>). */
export const SCREEN_TIMETABLE_PATH = '/api/screen/timetable';

/** The code's characters: no 0/O, 1/I/L, so a code read off a TV is typed right. */
export const SCREEN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const SCREEN_CODE_LENGTH = 6;
/** A code is valid this long after it is shown, and once. */
export const PAIRING_TTL_MS = 10 * 60 * 1000;
/** How often a screen showing a code asks whether it was entered (a suggestion to the screen). */
export const PAIRING_POLL_MS = 3_000;
/** How often a paired screen asks for its timetable. */
export const SCREEN_POLL_MS = 30_000;
/** The timetable answer holds the occurrences starting within this window (plus one in progress). */
export const TIMETABLE_WINDOW_MS = 36 * 60 * 60 * 1000;

export const SCREEN_NAME_MAX = 60;
/** Screens an account may pair, and timetable entries it may keep. */
export const SCREENS_LIMIT = 20;
export const TIMETABLE_ENTRIES_LIMIT = 200;

/** The `code` of a device endpoint's error answer, so the screen knows what to show. */
export const SCREEN_ERROR_CODES = {
  /** 401 on the timetable: the token is unknown or the owner removed the screen. Pair again. */
  revoked: 'screen_revoked',
  /** 404 on a pairing: it expired, was used, or never existed. Ask for a new code. */
  pairingExpired: 'pairing_expired',
} as const;
export type ScreenErrorCode = (typeof SCREEN_ERROR_CODES)[keyof typeof SCREEN_ERROR_CODES];

/**
 * A device endpoint's error answer: the house's `{ message }` with a `code` (the words are for
 * people; the screen decides on the code). A 429 (too many pairings) carries only `message`.
 */
export interface ScreenErrorBody {
  message: string;
  code?: ScreenErrorCode;
}

export const SCREEN_DEVICE_MESSAGES = {
  revoked: 'This screen was removed by the studio.',
  pairingExpired: 'This code has expired. A new one is on its way.',
} as const;

/** 'ABCDEF' -> 'ABC-DEF', as the screen shows it. */
export function formatScreenCode(code: string): string {
  const half = SCREEN_CODE_LENGTH / 2;
  return `${code.slice(0, half)}-${code.slice(half)}`;
}

/**
 * A code as typed ('abc-def', 'ABC DEF', ' abcdef ') -> 'ABCDEF', or null when it is not six
 * characters of the alphabet. Long input is refused before it is looked at.
 */
export function normalizeScreenCode(input: string): string | null {
  if (input.length > 20) return null;
  let code = '';
  for (const char of input.toUpperCase()) {
    if (char === '-' || char === ' ') continue;
    if (!SCREEN_CODE_ALPHABET.includes(char)) return null;
    code += char;
  }
  return code.length === SCREEN_CODE_LENGTH ? code : null;
}

/** The `Authorization` header a paired screen sends. */
export function screenAuthorization(token: string): string {
  return `Bearer ${token}`;
}

/** POST /api/screens/pairings (201). */
export interface ScreenPairingStarted {
  /** A random secret: the screen polls GET /api/screens/pairings/{pairingId} with it. */
  pairingId: string;
  /** Six characters of SCREEN_CODE_ALPHABET, without the dash (formatScreenCode shows it). */
  code: string;
  /** When the code stops working, epoch ms on the server's clock. */
  expiresAt: number;
}

export interface ScreenIdentity {
  id: string;
  name: string;
}

/**
 * GET /api/screens/pairings/{pairingId}: waiting until the owner enters the code, then paired,
 * once: the pairing is gone after that answer (the next poll gets the 404 of an expired code).
 * The token is shown only here; keep it (localStorage) and send it as screenAuthorization(token).
 */
export type ScreenPairingStatus =
  | { status: 'waiting'; code: string; expiresAt: number }
  | { status: 'paired'; token: string; screen: ScreenIdentity };

/** The page a screen shows: the gym's own (main) or one of its locations. */
export interface ScreenGym {
  /** The page's slug (the location's for a location's screen). */
  slug: string;
  name: string;
  /** The page's logo (the location's own, else the gym's), or null: show the initials. */
  logo: string | null;
}

/** One occurrence of a timetable entry: a class on the wall clock of the studio, in epoch ms. */
export interface ScreenOccurrence {
  /** The timetable entry's id (one occurrence of an entry at most in an answer). */
  id: string;
  /** One of `classes`. */
  videoId: string;
  startsAt: number;
  /** startsAt + the class's length. */
  endsAt: number;
}

/**
 * GET /api/screen/timetable. `entries` are the occurrences that start within the next
 * TIMETABLE_WINDOW_MS plus one in progress (endsAt after now), sorted by startsAt; `classes` holds
 * each class they name, in the public gym answer's shape (hlsUrl, mp4Url, posterUrl, rideTrackUrl,
 * offline…). Answered with an ETag: send If-None-Match and a 304 means nothing changed. Records
 * the screen's last-seen time. 401 with code 'screen_revoked' once the screen is removed.
 */
export interface ScreenTimetableResponse {
  screen: ScreenIdentity;
  gym: ScreenGym;
  /** The studio's IANA time zone (the owner's profile): the wall clock the timetable is set in. */
  timeZone: string;
  entries: ScreenOccurrence[];
  classes: PublicGymVideo[];
}

export const screenDeviceEndpoints = {
  startPairing: endpoint<{ response: ScreenPairingStarted }>()({
    method: 'POST',
    path: SCREEN_PAIRINGS_PATH,
    access: 'public',
    summary: 'A screen asks for a pairing code (rate-limited per client)',
    status: 201,
  }),
  pairingStatus: endpoint<{ response: ScreenPairingStatus }>()({
    method: 'GET',
    path: `${SCREEN_PAIRINGS_PATH}/:pairingId`,
    access: 'public',
    summary: "A screen's pairing: waiting, or paired with its token once",
  }),
  timetable: endpoint<{ response: ScreenTimetableResponse }>()({
    method: 'GET',
    path: SCREEN_TIMETABLE_PATH,
    access: 'public',
    summary: "A paired screen's next classes (Authorization: Bearer <screen token>)",
  }),
} as const;
