import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDING_LOCKS, DOMAIN_MESSAGES } from '@shared/branding.contract';
import type { PublicGymResponse } from '@shared/gyms.contract';
import {
  LOCATION_MESSAGES,
  LOCATIONS_PATH,
  type LocationDto,
  type LocationResponse,
  type LocationsView,
} from '@shared/locations.contract';
import type { PlanId } from '@shared/plans';
import { connectDomain, fakeTxtResolver } from '../../test/fake-dns';
import { onboardedGym, setPlan, startTestApp, type TestApp } from '../../test/harness';
import { logoMultipart } from '../../test/security/route-world';

/**
 * A further location's own custom domain and logo (issue #18 part 5): the gym's rules, per
 * location, with a verified domain unique across gyms and locations.
 */
let t: TestApp;
const dns = fakeTxtResolver();
let counter = 0;
let logo: Buffer;
/** The app's data directory: its object store keeps logos under objects/logos/{ownerId}. */
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cadence-location-branding-'));
  t = await startTestApp({
    env: { APP_HOSTS: 'app.cadence.test', DATA_DIR: dataDir },
    deps: { txtResolver: dns.resolver },
  });
  logo = await sharp({
    create: { width: 120, height: 60, channels: 3, background: '#00a0ff' },
  })
    .png()
    .toBuffer();
}, 240_000);
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const unique = (prefix: string) => `${prefix}-${++counter}-${Date.now().toString(36)}`;

const gym = (plan: PlanId = 'elite-studio') => onboardedGym(t, plan);
type Owner = Awaited<ReturnType<typeof gym>>;

function call(
  owner: Owner | null,
  method: string,
  url: string,
  extra: { payload?: unknown; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(owner ? { cookie: owner.cookie } : {}), ...extra.headers },
    ...(extra.payload !== undefined ? { payload: extra.payload as string } : {}),
  });
}

/** A plan change as the owner makes it (the public pages hear of it). */
async function changePlan(owner: Owner, planId: PlanId) {
  const res = await call(owner, 'PUT', '/api/auth/plan', { payload: { planId } });
  expect(res.statusCode).toBe(200);
}

async function addLocation(owner: Owner, name = 'Harbour'): Promise<LocationDto> {
  const res = await call(owner, 'POST', LOCATIONS_PATH, {
    payload: { name, slug: unique('harbour') },
  });
  expect(res.statusCode).toBe(201);
  return (res.json().locations as LocationsView).locations.at(-1)!;
}

const located = (res: { json(): unknown }, id: string) =>
  (res.json() as LocationResponse).locations.locations.find((l) => l.id === id)!;

const setDomain = (owner: Owner, id: string, domain: string | null) =>
  call(owner, 'PUT', `${LOCATIONS_PATH}/${id}/domain`, { payload: { domain } });
const verify = (owner: Owner, id: string) =>
  call(owner, 'POST', `${LOCATIONS_PATH}/${id}/domain/verify`);
const byHost = (host: string) =>
  t.app.inject({ method: 'GET', url: '/api/gym/by-host', headers: { host } });

/** Saves the domain for the location, publishes its TXT record and verifies it. */
async function connectLocation(owner: Owner, id: string, domain: string) {
  const saved = await setDomain(owner, id, domain);
  expect(saved.statusCode).toBe(200);
  const record = located(saved, id).customDomainRecord!;
  dns.publish(record.name, [record.value]);
  return verify(owner, id);
}

