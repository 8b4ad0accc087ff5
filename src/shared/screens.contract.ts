import { z } from 'zod';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';
import { publicGymVideo } from './public-gym.contract';
import {
  SCREEN_NAME_MAX,
  SCREENS_LIMIT,
  screenDeviceEndpoints,
  TIMETABLE_ENTRIES_LIMIT,
  normalizeScreenCode,
  type ScreenPairingStarted,
  type ScreenPairingStatus,
  type ScreenTimetableResponse,
} from './screens';

/**
 * Studio screens and their timetable (issue #21 part 3, docs/decisions/0049): the owner pairs a
 * screen by typing the code it shows, names it and gives it a page (the gym's own, or one of its
 * locations); per page, a weekly timetable of classes (day, start time on the studio's wall clock,
 * which of the page's screens). The device's endpoints are declared zod-free in screens.ts.
 */
export const SCREENS_PATH = '/api/auth/screens';
export const TIMETABLE_PATH = '/api/auth/timetable';

/** ISO days: 1 is Monday, 7 is Sunday. */
export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export const weekdayName = (dayOfWeek: number): string => WEEKDAY_NAMES[dayOfWeek - 1] ?? '';

export const SCREEN_MESSAGES = {
  codeInvalid: 'That code is not valid or has expired.',
  nameRequired: 'Name the screen so you can tell it apart',
  nameLong: `Screen name must be ${SCREEN_NAME_MAX} characters or fewer`,
  locationUnknown: 'Choose one of your locations, or your main page',
  limit: `An account can pair up to ${SCREENS_LIMIT} screens. Remove one to pair another.`,
  notFound: 'Screen not found',
  paired: 'Screen paired: it shows its timetable in a moment',
  saved: 'Screen saved',
  nothingToChange: 'Nothing to change: send the name or the locationId',
  removed: 'Screen removed: it stopped at once',
} as const;

export const TIMETABLE_MESSAGES = {
  classUnknown: 'Choose one of your classes',
  classNotReady: 'This class is not ready for riders yet',
  classNotOffered: 'This class is not offered on this page: offer it there under Locations first',
  day: 'Choose a day from Monday to Sunday',
  time: 'Enter a start time like 07:30',
  screenUnknown: 'Choose screens of this page',
  tooManyScreens: `Choose up to ${SCREENS_LIMIT} screens`,
  overlap: (title: string, dayOfWeek: number, startTime: string) =>
    `This overlaps "${title}" on ${weekdayName(dayOfWeek)} at ${startTime} on the same screen.`,
  limit: `A timetable holds up to ${TIMETABLE_ENTRIES_LIMIT} classes. Delete one to add another.`,
  notFound: 'Timetable entry not found',
  added: 'Class added to the timetable',
  saved: 'Timetable entry saved',
  deleted: 'Class removed from the timetable',
} as const;

/** 'HH:MM', 24 h (00:00–23:59). */
export const START_TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

const screenName = z
  .string({ error: SCREEN_MESSAGES.nameRequired })
  .trim()
  .min(1, SCREEN_MESSAGES.nameRequired)
  .max(SCREEN_NAME_MAX, SCREEN_MESSAGES.nameLong);

/** A location's id, or null for the gym's main page. */
const pageId = z
  .uuid({ error: SCREEN_MESSAGES.locationUnknown })
  .transform((id) => id.toLowerCase())
  .nullable();

/** POST /api/auth/screens: the code the screen shows (any case, dash or space or none). */
export const pairScreenBody = z.object({
  code: z.string({ error: SCREEN_MESSAGES.codeInvalid }).transform((code, ctx) => {
    const normalized = normalizeScreenCode(code);
    if (normalized === null) {
      ctx.addIssue({ code: 'custom', message: SCREEN_MESSAGES.codeInvalid });
      return z.NEVER;
    }
    return normalized;
  }),
  name: screenName,
  locationId: pageId.default(null),
});
export type PairScreenBody = z.input<typeof pairScreenBody>;
export type PairScreenValues = z.output<typeof pairScreenBody>;

/** PATCH /api/auth/screens/{id}: a new name and/or page. */
export const updateScreenBody = z
  .object({
    name: screenName.optional(),
    locationId: pageId.optional(),
  })
  .refine(
    (body) => body.name !== undefined || body.locationId !== undefined,
    SCREEN_MESSAGES.nothingToChange,
  );
export type UpdateScreenBody = z.input<typeof updateScreenBody>;
export type UpdateScreenValues = z.output<typeof updateScreenBody>;

const screen = z.object({
  id: z.string(),
  name: z.string(),
  /** null: the gym's main page. */
  locationId: z.string().nullable(),
  pairedAt: z.string(),
  /** The last time it asked for its timetable, or null: never. */
  lastSeenAt: z.string().nullable(),
});
export type ScreenDto = z.infer<typeof screen>;

const screensView = z.object({ screens: z.array(screen) });
export type ScreensView = z.infer<typeof screensView>;

