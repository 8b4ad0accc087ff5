import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCATION_MESSAGES,
  LOCATIONS_PATH,
  type LocationBody,
  type LocationsView,
} from '@shared/locations.contract';
import { MULTI_LOCATION_LIMIT } from '@shared/plan-features';
import { PLANS, type PlanId } from '@shared/plans';
import { videos } from '../../db/schema/videos';
import { onboardedGym, startTestApp, type TestApp } from '../../test/harness';
import { SLUG_RESERVED, SLUG_TAKEN } from '@shared/slug.contract';

let t: TestApp;
let counter = 0;

beforeAll(async () => {
  t = await startTestApp();
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const unique = (prefix: string) => `${prefix}-${++counter}-${Date.now().toString(36)}`;

/** An onboarded gym on `plan`, with its own slug. */
const gym = (plan: PlanId = 'elite-studio') => onboardedGym(t, plan);

type Owner = Awaited<ReturnType<typeof gym>>;

async function enhancedClass(owner: Owner, title: string): Promise<string> {
  const id = randomUUID();
  await t.database.db.insert(videos).values({
    id,
    userId: owner.id,
    title,
    originalFileName: 'class.mp4',
    originalFileUrl: `/api/objects/uploads/${owner.id}/${id}`,
    fileSize: '1000',
    processingStatus: 'enhanced',
  });
  return id;
}

function call(owner: Owner | null, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: owner ? { cookie: owner.cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

const body = (extra: Partial<LocationBody> = {}): LocationBody => ({
  name: 'Downtown',
  slug: unique('downtown'),
  ...extra,
});

async function addLocation(owner: Owner, extra: Partial<LocationBody> = {}) {
  const res = await call(owner, 'POST', LOCATIONS_PATH, body(extra));
  expect(res.statusCode).toBe(201);
  const view = res.json().locations as LocationsView;
  return view.locations.at(-1)!;
}

const publicGym = (slug: string) => call(null, 'GET', `/api/gym/${slug}`);
const titlesOn = async (slug: string) =>
  ((await publicGym(slug)).json().videos as { title: string }[]).map((v) => v.title).sort();

describe('locations per plan', () => {
  it('lets only Elite Studio add a location; every plan sees its first location', async () => {
    for (const plan of PLANS) {
      const owner = await gym(plan.id);
      const list = await call(owner, 'GET', LOCATIONS_PATH);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({
        locations: [{ id: 'main', slug: owner.slug, name: 'Iron Spin', online: true }],
        allowed: plan.id === 'elite-studio',
        limit: plan.id === 'elite-studio' ? MULTI_LOCATION_LIMIT : 1,
        notice: null,
      });
      const res = await call(owner, 'POST', LOCATIONS_PATH, body());
      if (plan.id === 'elite-studio') {
        expect(res.statusCode).toBe(201);
        expect(res.json().message).toBe(LOCATION_MESSAGES.created);
      } else {
        expect([plan.id, res.statusCode]).toEqual([plan.id, 403]);
        expect(res.json().message).toBe(LOCATION_MESSAGES.locked);
      }
    }
    expect((await call(null, 'GET', LOCATIONS_PATH)).statusCode).toBe(401);
  });
});

describe('a location page', () => {
  it('has its own slug, name and colours, and shows only the classes it offers', async () => {
    const owner = await gym();
    const everywhere = await enhancedClass(owner, 'Everywhere Climb');
    const downtownOnly = await enhancedClass(owner, 'Downtown Sprint');
    const location = await addLocation(owner, {
      name: 'Iron Spin Downtown',
      primaryColor: '#00AA55',
    });
    expect(location).toMatchObject({
      name: 'Iron Spin Downtown',
      primaryColor: '#00aa55',
      overrides: { primaryColor: '#00aa55', secondaryColor: null },
      online: true,
      videoIds: [],
    });
    // A new location offers nothing yet; its page is live and empty.
    expect(await titlesOn(location.slug)).toEqual([]);

    let res = await call(owner, 'PUT', `${LOCATIONS_PATH}/${location.id}/classes`, {
      videoIds: [everywhere, downtownOnly],
    });
    expect(res.statusCode).toBe(200);
    res = await call(owner, 'PUT', `${LOCATIONS_PATH}/main/classes`, { videoIds: [everywhere] });
    expect(res.statusCode).toBe(200);
    const view = res.json().locations as LocationsView;
    expect(view.locations.map((l) => l.videoIds.sort())).toEqual([
      [everywhere],
      [everywhere, downtownOnly].sort(),
    ]);

    const page = (await publicGym(location.slug)).json();
    expect(page).toMatchObject({ slug: location.slug, gymName: 'Iron Spin Downtown' });
    expect(page.branding.primaryColor).toBe('#00aa55');
    expect(await titlesOn(location.slug)).toEqual(['Downtown Sprint', 'Everywhere Climb']);
    expect(await titlesOn(owner.slug)).toEqual(['Everywhere Climb']);
  });

  it('keeps every class offered somewhere, and refuses classes that are not the owner’s', async () => {
    const owner = await gym();
    const other = await gym();
    const only = await enhancedClass(owner, 'Only Here');
    const theirs = await enhancedClass(other, 'Not Yours');
    const location = await addLocation(owner);

    // Removing the class from the first location while no other offers it: refused, nothing changed.
    let res = await call(owner, 'PUT', `${LOCATIONS_PATH}/main/classes`, { videoIds: [] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LOCATION_MESSAGES.lastLocation(['Only Here']));
    expect(await titlesOn(owner.slug)).toEqual(['Only Here']);

    for (const videoIds of [[theirs], [randomUUID()], ['not-a-uuid'], 'x', [1]]) {
      res = await call(owner, 'PUT', `${LOCATIONS_PATH}/${location.id}/classes`, { videoIds });
      expect(res.statusCode).toBe(400);
    }
    expect((await call(owner, 'GET', LOCATIONS_PATH)).json().locations[1].videoIds).toEqual([]);
    expect(only).toBeTruthy();
  });

  it('answers 404 for another owner’s location and for a malformed id, and changes nothing', async () => {
    const owner = await gym();
    const stranger = await gym();
    const location = await addLocation(owner, { name: 'Uptown' });
    for (const id of [location.id, 'not-a-uuid', randomUUID(), '../main']) {
      for (const [method, url, payload] of [
        ['PUT', `${LOCATIONS_PATH}/${id}`, body()],
        ['DELETE', `${LOCATIONS_PATH}/${id}`, undefined],
        ['PUT', `${LOCATIONS_PATH}/${id}/classes`, { videoIds: [] }],
      ] as const) {
        const res = await call(stranger, method, url, payload);
        expect([id, method, url, res.statusCode]).toEqual([id, method, url, 404]);
      }
    }
    expect((await publicGym(location.slug)).json().gymName).toBe('Uptown');
  });

  it('takes a slug no gym, old slug or other location holds', async () => {
    const owner = await gym();
    const other = await gym();
    const taken = await addLocation(other);
    for (const slug of [other.slug, owner.slug, taken.slug]) {
      const res = await call(owner, 'POST', LOCATIONS_PATH, body({ slug }));
      expect([slug, res.statusCode, res.json().message]).toEqual([slug, 409, SLUG_TAKEN]);
    }
    const reserved = await call(owner, 'POST', LOCATIONS_PATH, body({ slug: 'admin' }));
    expect(reserved.statusCode).toBe(409);
    expect(reserved.json().message).toBe(SLUG_RESERVED);
    for (const bad of [{ slug: 'Bad Slug' }, { name: 'x' }, { primaryColor: 'red' }, { slug: 7 }]) {
      const res = await call(owner, 'POST', LOCATIONS_PATH, { ...body(), ...bad });
      expect(res.statusCode).toBe(400);
    }
    // A gym cannot move onto a location's slug either.
    const move = await call(owner, 'PUT', '/api/auth/slug', { slug: taken.slug });
    expect(move.statusCode).toBe(409);
    expect(move.json().message).toBe(SLUG_TAKEN);
    expect((await call(owner, 'GET', LOCATIONS_PATH)).json().locations).toHaveLength(1);
  });

  it('is checked as the location form types it: the owner’s own gym and old slugs are taken there', async () => {
    const owner = await gym();
    const first = owner.slug;
    const moved = await call(owner, 'PUT', '/api/auth/slug', { slug: unique('moved') });
    expect(moved.statusCode).toBe(200);
    const check = (slug: string, purpose?: string) =>
      call(
        owner,
        'GET',
        `/api/auth/check-slug?slug=${slug}${purpose ? `&purpose=${purpose}` : ''}`,
      );
    // For the gym, its own old slug is free (it may move back); for a location it is not.
    expect((await check(first)).json()).toMatchObject({ available: true });
    const asLocation = (await check(first, 'location')).json();
    expect(asLocation).toMatchObject({ available: false, message: SLUG_TAKEN });
    expect(asLocation.suggestions.length).toBeGreaterThan(0);
    expect(asLocation.suggestions).not.toContain(first);
    // And the form's answer is the create's answer.
    const created = await call(owner, 'POST', LOCATIONS_PATH, body({ slug: first }));
    expect([created.statusCode, created.json().message]).toEqual([409, SLUG_TAKEN]);
    expect((await check(unique('free'), 'location')).json()).toMatchObject({ available: true });
    const bad = await check(unique('free'), 'elsewhere');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().available).toBe(false);
  });

  it('keeps its old link after a slug change, holds the old slug against others, and may move back', async () => {
    const owner = await gym();
    const other = await gym();
    const harbour = await addLocation(owner);
    const first = harbour.slug;
    const renamed = unique('quayside');
    const res = await call(
      owner,
      'PUT',
      `${LOCATIONS_PATH}/${harbour.id}`,
      body({ slug: renamed }),
    );
    expect(res.statusCode).toBe(200);

    // The old address leads to the new one; the new one is the page.
    expect((await publicGym(first)).json()).toEqual({ redirectTo: renamed });
    expect((await publicGym(renamed)).json()).toMatchObject({ slug: renamed, gymName: 'Downtown' });

    // Nobody else takes the old slug: another gym, another location, the owner's own gym.
    const asGym = await call(other, 'PUT', '/api/auth/slug', { slug: first });
    expect([asGym.statusCode, asGym.json().message]).toEqual([409, SLUG_TAKEN]);
    const asLocation = await call(other, 'POST', LOCATIONS_PATH, body({ slug: first }));
    expect([asLocation.statusCode, asLocation.json().message]).toEqual([409, SLUG_TAKEN]);
    const own = await call(owner, 'PUT', '/api/auth/slug', { slug: first });
    expect(own.statusCode).toBe(409);
    const checked = await call(other, 'GET', `/api/auth/check-slug?slug=${first}`);
    expect(checked.json()).toMatchObject({ available: false, message: SLUG_TAKEN });

    // The location itself may move back: its form's check says so, the address is its page again.
    const forItself = await call(
      owner,
      'GET',
      `/api/auth/check-slug?slug=${first}&purpose=location&location=${harbour.id}`,
    );
    expect(forItself.json()).toMatchObject({ available: true });
    const forOther = await call(
      other,
      'GET',
      `/api/auth/check-slug?slug=${first}&purpose=location&location=${harbour.id}`,
    );
    expect(forOther.json()).toMatchObject({ available: false, message: SLUG_TAKEN });
    const back = await call(owner, 'PUT', `${LOCATIONS_PATH}/${harbour.id}`, body({ slug: first }));
    expect(back.statusCode).toBe(200);
    expect((await publicGym(first)).json()).toMatchObject({ slug: first });
    expect((await publicGym(renamed)).json()).toEqual({ redirectTo: first });

    // Offline off Elite: no redirect either; deleting the location frees its old slugs.
    await call(owner, 'PUT', '/api/auth/plan', { planId: 'spin-master' });
    expect((await publicGym(renamed)).statusCode).toBe(404);
    await call(owner, 'PUT', '/api/auth/plan', { planId: 'elite-studio' });
    expect((await call(owner, 'DELETE', `${LOCATIONS_PATH}/${harbour.id}`)).statusCode).toBe(200);
    expect((await publicGym(renamed)).statusCode).toBe(404);
    const free = await call(other, 'PUT', '/api/auth/slug', { slug: renamed });
    expect(free.statusCode).toBe(200);
  });

  it(`stops at ${MULTI_LOCATION_LIMIT} locations in all`, async () => {
    const owner = await gym();
    for (let i = 1; i < MULTI_LOCATION_LIMIT; i++) await addLocation(owner);
    const res = await call(owner, 'POST', LOCATIONS_PATH, body());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LOCATION_MESSAGES.limit);
  });

  it('renames, recolours and deletes; the classes only it offered go back to the first location', async () => {
    const owner = await gym();
    const first = await enhancedClass(owner, 'First Ride');
    const moved = await enhancedClass(owner, 'Moved Ride');
    const location = await addLocation(owner);
    await call(owner, 'PUT', `${LOCATIONS_PATH}/${location.id}/classes`, { videoIds: [moved] });
    await call(owner, 'PUT', `${LOCATIONS_PATH}/main/classes`, { videoIds: [first] });
    const slug = unique('renamed');
    const res = await call(owner, 'PUT', `${LOCATIONS_PATH}/${location.id}`, {
      name: 'Renamed',
      slug,
      secondaryColor: '#222222',
    });
    expect(res.statusCode).toBe(200);
    // The old address leads to the new one (below: kept across renames, held against others).
    expect((await publicGym(location.slug)).json()).toEqual({ redirectTo: slug });
    expect((await publicGym(slug)).json()).toMatchObject({ gymName: 'Renamed' });

    const removed = await call(owner, 'DELETE', `${LOCATIONS_PATH}/${location.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(LOCATION_MESSAGES.deleted);
    expect((await publicGym(slug)).statusCode).toBe(404);
    expect(await titlesOn(owner.slug)).toEqual(['First Ride', 'Moved Ride']);
  });

  it('goes offline off Elite Studio with a notice, nothing deleted, and comes back on Elite', async () => {
    const owner = await gym();
    const main = await enhancedClass(owner, 'Main Ride');
    const location = await addLocation(owner, { name: 'Harbour' });
    expect((await publicGym(location.slug)).statusCode).toBe(200);
    const only = await enhancedClass(owner, 'Harbour Ride');
    await call(owner, 'PUT', `${LOCATIONS_PATH}/${location.id}/classes`, { videoIds: [only] });
    await call(owner, 'PUT', `${LOCATIONS_PATH}/main/classes`, { videoIds: [main] });

    // Through the plan change an owner makes, so the public cache hears of it.
    const down = await call(owner, 'PUT', '/api/auth/plan', { planId: 'spin-master' });
    expect(down.statusCode).toBe(200);
    expect((await publicGym(location.slug)).statusCode).toBe(404);
    expect((await publicGym(owner.slug)).statusCode).toBe(200);
    const view = (await call(owner, 'GET', LOCATIONS_PATH)).json() as LocationsView;
    // Harbour Ride is offered only there: the notice says riders do not see it meanwhile.
    expect(view.notice).toBe(
      `${LOCATION_MESSAGES.offline(1)} ${LOCATION_MESSAGES.offlineClasses(1)}`,
    );
    expect(await titlesOn(owner.slug)).toEqual(['Main Ride']);
    expect(view.locations[1]).toMatchObject({ name: 'Harbour', online: false });
    const edit = await call(owner, 'PUT', `${LOCATIONS_PATH}/${location.id}`, body());
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(LOCATION_MESSAGES.locked);

    const up = await call(owner, 'PUT', '/api/auth/plan', { planId: 'elite-studio' });
    expect(up.statusCode).toBe(200);
    expect((await publicGym(location.slug)).json()).toMatchObject({ gymName: 'Harbour' });
  });
});
