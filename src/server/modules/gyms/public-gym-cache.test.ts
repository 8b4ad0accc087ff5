import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { buildServices, createLogger, type Services } from '../../composition';
import { loadConfig } from '../../config';
import { users } from '../../db/schema/users';
import { videos } from '../../db/schema/videos';
import { connectDomain, fakeTxtResolver } from '../../test/fake-dns';
import { freshDatabase, registerOwner } from '../../test/harness';
import { SYSTEM } from '../videos/lifecycle';
import { MAX_AGE_MS, publicGymCache } from './public-gym-cache';

/**
 * Decision 0028: the public gym answers are kept in process, and every change they are made of
 * reaches them through the service that owns it. Each rule: warm the answer, change through the
 * owner service, and the next answer (and its ETag) is the new one.
 */

type Db = Awaited<ReturnType<typeof freshDatabase>>;
interface Instance {
  app: FastifyInstance;
  services: Services;
}

const HOUR = 60 * 60 * 1000;
const dns = fakeTxtResolver();
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: '/tmp/cadence-test',
  APP_HOSTS: 'app.cadence.test',
});
let offset = 0;
const now = () => Date.now() + offset;
let database: Db;
let a: Instance;

/** One app process on the database: its own services (and so its own kept answers). */
async function instance(): Promise<Instance> {
  const services = await buildServices({
    config,
    database,
    log: createLogger({ level: 'silent' }),
    now,
    txtResolver: dns.resolver,
  });
  const app = await buildApp({
    config,
    database,
    services,
    web: 'none',
    now,
    checkResponses: true,
    signUpLimits: {
      perIp: { max: 100_000, windowMs: 60_000 },
      takenPerIp: { max: 100_000, windowMs: 60_000 },
    },
  });
  return { app, services };
}

async function stop(i: Instance): Promise<void> {
  await i.app.close();
  await i.services.close();
}

beforeAll(async () => {
  database = await freshDatabase();
  a = await instance();
});
afterAll(async () => {
  await stop(a);
  await database.dispose();
});

