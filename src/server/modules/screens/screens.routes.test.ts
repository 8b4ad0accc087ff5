import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATIONS_PATH, type LocationsView } from '@shared/locations.contract';
import {
  PAIRING_TTL_MS,
  SCREEN_CODE_ALPHABET,
  SCREEN_DEVICE_MESSAGES,
  SCREEN_PAIRINGS_PATH,
  SCREEN_TIMETABLE_PATH,
  SCREENS_LIMIT,
  formatScreenCode,
  screenAuthorization,
  type ScreenPairingStarted,
  type ScreenPairingStatus,
  type ScreenTimetableResponse,
} from '@shared/screens';
import {
  SCREEN_MESSAGES,
  SCREENS_PATH,
  TIMETABLE_MESSAGES,
  TIMETABLE_PATH,
  type ScreenDto,
  type ScreensView,
  type TimetableEntryDto,
  type TimetableView,
} from '@shared/screens.contract';
import { screens, timetableEntries } from '../../db/schema/screens';
import { users } from '../../db/schema/users';
import { videos } from '../../db/schema/videos';
import {
  injectAs,
  insertClass,
  onboardedGym,
  startTestApp,
  type TestApp,
} from '../../test/harness';
import { SCREEN_LIMITS, WRONG_CODES } from './screens.routes';

/**
 * Studio screens (issue #21 part 3, decision 0049): a screen pairs through the real pairing API
 * with the code the owner types, holds a token stored as its hash, reads its timetable at the
 * studio's wall clock and is refused at once when removed; the owner's timetable rules (the class
 * theirs, ready and offered on the page; the page's screens; no overlap on a common screen).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 240_000);
afterAll(() => t?.close());

type Owner = Awaited<ReturnType<typeof onboardedGym>>;
const gym = (plan: Parameters<typeof onboardedGym>[1] = 'spin-starter') => onboardedGym(t, plan);
const call = (owner: Owner | null, method: string, url: string, payload?: unknown) =>
  injectAs(t, owner, method, url, payload);

/** Each test's screens come from their own address (the pairing limit is per client). */
let address = 0;
const screenAddress = () => `198.51.100.${(address += 1)}`;

async function startPairing(remoteAddress = screenAddress()): Promise<ScreenPairingStarted> {
  const res = await t.app.inject({ method: 'POST', url: SCREEN_PAIRINGS_PATH, remoteAddress });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ScreenPairingStarted>();
}

const poll = (pairingId: string) =>
  t.app.inject({ method: 'GET', url: `${SCREEN_PAIRINGS_PATH}/${pairingId}` });

const timetable = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: SCREEN_TIMETABLE_PATH,
    headers: { authorization: screenAuthorization(token), ...headers },
  });

/** A screen paired by `owner` on a page, through the real API: its dto and token. */
async function pairScreen(owner: Owner, name = 'Front TV', locationId: string | null = null) {
  const { pairingId, code } = await startPairing();
  const res = await call(owner, 'POST', SCREENS_PATH, { code, name, locationId });
  expect(res.statusCode, res.body).toBe(201);
  const status = (await poll(pairingId)).json<ScreenPairingStatus>();
  if (status.status !== 'paired') throw new Error('not paired');
  return { screen: res.json<ScreenDto>(), token: status.token };
}

async function addEntry(owner: Owner, body: Record<string, unknown>) {
  return call(owner, 'POST', TIMETABLE_PATH, { locationId: null, dayOfWeek: 1, ...body });
}

const fieldOf = (res: { json: <T>() => T }) =>
  res.json<{ errors?: { field: string; message: string }[] }>().errors?.[0];

async function addLocation(owner: Owner, slug: string) {
  const res = await call(owner, 'POST', LOCATIONS_PATH, { name: 'Downtown', slug });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ locations: LocationsView }>().locations.locations.at(-1)!.id;
}

