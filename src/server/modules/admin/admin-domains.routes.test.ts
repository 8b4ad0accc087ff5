import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_DOMAIN_MESSAGES, type AdminDomainsResponse } from '@shared/admin.contract';
import { LOCATIONS_PATH, type LocationResponse } from '@shared/locations.contract';
import { users } from '../../db/schema/users';
import { connectDomain, fakeTxtResolver } from '../../test/fake-dns';
import { registerOwner, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
const dns = fakeTxtResolver();
const logLines: string[] = [];

beforeAll(async () => {
  t = await startTestApp({
    deps: {
      txtResolver: dns.resolver,
      logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
    },
  });
});
afterAll(() => t.close());

type Account = Awaited<ReturnType<typeof registerOwner>>;

async function makeAdmin(): Promise<Account> {
  const account = await registerOwner(t.app);
  await t.database.db.update(users).set({ isAdmin: 'true' }).where(eq(users.id, account.id));
  return account;
}

async function gymOwner(companyName: string): Promise<Account> {
  const account = await registerOwner(t.app);
  const slug = `${companyName.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/complete-onboarding',
    headers: { cookie: account.cookie },
    payload: { companyName, companyType: 'gym', companySlug: slug },
  });
  expect(res.statusCode).toBe(200);
  await t.database.db.update(users).set({ plan: 'spin-master' }).where(eq(users.id, account.id));
  return account;
}

const list = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/admin/domains', headers: cookie ? { cookie } : {} });
const revoke = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/domains/revoke',
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });

describe('admin: custom domains', () => {
  it('lists every connected domain with its gym, status and dates; 401 signed out, 403 for an owner', async () => {
    const admin = await makeAdmin();
    const verified = await gymOwner('Verified Wheels');
    const pending = await gymOwner('Pending Pedals');
    await connectDomain(t.app, dns, verified.cookie, 'ride.verified-wheels.com');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/branding/domain',
      headers: { cookie: pending.cookie },
      payload: { domain: 'ride.pending-pedals.com' },
    });
    expect(saved.statusCode).toBe(200);

    expect((await list()).statusCode).toBe(401);
    const owner = await list(verified.cookie);
    expect(owner.statusCode).toBe(403);
    expect(owner.json().message).toContain('Admin access required');

    const res = await list(admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json<AdminDomainsResponse>();
    expect(body.total).toBe(2);
    const byDomain = Object.fromEntries(body.domains.map((d) => [d.domain, d]));
    expect(byDomain['ride.verified-wheels.com']).toMatchObject({
      status: 'verified',
      owner: { id: verified.id, email: verified.email, companyName: 'Verified Wheels' },
    });
    expect(Date.parse(byDomain['ride.verified-wheels.com']!.verifiedAt!)).toBeGreaterThan(0);
    expect(byDomain['ride.pending-pedals.com']).toMatchObject({
      status: 'pending',
      verifiedAt: null,
      owner: { id: pending.id, companyName: 'Pending Pedals' },
    });
    expect(Date.parse(byDomain['ride.pending-pedals.com']!.addedAt!)).toBeGreaterThan(0);
    // Nothing secret or private beyond what the desk needs.
    expect(JSON.stringify(body)).not.toMatch(/token|password/i);
  });

  it('revokes a domain: it stops serving at once, the owner sees none, and the revoke is logged', async () => {
    const admin = await makeAdmin();
    const gym = await gymOwner('Revoked Ride');
    await connectDomain(t.app, dns, gym.cookie, 'classes.revoked-ride.com');
    const check = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/custom-domains/check?domain=classes.revoked-ride.com',
      });
    expect((await check()).statusCode).toBe(200);

    const res = await revoke(admin.cookie, { ownerId: gym.id, domain: 'Classes.Revoked-Ride.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Custom domain revoked',
      revoked: { domain: 'classes.revoked-ride.com', status: 'verified', owner: { id: gym.id } },
    });
    expect((await check()).statusCode).toBe(404);
    const byHost = await t.app.inject({
      method: 'GET',
      url: '/api/gym/by-host',
      headers: { host: 'classes.revoked-ride.com' },
    });
    expect(byHost.statusCode).toBe(404);
    const branding = await t.app.inject({
      method: 'GET',
      url: '/api/auth/branding',
      headers: { cookie: gym.cookie },
    });
    expect(branding.json().branding).toMatchObject({
      customDomain: null,
      customDomainStatus: null,
      customDomainRecord: null,
    });

    const logged = logLines
      .map((line) => JSON.parse(line))
      .find((entry) => entry.audit === 'custom_domain_revoked');
    expect(logged).toMatchObject({
      adminId: admin.id,
      ownerId: gym.id,
      domain: 'classes.revoked-ride.com',
      wasVerified: true,
    });

    // Revoked already (or changed meanwhile): 404, nothing else changes.
    const again = await revoke(admin.cookie, {
      ownerId: gym.id,
      domain: 'classes.revoked-ride.com',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(ADMIN_DOMAIN_MESSAGES.notConnected);
  });

  it("refuses an owner's revoke with 403 and keeps the domain; a bad body is a 400, another gym's domain a 404", async () => {
    const admin = await makeAdmin();
    const gym = await gymOwner('Kept Cycle');
    const other = await gymOwner('Other Cycle');
    await connectDomain(t.app, dns, gym.cookie, 'ride.kept-cycle.com');

    expect(
      (await revoke(undefined, { ownerId: gym.id, domain: 'ride.kept-cycle.com' })).statusCode,
    ).toBe(401);
    const owner = await revoke(other.cookie, { ownerId: gym.id, domain: 'ride.kept-cycle.com' });
    expect(owner.statusCode).toBe(403);
    for (const body of [
      {},
      { ownerId: 'nope', domain: 'ride.kept-cycle.com' },
      { ownerId: gym.id, domain: 'x'.repeat(300) },
      { ownerId: gym.id, domain: 7 },
    ]) {
      expect((await revoke(admin.cookie, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await revoke(admin.cookie, { ownerId: other.id, domain: 'ride.kept-cycle.com' })).statusCode,
    ).toBe(404);
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/custom-domains/check?domain=ride.kept-cycle.com',
    });
    expect(check.statusCode).toBe(200);
  });

  it("lists a further location's domain with its location, and revokes it alone", async () => {
    const admin = await makeAdmin();
    const gym = await gymOwner('Harbour Ride');
    await t.database.db.update(users).set({ plan: 'elite-studio' }).where(eq(users.id, gym.id));
    await connectDomain(t.app, dns, gym.cookie, 'ride.harbour-ride.com');
    const inject = (method: 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: gym.cookie }, ...(payload && { payload }) });
    const added = await inject('POST', LOCATIONS_PATH, {
      name: 'Quayside',
      slug: `quayside-${Date.now().toString(36)}`,
    });
    const quayside = added.json<LocationResponse>().locations.locations.at(-1)!;
    const saved = await inject('PUT', `${LOCATIONS_PATH}/${quayside.id}/domain`, {
      domain: 'quay.harbour-ride.com',
    });
    const record = saved
      .json<LocationResponse>()
      .locations.locations.find((l) => l.id === quayside.id)!.customDomainRecord!;
    dns.publish(record.name, [record.value]);
    expect(
      (await inject('POST', `${LOCATIONS_PATH}/${quayside.id}/domain/verify`)).statusCode,
    ).toBe(200);

    const listed = (await list(admin.cookie)).json<AdminDomainsResponse>().domains;
    expect(listed.find((d) => d.domain === 'quay.harbour-ride.com')).toMatchObject({
      status: 'verified',
      owner: { id: gym.id, companyName: 'Harbour Ride' },
      location: { id: quayside.id, name: 'Quayside', slug: quayside.slug },
    });
    expect(listed.find((d) => d.domain === 'ride.harbour-ride.com')).toMatchObject({
      location: null,
    });

    // A location's domain is revoked by naming the location, as the desk lists it.
    const res = await revoke(admin.cookie, {
      ownerId: gym.id,
      domain: 'quay.harbour-ride.com',
      locationId: quayside.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().revoked).toMatchObject({ location: { id: quayside.id } });
    const byHost = (host: string) =>
      t.app.inject({ method: 'GET', url: '/api/gym/by-host', headers: { host } });
    expect((await byHost('quay.harbour-ride.com')).statusCode).toBe(404);
    // The gym's own domain is untouched.
    expect((await byHost('ride.harbour-ride.com')).statusCode).toBe(200);
  });

  it('revokes exactly the row the desk listed when one owner holds a name twice', async () => {
    const admin = await makeAdmin();
    const gym = await gymOwner('Twin Ride');
    await t.database.db.update(users).set({ plan: 'elite-studio' }).where(eq(users.id, gym.id));
    const inject = (method: 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: gym.cookie }, ...(payload && { payload }) });
    const add = async (name: string) =>
      (
        await inject('POST', LOCATIONS_PATH, {
          name,
          slug: `${name.toLowerCase()}-${Date.now().toString(36)}`,
        })
      )
        .json<LocationResponse>()
        .locations.locations.at(-1)!;
    const pending = await add('Pending');
    const live = await add('Live');
    const domain = 'twin.twin-ride.com';
    // One location's claim stays pending; the other's is verified and serves.
    await inject('PUT', `${LOCATIONS_PATH}/${pending.id}/domain`, { domain });
    const saved = await inject('PUT', `${LOCATIONS_PATH}/${live.id}/domain`, { domain });
    const record = saved
      .json<LocationResponse>()
      .locations.locations.find((l) => l.id === live.id)!.customDomainRecord!;
    dns.publish(record.name, [record.value]);
    expect((await inject('POST', `${LOCATIONS_PATH}/${live.id}/domain/verify`)).statusCode).toBe(
      200,
    );
    const byHost = () =>
      t.app.inject({ method: 'GET', url: '/api/gym/by-host', headers: { host: domain } });
    expect((await byHost()).statusCode).toBe(200);

    // Not the gym's: nothing to revoke there. The pending row's revoke leaves the live one serving.
    expect((await revoke(admin.cookie, { ownerId: gym.id, domain })).statusCode).toBe(404);
    const first = await revoke(admin.cookie, { ownerId: gym.id, domain, locationId: pending.id });
    expect(first.json().revoked).toMatchObject({ status: 'pending', location: { id: pending.id } });
    expect((await byHost()).statusCode).toBe(200);
    const second = await revoke(admin.cookie, { ownerId: gym.id, domain, locationId: live.id });
    expect(second.json().revoked).toMatchObject({ status: 'verified', location: { id: live.id } });
    expect((await byHost()).statusCode).toBe(404);
    // Another owner's location id is not found, whatever the name.
    const bad = await revoke(admin.cookie, { ownerId: gym.id, domain, locationId: 'nope' });
    expect(bad.statusCode).toBe(400);
  });
});