let counter = 0;
async function gym(app: FastifyInstance) {
  const owner = await registerOwner(app);
  const slug = `cached-${++counter}-${Date.now().toString(36)}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/complete-onboarding',
    headers: { cookie: owner.cookie },
    payload: { companyName: 'Kept Gym', companyType: 'gym', companySlug: slug },
  });
  expect(res.statusCode).toBe(200);
  const [row] = await database.db.select().from(users).where(eq(users.id, owner.id));
  return { ...owner, slug, row: row! };
}

/** A video as the media jobs leave it (set up before the gym's answer is first read). */
async function video(userId: string, status: 'processing' | 'enhanced', title = 'Hill Climb') {
  const id = randomUUID();
  await database.db.insert(videos).values({
    id,
    userId,
    title,
    originalFileName: 'a.mp4',
    originalFileUrl: `/api/objects/uploads/${userId}/${id}`,
    fileSize: '1000',
    processingStatus: status,
  });
  return id;
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const titles = async (app: FastifyInstance, slug: string) =>
  ((await get(app, `/api/gym/${slug}`)).json().videos as Array<{ title: string }>).map(
    (v) => v.title,
  );

describe('public gym answers kept in process (decision 0028)', () => {
  it('answers 304 for the kept tag, and a new tag and body once a class changes', async () => {
    const g = await gym(a.app);
    const id = await video(g.id, 'enhanced');
    const first = await get(a.app, `/api/gym/${g.slug}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = String(first.headers.etag);
    expect((await get(a.app, `/api/gym/${g.slug}`, { 'if-none-match': etag })).statusCode).toBe(
      304,
    );

    await a.services.videos.update(g.id, id, { title: 'Sprint Ladder' });
    const after = await get(a.app, `/api/gym/${g.slug}`, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().videos[0].title).toBe('Sprint Ladder');
  });

  it("follows a class's status: published by the pipeline, failed, deleted", async () => {
    const g = await gym(a.app);
    const id = await video(g.id, 'processing', 'Tempo Ride');
    expect(await titles(a.app, g.slug)).toEqual([]);
    await a.services.lifecycle.publishEnhanced(id, {
      by: SYSTEM,
      version: 'v1',
      notes: null,
      at: new Date(),
    });
    expect(await titles(a.app, g.slug)).toEqual(['Tempo Ride']);
    await a.services.lifecycle.transition(id, {
      to: 'failed',
      by: SYSTEM,
      action: 'package_failed',
      notes: null,
    });
    expect(await titles(a.app, g.slug)).toEqual([]);

    // Written straight to the table (no invalidation); the owner's edit is what brings it in.
    const kept = await video(g.id, 'enhanced', 'Kept Class draft');
    await a.services.videos.update(g.id, kept, { title: 'Kept Class' });
    expect(await titles(a.app, g.slug)).toEqual(['Kept Class']);
    await a.services.videos.remove(g.id, kept);
    expect(await titles(a.app, g.slug)).toEqual([]);
  });

  it("follows a class's media written by the pipeline (duration, thumbnail)", async () => {
    const g = await gym(a.app);
    const id = await video(g.id, 'enhanced');
    expect((await get(a.app, `/api/gym/${g.slug}`)).json().videos[0].durationSeconds).toBeNull();
    await a.services.lifecycle.update(id, { duration: '2700' });
    expect((await get(a.app, `/api/gym/${g.slug}`)).json().videos[0].durationSeconds).toBe(2700);
  });

  it('follows branding and the company name from Settings', async () => {
    const g = await gym(a.app);
    await database.db.update(users).set({ plan: 'spin-master' }).where(eq(users.id, g.id));
    expect((await get(a.app, `/api/gym/${g.slug}`)).json().gymName).toBe('Kept Gym');
    await a.services.branding.update(
      { ...g.row, plan: 'spin-master' },
      {
        gymName: 'Renamed Gym',
        description: 'New words.',
        primaryColor: '#a855f7',
        secondaryColor: '#1a1a1a',
        removeLogo: false,
      },
    );
    const body = (await get(a.app, `/api/gym/${g.slug}`)).json();
    expect(body).toMatchObject({
      gymName: 'Renamed Gym',
      branding: { primaryColor: '#a855f7', description: 'New words.' },
    });
    await a.services.account.updateProfile(
      g.row,
      { companyName: 'Profile Name', email: g.email },
      null,
    );
    expect((await get(a.app, `/api/gym/${g.slug}`)).json().gymName).toBe('Profile Name');
  });

  it('follows a slug change: the old slug redirects, the new one answers, a freed name is no gym', async () => {
    const g = await gym(a.app);
    expect((await get(a.app, `/api/gym/${g.slug}`)).statusCode).toBe(200);
    const next = `${g.slug}-new`;
    expect((await get(a.app, `/api/gym/${next}`)).statusCode).toBe(404);
    await a.services.slugs.change(g.id, next);
    expect((await get(a.app, `/api/gym/${g.slug}`)).json()).toEqual({ redirectTo: next });
    const moved = await get(a.app, `/api/gym/${next}`);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().slug).toBe(next);
  });

  it('follows the custom domain: verified, plan downgraded, removed, revoked by an admin', async () => {
    const g = await gym(a.app);
    await database.db.update(users).set({ plan: 'spin-master' }).where(eq(users.id, g.id));
    const host = `ride.kept-${counter}.example.com`;
    const byHost = () => get(a.app, '/api/gym/by-host', { host });
    // A miss is kept too: verifying must end it.
    expect((await byHost()).statusCode).toBe(404);
    await connectDomain(a.app, dns, g.cookie, host);
    expect((await byHost()).json().slug).toBe(g.slug);

    // The actor is recorded; the owner row stands in for the admin desk's user here.
    const admin = g.row;
    await a.services.plans.grant(admin, g.id, 'spin-starter');
    expect((await byHost()).statusCode).toBe(404);
    await a.services.plans.grant(admin, g.id, 'spin-master');
    expect((await byHost()).statusCode).toBe(200);

    await a.services.adminDomains.revoke(admin, { ownerId: g.id, domain: host, locationId: null });
    expect((await byHost()).statusCode).toBe(404);

    await connectDomain(a.app, dns, g.cookie, host);
    expect((await byHost()).statusCode).toBe(200);
    const [row] = await database.db.select().from(users).where(eq(users.id, g.id));
    await a.services.branding.setDomain(row!, null);
    expect((await byHost()).statusCode).toBe(404);
  });

  it('builds a new answer (and tag) when the signed links roll over to the next hour', async () => {
    const g = await gym(a.app);
    const first = await get(a.app, `/api/gym/${g.slug}`);
    offset += HOUR;
    const next = await get(a.app, `/api/gym/${g.slug}`, {
      'if-none-match': String(first.headers.etag),
    });
    expect(next.statusCode).toBe(200);
    expect(next.headers.etag).not.toBe(first.headers.etag);
  });

  it('never keeps an answer built while a change to it was being made', async () => {
    const cache = await publicGymCache({
      database: { kind: 'pglite' },
      log: { warn: () => undefined, error: () => undefined },
    });
    let builds = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = async () => {
      builds += 1;
      await gate;
      return { ownerId: 'owner-1', gym: true, value: 'old' };
    };
    const reading = cache.get('slug:x', 1, slow);
    await cache.invalidate('owner-1');
    release();
    expect(await reading).toBe('old');
    const fresh = async () => ({ ownerId: 'owner-1', gym: true, value: 'new' });
    expect(await cache.get('slug:x', 1, fresh)).toBe('new');
    expect(await cache.get('slug:x', 1, slow)).toBe('new');
    expect(builds).toBe(1);
    // Another owner's change leaves it; any change drops a miss.
    await cache.get('slug:none', 1, async () => ({ ownerId: null, gym: false, value: null }));
    await cache.invalidate('owner-2');
    expect(await cache.get('slug:x', 1, slow)).toBe('new');
    expect(await cache.get('slug:none', 1, fresh)).toBe('new');
    await cache.close();
  });
});