const setTimeZone = (owner: Owner, timeZone: string) =>
  t.database.db.update(users).set({ timeZone }).where(eq(users.id, owner.id));

describe('pairing a screen', () => {
  it('shows a code, is paired by the owner typing it any way, and gets its token once', async () => {
    const owner = await gym();
    const started = await startPairing();
    expect(started.code).toMatch(/^[A-Z2-9]{6}$/);
    expect([...started.code].every((c) => SCREEN_CODE_ALPHABET.includes(c))).toBe(true);
    expect(started.expiresAt).toBeGreaterThan(t.now() + PAIRING_TTL_MS - 5_000);
    expect((await poll(started.pairingId)).json()).toEqual({
      status: 'waiting',
      code: started.code,
      expiresAt: started.expiresAt,
    });

    // Typed as the TV shows it, in lower case with the dash.
    const typed = formatScreenCode(started.code).toLowerCase();
    const res = await call(owner, 'POST', SCREENS_PATH, {
      code: ` ${typed} `,
      name: '  Spin room TV ',
      locationId: null,
    });
    expect(res.statusCode, res.body).toBe(201);
    const screen = res.json<ScreenDto>();
    expect(screen).toMatchObject({ name: 'Spin room TV', locationId: null, lastSeenAt: null });

    const paired = (await poll(started.pairingId)).json<ScreenPairingStatus>();
    expect(paired).toMatchObject({
      status: 'paired',
      screen: { id: screen.id, name: 'Spin room TV' },
    });
    const token = paired.status === 'paired' ? paired.token : '';
    expect(token).toMatch(/^[\w-]{43}$/);
    // Only its hash is stored.
    const [row] = await t.database.db.select().from(screens).where(eq(screens.id, screen.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenHash).toHaveLength(64);

    // Once: the pairing is gone.
    const again = await poll(started.pairingId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      message: SCREEN_DEVICE_MESSAGES.pairingExpired,
      code: 'pairing_expired',
    });

    // The screen reads its timetable; the owner sees it was seen.
    expect((await timetable(token)).statusCode).toBe(200);
    const list = (await call(owner, 'GET', SCREENS_PATH)).json<ScreensView>().screens;
    expect(list).toHaveLength(1);
    expect(list[0]!.lastSeenAt).not.toBeNull();
  });

  it('refuses a code that is not one, is used, or expired, on the code field', async () => {
    const owner = await gym();
    const refused = async (code: unknown) => {
      const res = await call(owner, 'POST', SCREENS_PATH, { code, name: 'TV' });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldOf(res)).toEqual({ field: 'code', message: SCREEN_MESSAGES.codeInvalid });
    };
    for (const code of ['ABC-DE0', 'ABCDE', 'ABCDEFG', 'OIL-ABC', 'x'.repeat(5000), 42, null]) {
      await refused(code);
    }
    // A well-formed code nobody shows.
    await refused('ZZZ-ZZZ');

    const used = await startPairing();
    expect(
      (await call(owner, 'POST', SCREENS_PATH, { code: used.code, name: 'A' })).statusCode,
    ).toBe(201);
    await refused(used.code);
    // The other owner cannot take it either.
    const other = await gym();
    const res = await call(other, 'POST', SCREENS_PATH, { code: used.code, name: 'B' });
    expect(fieldOf(res)?.field).toBe('code');

    const late = await startPairing();
    t.advance(PAIRING_TTL_MS + 1_000);
    await refused(late.code);
    expect((await poll(late.pairingId)).statusCode).toBe(404);
  });

  it('holds an owner back after too many wrong codes (a code cannot be guessed)', async () => {
    const owner = await gym();
    for (let i = 0; i < WRONG_CODES.max; i++) {
      const res = await call(owner, 'POST', SCREENS_PATH, { code: 'ZZZ-ZZZ', name: 'TV' });
      expect(res.statusCode).toBe(400);
    }
    const { code } = await startPairing();
    const held = await call(owner, 'POST', SCREENS_PATH, { code, name: 'TV' });
    expect(held.statusCode).toBe(429);
    expect(held.json<{ message: string }>().message).toMatch(/^Too many wrong codes/);
    // Another owner types the right code.
    expect((await call(await gym(), 'POST', SCREENS_PATH, { code, name: 'TV' })).statusCode).toBe(
      201,
    );
  });

  it('answers unknown pairings and bad tokens in the screen’s words, never a 500', async () => {
    for (const id of ['nope', 'A'.repeat(64), '%00', '..%2F..']) {
      const res = await poll(id);
      expect([400, 404]).toContain(res.statusCode);
    }
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      'Bearer x',
      `Bearer ${'a'.repeat(43)}`,
      `Basic ${'a'.repeat(43)}`,
      `Bearer ${'a'.repeat(5000)}`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: SCREEN_TIMETABLE_PATH,
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: SCREEN_DEVICE_MESSAGES.revoked,
        code: 'screen_revoked',
      });
    }
  });

  it('limits new codes per client address', async () => {
    const remoteAddress = '203.0.113.77';
    for (let i = 0; i < SCREEN_LIMITS.pairing.max; i++) await startPairing(remoteAddress);
    const res = await t.app.inject({ method: 'POST', url: SCREEN_PAIRINGS_PATH, remoteAddress });
    expect(res.statusCode).toBe(429);
    // Another address is not held back.
    await startPairing();
  });

  it(`holds ${SCREENS_LIMIT} screens an account`, async () => {
    const owner = await gym();
    await t.database.db
      .insert(screens)
      .values(
        Array.from({ length: SCREENS_LIMIT }, (_, i) => ({ ownerId: owner.id, name: `TV ${i}` })),
      );
    const { code } = await startPairing();
    const res = await call(owner, 'POST', SCREENS_PATH, { code, name: 'One more' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: SCREEN_MESSAGES.limit });
  });
});