describe("a further location's custom domain", () => {
  it('is claimed, verified by its TXT record, and then serves that location’s page', async () => {
    const owner = await gym();
    const harbour = await addLocation(owner);
    const domain = `${unique('harbour')}.iron-spin.example`;

    const saved = await setDomain(owner, harbour.id, domain.toUpperCase());
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(LOCATION_MESSAGES.domainSaved);
    const pending = located(saved, harbour.id);
    expect(pending).toMatchObject({ customDomain: domain, customDomainStatus: 'pending' });
    expect(pending.customDomainRecord?.name).toBe(`_cadence-challenge.${domain}`);
    // Pending: nothing is served there yet.
    expect((await byHost(domain)).statusCode).toBe(404);

    dns.publish(pending.customDomainRecord!.name, [pending.customDomainRecord!.value]);
    const verified = await verify(owner, harbour.id);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe(LOCATION_MESSAGES.domainVerified);
    expect(located(verified, harbour.id)).toMatchObject({
      customDomainStatus: 'verified',
      customDomainRecord: null,
    });

    const page = await byHost(domain);
    expect(page.statusCode).toBe(200);
    const served = page.json() as PublicGymResponse;
    expect(served).toMatchObject({ slug: harbour.slug, gymName: 'Harbour' });
    const check = await call(null, 'GET', `/api/custom-domains/check?domain=${domain}`);
    expect(check.json()).toEqual({ domain, connected: true });
    // The gym's own domain is untouched: the first location has none.
    const view = (await call(owner, 'GET', LOCATIONS_PATH)).json() as LocationsView;
    expect(view.locations[0]!.customDomain).toBeNull();
  });

  it('goes offline with the location off Elite Studio, and comes back with the plan', async () => {
    const owner = await gym();
    const harbour = await addLocation(owner);
    const domain = `${unique('harbour')}.iron-spin.example`;
    expect((await connectLocation(owner, harbour.id, domain)).statusCode).toBe(200);

    await changePlan(owner, 'spin-master');
    expect((await byHost(domain)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/custom-domains/check?domain=${domain}`)).statusCode).toBe(
      404,
    );
    // Nothing was dropped: the owner still sees the verified domain, and may remove it.
    const view = (await call(owner, 'GET', LOCATIONS_PATH)).json() as LocationsView;
    expect(view.locations[1]).toMatchObject({ customDomain: domain, online: false });

    await changePlan(owner, 'elite-studio');
    expect((await byHost(domain)).json()).toMatchObject({ slug: harbour.slug });
  });

  it('is unique across gyms and locations once verified, and says whose it is', async () => {
    const first = await gym();
    const second = await gym();
    const gymDomain = `${unique('gym')}.iron-spin.example`;
    await connectDomain(t.app, dns, first.cookie, gymDomain);

    // Another owner's location cannot take a gym's verified domain.
    const harbour = await addLocation(second);
    const refused = await setDomain(second, harbour.id, gymDomain);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(DOMAIN_MESSAGES.taken);

    // The owner's own gym holds it: the words say so.
    const own = await addLocation(first);
    const mine = await setDomain(first, own.id, gymDomain);
    expect(mine.statusCode).toBe(409);
    expect(mine.json().message).toBe(DOMAIN_MESSAGES.takenByOwn);

    // A location's verified domain is refused to a gym and to another location.
    const locationDomain = `${unique('loc')}.iron-spin.example`;
    expect((await connectLocation(first, own.id, locationDomain)).statusCode).toBe(200);
    const gymRefused = await call(second, 'PUT', '/api/auth/branding/domain', {
      payload: { domain: locationDomain },
    });
    expect(gymRefused.statusCode).toBe(409);
    expect(gymRefused.json().message).toBe(DOMAIN_MESSAGES.taken);
    expect((await setDomain(second, harbour.id, locationDomain)).statusCode).toBe(409);
    // Saving the same domain again changes nothing (still verified).
    const again = await setDomain(first, own.id, locationDomain);
    expect(located(again, own.id).customDomainStatus).toBe('verified');
  });

  it('lets only one of two pending claims on the same domain be verified', async () => {
    const a = await gym();
    const b = await gym();
    const harbour = await addLocation(b);
    const domain = `${unique('race')}.iron-spin.example`;
    const gymSaved = await call(a, 'PUT', '/api/auth/branding/domain', { payload: { domain } });
    const gymRecord = gymSaved.json().branding.customDomainRecord;
    const locationRecord = located(
      await setDomain(b, harbour.id, domain),
      harbour.id,
    ).customDomainRecord!;
    dns.publish(gymRecord.name, [gymRecord.value], [locationRecord.value]);

    const answers = await Promise.all([
      call(a, 'POST', '/api/auth/branding/domain/verify'),
      verify(b, harbour.id),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.statusCode === 409)!;
    expect(loser.json().message).toBe(DOMAIN_MESSAGES.taken);
  });

  it('refuses bad input, other owners, and plans without locations, changing nothing', async () => {
    const owner = await gym();
    const harbour = await addLocation(owner);
    const other = await gym();

    const appHost = await setDomain(owner, harbour.id, 'app.cadence.test');
    expect(appHost.statusCode).toBe(400);
    expect(appHost.json().message).toBe(DOMAIN_MESSAGES.ownHost);
    const junk = await setDomain(owner, harbour.id, 'not a domain');
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message).toBe(DOMAIN_MESSAGES.invalid);
    const noneYet = await verify(owner, harbour.id);
    expect(noneYet.statusCode).toBe(400);
    expect(noneYet.json().message).toBe(DOMAIN_MESSAGES.noDomain);

    // Another owner's location, and ids that are not a location: not found.
    expect((await setDomain(other, harbour.id, 'x.iron-spin.example')).statusCode).toBe(404);
    expect((await verify(other, harbour.id)).statusCode).toBe(404);
    expect((await setDomain(owner, 'main', 'x.iron-spin.example')).statusCode).toBe(404);
    expect((await setDomain(owner, '../etc', 'x.iron-spin.example')).statusCode).toBe(404);

    await setPlan(t.database, owner.id, 'spin-master');
    const locked = await setDomain(owner, harbour.id, 'y.iron-spin.example');
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe(LOCATION_MESSAGES.locked);
    // Removing needs no plan.
    expect((await setDomain(owner, harbour.id, null)).statusCode).toBe(200);

    const view = (await call(owner, 'GET', LOCATIONS_PATH)).json() as LocationsView;
    expect(view.locations[1]!.customDomain).toBeNull();
  });
});

describe("a further location's logo", () => {
  const upload = (owner: Owner, id: string, bytes: Buffer) =>
    call(owner, 'POST', `${LOCATIONS_PATH}/${id}/logo`, logoMultipart(bytes));

  it('shows on its page only; removing it brings the gym’s back and deletes the files', async () => {
    const owner = await gym();
    const gymLogo = await call(owner, 'POST', '/api/auth/upload-logo', logoMultipart(logo));
    expect(gymLogo.statusCode).toBe(200);
    const harbour = await addLocation(owner);
    expect(harbour.logoUrl).toBe(gymLogo.json().logoUrl);

    const res = await upload(owner, harbour.id, logo);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(LOCATION_MESSAGES.logoSaved);
    const own = located(res, harbour.id).overrides.logoUrl!;
    expect(own).toMatch(new RegExp(`^/api/logos/${owner.id}/[a-z0-9]+-\\d+\\.png$`));
    expect(own).not.toBe(gymLogo.json().logoUrl);
    expect((await call(null, 'GET', own)).statusCode).toBe(200);

    const page = (await call(null, 'GET', `/api/gym/${harbour.slug}`)).json() as PublicGymResponse;
    expect(page.gymLogo).toBe(own);
    const main = (await call(null, 'GET', `/api/gym/${owner.slug}`)).json() as PublicGymResponse;
    expect(main.gymLogo).toBe(gymLogo.json().logoUrl);

    // A second upload replaces the first and deletes its files.
    const second = located(await upload(owner, harbour.id, logo), harbour.id).overrides.logoUrl!;
    expect(second).not.toBe(own);
    expect((await call(null, 'GET', own)).statusCode).toBe(404);

    const removed = await call(owner, 'DELETE', `${LOCATIONS_PATH}/${harbour.id}/logo`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(LOCATION_MESSAGES.logoRemoved);
    expect(located(removed, harbour.id)).toMatchObject({
      logoUrl: gymLogo.json().logoUrl,
      overrides: { logoUrl: null },
    });
    expect((await call(null, 'GET', second)).statusCode).toBe(404);
    const after = (await call(null, 'GET', `/api/gym/${harbour.slug}`)).json() as PublicGymResponse;
    expect(after.gymLogo).toBe(gymLogo.json().logoUrl);
  });

  it('leaves no orphaned files when uploads race: only the logo shown is stored', async () => {
    const owner = await gym();
    const harbour = await addLocation(owner);
    const answers = await Promise.all([1, 2, 3].map(() => upload(owner, harbour.id, logo)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const view = (await call(owner, 'GET', LOCATIONS_PATH)).json() as LocationsView;
    const shown = view.locations[1]!.overrides.logoUrl!;
    expect((await call(null, 'GET', shown)).statusCode).toBe(200);
    // The logo and its icon: the two files of the logo shown, nothing else.
    const stored = await readdir(path.join(dataDir, 'objects', 'logos', owner.id));
    const id = /\/([a-z0-9]+)-\d+\.png$/.exec(shown)![1]!;
    expect(stored).toHaveLength(2);
    expect(stored.every((file) => file.startsWith(`${id}-`))).toBe(true);
  });

  it('goes with its location when the location is deleted', async () => {
    const owner = await gym();
    const harbour = await addLocation(owner);
    const own = located(await upload(owner, harbour.id, logo), harbour.id).overrides.logoUrl!;
    expect((await call(owner, 'DELETE', `${LOCATIONS_PATH}/${harbour.id}`)).statusCode).toBe(200);
    expect((await call(null, 'GET', own)).statusCode).toBe(404);
  });

  it('refuses what is not an image, other owners and plans without locations', async () => {
    const owner = await gym();
    const harbour = await addLocation(owner);
    const other = await gym();

    const junk = await upload(owner, harbour.id, Buffer.from('<?php echo 1; ?>'));
    expect(junk.statusCode).toBe(400);
    const view = (await call(owner, 'GET', LOCATIONS_PATH)).json() as LocationsView;
    expect(view.locations[1]!.overrides.logoUrl).toBeNull();

    expect((await upload(other, harbour.id, logo)).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `${LOCATIONS_PATH}/${harbour.id}/logo`)).statusCode).toBe(
      404,
    );

    await setPlan(t.database, owner.id, 'power-cycle');
    const locked = await upload(owner, harbour.id, logo);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe(LOCATION_MESSAGES.locked);
    expect(locked.json().message).not.toBe(BRANDING_LOCKS.logo);
  });
});