it("keeps an owner's answer built while another owner changed theirs", async () => {
  const cache = await publicGymCache({
    database: { kind: 'pglite' },
    log: { warn: () => undefined, error: () => undefined },
  });
  let builds = 0;
  const built = (ownerId: string | null) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const build = async () => {
      const n = (builds += 1);
      await gate;
      return { ownerId, gym: ownerId !== null, value: `${ownerId}:${n}` };
    };
    return { build, release };
  };
  // A build for owner-1 and a miss are under way while owner-2 changes something.
  const one = built('owner-1');
  const miss = built(null);
  const reading = cache.get('slug:one', 1, one.build);
  const missing = cache.get('slug:gone', 1, miss.build);
  await cache.invalidate('owner-2');
  one.release();
  miss.release();
  expect(await reading).toBe('owner-1:1');
  expect(await missing).toBe('null:2');
  // owner-1's answer is kept (owner-2's change is not part of it); the miss is not (any change may
  // have given that slug to someone).
  expect(await cache.get('slug:one', 1, built('owner-1').build)).toBe('owner-1:1');
  const again = built(null);
  again.release();
  expect(await cache.get('slug:gone', 1, again.build)).toBe('null:3');
  expect(builds).toBe(3);
  await cache.close();
});

it('keeps no answer longer than a minute, whatever the notifications did', async () => {
  let clock = 1_000_000;
  const cache = await publicGymCache({
    database: { kind: 'pglite' },
    log: { warn: () => undefined, error: () => undefined },
    now: () => clock,
  });
  let builds = 0;
  const build = async () => ({ ownerId: 'owner-1', gym: true, value: (builds += 1) });
  expect(await cache.get('slug:x', 1, build)).toBe(1);
  clock += MAX_AGE_MS - 1;
  expect(await cache.get('slug:x', 1, build)).toBe(1);
  clock += 1;
  expect(await cache.get('slug:x', 1, build)).toBe(2);
  await cache.close();
});

describe.runIf(process.env.DATABASE_URL)('two app processes on one PostgreSQL database', () => {
  let b: Instance;
  beforeAll(async () => {
    b = await instance();
  });
  afterAll(async () => {
    await stop(b);
  });

  it('answers fresh on one after a change made through the other (LISTEN/NOTIFY)', async () => {
    const g = await gym(a.app);
    const id = await video(g.id, 'enhanced', 'Shared Class');
    // Both keep the answer (and the 304 path) ...
    const seenByA = await get(a.app, `/api/gym/${g.slug}`);
    const etag = String(seenByA.headers.etag);
    expect((await get(b.app, `/api/gym/${g.slug}`, { 'if-none-match': etag })).statusCode).toBe(
      304,
    );
    // ... B changes the class; A's next request (over HTTP, as a rider's would come) is fresh.
    await b.services.videos.update(g.id, id, { title: 'Renamed on B' });
    const address = await a.app.listen({ host: '127.0.0.1', port: 0 });
    const fresh = await fetch(`${address}/api/gym/${g.slug}`, {
      headers: { 'if-none-match': etag },
    });
    expect(fresh.status).toBe(200);
    expect(((await fresh.json()) as { videos: Array<{ title: string }> }).videos[0]!.title).toBe(
      'Renamed on B',
    );

    // And the other way, for branding (colours come with Custom branding, Power Cycle).
    await database.db.update(users).set({ plan: 'power-cycle' }).where(eq(users.id, g.id));
    await a.services.branding.update(
      { ...g.row, plan: 'power-cycle' },
      {
        gymName: 'Renamed on A',
        description: '',
        primaryColor: '#112233',
        secondaryColor: '#ffffff',
        removeLogo: false,
      },
    );
    expect((await get(b.app, `/api/gym/${g.slug}`)).json().gymName).toBe('Renamed on A');
  });
});