describe('the owner’s screens', () => {
  it('renames, moves and removes only their own; a removed screen is refused at once', async () => {
    const owner = await gym('elite-studio');
    const other = await gym('elite-studio');
    const theirs = await addLocation(other, `theirs-${Date.now().toString(36)}`);
    const mine = await addLocation(owner, `mine-${Date.now().toString(36)}`);
    const { screen, token } = await pairScreen(owner);

    // Another owner's location, or none at all, is refused on its field.
    for (const locationId of [theirs, '7b0a8a52-5f0e-4c4a-9d7e-7d2f7f9a0c11', 'main']) {
      const res = await call(owner, 'PATCH', `${SCREENS_PATH}/${screen.id}`, { locationId });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldOf(res)).toEqual({
        field: 'locationId',
        message: SCREEN_MESSAGES.locationUnknown,
      });
    }
    const moved = await call(owner, 'PATCH', `${SCREENS_PATH}/${screen.id}`, {
      name: 'Downtown TV',
      locationId: mine.toUpperCase(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ name: 'Downtown TV', locationId: mine });
    // Nothing to change: refused; the same page again: the screen as it is.
    const nothing = await call(owner, 'PATCH', `${SCREENS_PATH}/${screen.id}`, {});
    expect(nothing.statusCode, nothing.body).toBe(400);
    expect(nothing.json()).toMatchObject({ message: SCREEN_MESSAGES.nothingToChange });
    const same = await call(owner, 'PATCH', `${SCREENS_PATH}/${screen.id}`, { locationId: mine });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ name: 'Downtown TV', locationId: mine });
    const long = await call(owner, 'PATCH', `${SCREENS_PATH}/${screen.id}`, {
      name: 'x'.repeat(61),
    });
    expect(fieldOf(long)).toEqual({ field: 'name', message: SCREEN_MESSAGES.nameLong });

    // Another owner: 404, whatever they try.
    for (const [method, payload] of [
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      expect((await call(other, method, `${SCREENS_PATH}/${screen.id}`, payload)).statusCode).toBe(
        404,
      );
    }
    expect((await call(owner, 'DELETE', `${SCREENS_PATH}/not-an-id`)).statusCode).toBe(404);

    const gym1 = (await timetable(token)).json<ScreenTimetableResponse>();
    expect(gym1.screen).toEqual({ id: screen.id, name: 'Downtown TV' });
    expect(gym1.gym).toMatchObject({ name: 'Downtown' });

    expect((await call(owner, 'DELETE', `${SCREENS_PATH}/${screen.id}`)).statusCode).toBe(204);
    const gone = await timetable(token);
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toEqual({
      message: SCREEN_DEVICE_MESSAGES.revoked,
      code: 'screen_revoked',
    });
    expect((await call(owner, 'GET', SCREENS_PATH)).json<ScreensView>().screens).toEqual([]);
  });
});