/** POST /api/auth/timetable and PUT /api/auth/timetable/{id}. */
export const timetableEntryBody = z.object({
  locationId: pageId.default(null),
  videoId: z.uuid({ error: TIMETABLE_MESSAGES.classUnknown }).transform((id) => id.toLowerCase()),
  dayOfWeek: z
    .number({ error: TIMETABLE_MESSAGES.day })
    .int(TIMETABLE_MESSAGES.day)
    .min(1, TIMETABLE_MESSAGES.day)
    .max(7, TIMETABLE_MESSAGES.day),
  startTime: z
    .string({ error: TIMETABLE_MESSAGES.time })
    .max(5, TIMETABLE_MESSAGES.time)
    .regex(START_TIME_PATTERN, TIMETABLE_MESSAGES.time),
  /** Empty: every screen of the page (those paired later too). */
  screenIds: z
    .array(
      z.uuid({ error: TIMETABLE_MESSAGES.screenUnknown }).transform((id) => id.toLowerCase()),
      { error: TIMETABLE_MESSAGES.screenUnknown },
    )
    .max(SCREENS_LIMIT, TIMETABLE_MESSAGES.tooManyScreens)
    .default([]),
});
export type TimetableEntryBody = z.input<typeof timetableEntryBody>;
export type TimetableEntryValues = z.output<typeof timetableEntryBody>;

const timetableEntry = z.object({
  id: z.string(),
  locationId: z.string().nullable(),
  videoId: z.string(),
  dayOfWeek: z.number(),
  startTime: z.string(),
  screenIds: z.array(z.string()),
});
export type TimetableEntryDto = z.infer<typeof timetableEntry>;

const timetableView = z.object({
  /** The owner's time zone (their profile's): start times are on its wall clock. */
  timeZone: z.string(),
  entries: z.array(timetableEntry),
});
export type TimetableView = z.infer<typeof timetableView>;

const screenIdentity = z.object({ id: z.string(), name: z.string() });

const pairingStarted = z.object({
  pairingId: z.string(),
  code: z.string(),
  expiresAt: z.number(),
}) satisfies z.ZodType<ScreenPairingStarted, unknown>;

const pairingStatus = z.discriminatedUnion('status', [
  z.object({ status: z.literal('waiting'), code: z.string(), expiresAt: z.number() }),
  z.object({ status: z.literal('paired'), token: z.string(), screen: screenIdentity }),
]) satisfies z.ZodType<ScreenPairingStatus, unknown>;

const screenTimetable = z.object({
  screen: screenIdentity,
  gym: z.object({ slug: z.string(), name: z.string(), logo: z.string().nullable() }),
  timeZone: z.string(),
  entries: z.array(
    z.object({
      id: z.string(),
      videoId: z.string(),
      startsAt: z.number(),
      endsAt: z.number(),
    }),
  ),
  classes: z.array(publicGymVideo),
}) satisfies z.ZodType<ScreenTimetableResponse, unknown>;

/** The device's endpoints (screens.ts) with the schemas their answers are checked with. */
export const screenDeviceEndpointsWithSchemas = {
  startPairing: withSchemas(screenDeviceEndpoints.startPairing, { response: pairingStarted }),
  pairingStatus: withSchemas(screenDeviceEndpoints.pairingStatus, {
    params: z.object({ pairingId: z.string().max(64) }),
    response: pairingStatus,
  }),
  timetable: withSchemas(screenDeviceEndpoints.timetable, { response: screenTimetable }),
} as const;

export const screensEndpoints = {
  list: withSchemas(
    endpoint<{ response: ScreensView }>()({
      method: 'GET',
      path: SCREENS_PATH,
      access: 'owner',
      summary: "The account's paired screens",
    }),
    { response: screensView },
  ),
  pair: withSchemas(
    endpoint<{ body: PairScreenBody; response: ScreenDto }>()({
      method: 'POST',
      path: SCREENS_PATH,
      access: 'owner',
      summary: 'Pairs the screen showing this code, with a name and a page',
      status: 201,
    }),
    { body: pairScreenBody, response: screen },
  ),
  update: withSchemas(
    endpoint<{ body: UpdateScreenBody; response: ScreenDto }>()({
      method: 'PATCH',
      path: `${SCREENS_PATH}/:id`,
      access: 'owner',
      summary: 'Renames a screen or changes its page',
    }),
    { body: updateScreenBody, response: screen },
  ),
  remove: endpoint()({
    method: 'DELETE',
    path: `${SCREENS_PATH}/:id`,
    access: 'owner',
    summary: 'Removes a screen: its token stops working at once',
    status: 204,
  }),
  timetable: withSchemas(
    endpoint<{ response: TimetableView }>()({
      method: 'GET',
      path: TIMETABLE_PATH,
      access: 'owner',
      summary: "The account's weekly timetable of every page",
    }),
    { response: timetableView },
  ),
  addEntry: withSchemas(
    endpoint<{ body: TimetableEntryBody; response: TimetableEntryDto }>()({
      method: 'POST',
      path: TIMETABLE_PATH,
      access: 'owner',
      summary: 'Adds a class to a page’s weekly timetable',
      status: 201,
    }),
    { body: timetableEntryBody, response: timetableEntry },
  ),
  updateEntry: withSchemas(
    endpoint<{ body: TimetableEntryBody; response: TimetableEntryDto }>()({
      method: 'PUT',
      path: `${TIMETABLE_PATH}/:id`,
      access: 'owner',
      summary: 'Changes a timetable entry',
    }),
    { body: timetableEntryBody, response: timetableEntry },
  ),
  removeEntry: endpoint()({
    method: 'DELETE',
    path: `${TIMETABLE_PATH}/:id`,
    access: 'owner',
    summary: 'Deletes a timetable entry',
    status: 204,
  }),
} as const;