describe('the timetable', () => {
  it('takes only the owner’s ready classes offered on the page and the page’s screens', async () => {
    const owner = await gym('elite-studio');
    const other = await gym();
    const ride = await insertClass(t, owner.id, { title: 'Base Ride', duration: '2700' });
    const raw = await insertClass(t, owner.id, { title: 'Raw', processingStatus: 'processing' });
    const foreign = await insertClass(t, other.id, { title: 'Theirs' });
    const downtown = await addLocation(owner, `dt-${Date.now().toString(36)}`);
    const { screen: front } = await pairScreen(owner, 'Front');
    const { screen: away } = await pairScreen(owner, 'Away', downtown);

    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ videoId: foreign, startTime: '07:00' }, 'videoId', TIMETABLE_MESSAGES.classUnknown],
      [{ videoId: raw, startTime: '07:00' }, 'videoId', TIMETABLE_MESSAGES.classNotReady],
      [
        { videoId: ride, startTime: '07:00', locationId: downtown },
        'videoId',
        TIMETABLE_MESSAGES.classNotOffered,
      ],
      [
        { videoId: ride, startTime: '07:00', screenIds: [away.id] },
        'screenIds',
        TIMETABLE_MESSAGES.screenUnknown,
      ],
      [{ videoId: ride, startTime: '24:00' }, 'startTime', TIMETABLE_MESSAGES.time],
      [{ videoId: ride, startTime: '7:00' }, 'startTime', TIMETABLE_MESSAGES.time],
      [{ videoId: ride, startTime: '07:00', dayOfWeek: 8 }, 'dayOfWeek', TIMETABLE_MESSAGES.day],
      [{ videoId: ride, startTime: '07:00', dayOfWeek: 0 }, 'dayOfWeek', TIMETABLE_MESSAGES.day],
      [{ videoId: 'x', startTime: '07:00' }, 'videoId', TIMETABLE_MESSAGES.classUnknown],
    ];
    for (const [body, field, message] of refusals) {
      const res = await addEntry(owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldOf(res), JSON.stringify(body)).toEqual({ field, message });
    }

    const res = await addEntry(owner, { videoId: ride, startTime: '07:00', screenIds: [front.id] });
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json<TimetableEntryDto>();
    expect(entry).toMatchObject({
      videoId: ride,
      dayOfWeek: 1,
      startTime: '07:00',
      screenIds: [front.id],
    });
    expect((await call(owner, 'GET', TIMETABLE_PATH)).json<TimetableView>()).toEqual({
      timeZone: 'UTC',
      entries: [entry],
    });
    // Another owner neither sees nor changes it.
    expect((await call(other, 'GET', TIMETABLE_PATH)).json<TimetableView>().entries).toEqual([]);
    expect(
      (
        await call(other, 'PUT', `${TIMETABLE_PATH}/${entry.id}`, {
          videoId: ride,
          dayOfWeek: 1,
          startTime: '08:00',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(other, 'DELETE', `${TIMETABLE_PATH}/${entry.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `${TIMETABLE_PATH}/%00`)).statusCode).toBe(404);
  });

  it('refuses an overlap on a common screen in words naming the other class', async () => {
    const owner = await gym();
    const climb = await insertClass(t, owner.id, { title: 'Hill Climb', duration: '2700' });
    const sprint = await insertClass(t, owner.id, { title: 'Sprint', duration: '1200' });
    const { screen: a } = await pairScreen(owner, 'A');
    const { screen: b } = await pairScreen(owner, 'B');

    const first = await addEntry(owner, { videoId: climb, dayOfWeek: 2, startTime: '18:00' });
    expect(first.statusCode, first.body).toBe(201);
    // Every screen (the default) against every screen: refused.
    const clash = await addEntry(owner, { videoId: sprint, dayOfWeek: 2, startTime: '18:30' });
    expect(clash.statusCode).toBe(400);
    const words = 'This overlaps "Hill Climb" on Tuesday at 18:00 on the same screen.';
    expect(fieldOf(clash)).toEqual({ field: 'startTime', message: words });
    expect(clash.json()).toMatchObject({ message: words });
    // Back to back is fine.
    expect(
      (await addEntry(owner, { videoId: sprint, dayOfWeek: 2, startTime: '18:45' })).statusCode,
    ).toBe(201);

    // On listed screens: only a common one clashes.
    const late = await addEntry(owner, {
      videoId: climb,
      dayOfWeek: 3,
      startTime: '06:00',
      screenIds: [a.id],
    });
    expect(late.statusCode).toBe(201);
    expect(
      (
        await addEntry(owner, {
          videoId: sprint,
          dayOfWeek: 3,
          startTime: '06:10',
          screenIds: [b.id],
        })
      ).statusCode,
    ).toBe(201);
    const common = await addEntry(owner, {
      videoId: sprint,
      dayOfWeek: 3,
      startTime: '06:30',
      screenIds: [b.id, a.id],
    });
    expect(common.statusCode).toBe(400);

    // An entry's own change does not clash with itself; a change into another's slot does.
    const id = late.json<TimetableEntryDto>().id;
    const self = await call(owner, 'PUT', `${TIMETABLE_PATH}/${id}`, {
      videoId: climb,
      dayOfWeek: 3,
      startTime: '06:05',
      screenIds: [a.id],
    });
    expect(self.statusCode, self.body).toBe(200);
    const into = await call(owner, 'PUT', `${TIMETABLE_PATH}/${id}`, {
      videoId: climb,
      dayOfWeek: 2,
      startTime: '18:10',
      screenIds: [a.id],
    });
    expect(fieldOf(into)?.message).toBe(words);

    // Removing screen A leaves its only entry on no screen: the entry goes with it.
    expect((await call(owner, 'DELETE', `${SCREENS_PATH}/${a.id}`)).statusCode).toBe(204);
    const left = (await call(owner, 'GET', TIMETABLE_PATH)).json<TimetableView>().entries;
    expect(left.map((e) => [e.dayOfWeek, e.startTime])).toEqual([
      [2, '18:00'],
      [2, '18:45'],
      [3, '06:10'],
    ]);
  });

  it('gives a screen its next classes at the studio’s wall clock, with an ETag', async () => {
    const owner = await gym();
    await setTimeZone(owner, 'America/New_York');
    const climb = await insertClass(t, owner.id, { title: 'Hill Climb', duration: '2700' });
    const sprint = await insertClass(t, owner.id, { title: 'Sprint', duration: '1200' });
    const { screen: front, token } = await pairScreen(owner, 'Front');
    const { screen: back } = await pairScreen(owner, 'Back');

    // Tomorrow and the day after, in New York.
    const now = t.now();
    const weekday = (offsetDays: number) => {
      const name = new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        weekday: 'short',
      }).format(new Date(now + offsetDays * 86_400_000));
      return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(name) + 1;
    };
    const tomorrow = await addEntry(owner, {
      videoId: climb,
      dayOfWeek: weekday(1),
      startTime: '07:00',
    });
    expect(tomorrow.statusCode, tomorrow.body).toBe(201);
    // Only on the back screen: not the front one's.
    await addEntry(owner, {
      videoId: sprint,
      dayOfWeek: weekday(1),
      startTime: '09:00',
      screenIds: [back.id],
    });
    // Three days ahead: outside the 36 h window.
    await addEntry(owner, { videoId: sprint, dayOfWeek: weekday(3), startTime: '07:00' });

    const res = await timetable(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const body = res.json<ScreenTimetableResponse>();
    expect(body.screen).toEqual({ id: front.id, name: 'Front' });
    expect(body.gym).toEqual({ slug: owner.slug, name: 'Iron Spin', logo: null });
    expect(body.timeZone).toBe('America/New_York');
    expect(body.entries).toHaveLength(1);
    const [next] = body.entries;
    expect(next!.videoId).toBe(climb);
    expect(next!.endsAt - next!.startsAt).toBe(2700 * 1000);
    const wall = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(next!.startsAt));
    expect(wall).toBe('07:00');
    expect(body.classes.map((c) => [c.id, c.title, c.duration])).toEqual([
      [climb, 'Hill Climb', '45 min'],
    ]);

    // Unchanged: 304 without a body.
    const same = await timetable(token, { 'if-none-match': String(res.headers.etag) });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');

    // A class no longer ready for riders is left out (its entry stays in the owner's timetable).
    await t.database.db
      .update(videos)
      .set({ processingStatus: 'failed' })
      .where(eq(videos.id, climb));
    // (a change of title rebuilds the owner's cached page)
    await call(owner, 'PATCH', `/api/auth/videos/${climb}`, { title: 'Hill Climb II' });
    const after = await timetable(token, { 'if-none-match': String(res.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json<ScreenTimetableResponse>().entries).toEqual([]);
  });

  it('goes with the class, the location or the account it points at', async () => {
    const owner = await gym('elite-studio');
    const climb = await insertClass(t, owner.id, { title: 'Hill Climb', duration: '2700' });
    const downtown = await addLocation(owner, `gone-${Date.now().toString(36)}`);
    const offer = await call(owner, 'PUT', `${LOCATIONS_PATH}/${downtown}/classes`, {
      videoIds: [climb],
    });
    expect(offer.statusCode, offer.body).toBe(200);
    const { token } = await pairScreen(owner, 'Downtown TV', downtown);
    expect(
      (await addEntry(owner, { videoId: climb, startTime: '07:00', locationId: downtown }))
        .statusCode,
    ).toBe(201);
    expect((await addEntry(owner, { videoId: climb, startTime: '09:00' })).statusCode).toBe(201);

    // The location: its screens and entries go (its screen is told it was removed).
    expect((await call(owner, 'DELETE', `${LOCATIONS_PATH}/${downtown}`)).statusCode).toBe(200);
    expect((await timetable(token)).statusCode).toBe(401);
    const left = (await call(owner, 'GET', TIMETABLE_PATH)).json<TimetableView>().entries;
    expect(left.map((e) => e.locationId)).toEqual([null]);

    // The class: its entries go.
    expect((await call(owner, 'DELETE', `/api/auth/videos/${climb}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', TIMETABLE_PATH)).json<TimetableView>().entries).toEqual([]);

    // The account: everything.
    const again = await insertClass(t, owner.id, { title: 'Again' });
    await addEntry(owner, { videoId: again, startTime: '07:00' });
    await t.database.db.delete(users).where(eq(users.id, owner.id));
    const rows = await t.database.db
      .select()
      .from(timetableEntries)
      .where(eq(timetableEntries.ownerId, owner.id));
    expect(rows).toEqual([]);
  });
});
