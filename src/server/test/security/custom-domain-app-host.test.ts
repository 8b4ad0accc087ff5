import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { fakeTxtResolver } from '../fake-dns';
import { registerOwner, startTestApp, type TestApp } from '../harness';

/**
 * Audit finding 1 (high): the app's own host could be claimed as a custom domain (refused only when
 * it equalled the Host of that very request), and then every page on the main host served the
 * attacker's gym page. Now the app's hosts come from configuration, they and their subdomains are
 * never custom domains, custom-domain routing never applies to them, and a domain serves nothing
 * until its owner proves control of it in DNS.
 */

const APP_HOST = 'app.example.com';
const INDEX_HTML =
  '<!doctype html><html><head><title>Cadence</title></head><body><div id="root"></div></body></html>';
const GYM_HTML = INDEX_HTML.replace(
  '<div id="root"></div>',
  '<div id="root"></div><script type="module" src="/assets/gym.js"></script>',
);

let t: TestApp;
let webDist: string;
const dns = fakeTxtResolver();

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'cadence-sec-domain-'));
  await writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
  await writeFile(path.join(webDist, 'gym.html'), GYM_HTML);
  t = await startTestApp({
    env: { APP_HOSTS: APP_HOST },
    deps: { web: 'static', webDist, txtResolver: dns.resolver },
  });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

async function attacker() {
  const owner = await registerOwner(t.app);
  const onboard = await t.app.inject({
    method: 'POST',
    url: '/api/auth/complete-onboarding',
    headers: { cookie: owner.cookie },
    payload: {
      companyName: 'Evil Gym',
      companyType: 'gym',
      companySlug: `evil-${Date.now().toString(36)}`,
      companyDescription: 'Ride with us.',
    },
  });
  expect(onboard.statusCode).toBe(200);
  await t.database.db.update(users).set({ plan: 'spin-master' }).where(eq(users.id, owner.id));
  return owner;
}

/** What the main host serves: the app (index.html), not a gym page. */
async function expectMainHostIsTheApp() {
  for (const host of [APP_HOST, `${APP_HOST}:443`, 'APP.Example.com.']) {
    for (const url of ['/', '/dashboard', '/admin/videos', '/gym/some-gym']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host } });
      expect(res.body, `${host}${url}`).not.toContain('cadence-gym-host');
      expect(res.body, `${host}${url}`).not.toContain('Evil Gym');
    }
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { host } });
    expect(page.body).toBe(INDEX_HTML);
    const byHost = await t.app.inject({
      method: 'GET',
      url: '/api/gym/by-host',
      headers: { host },
    });
    expect(byHost.statusCode).toBe(404);
  }
  const check = await t.app.inject({
    method: 'GET',
    url: `/api/custom-domains/check?domain=${APP_HOST}`,
  });
  expect(check.statusCode).toBe(404);
}

describe('custom domains cannot hijack the app (audit finding 1)', () => {
  it("refuses the app's host and names under it, whatever Host the request carries, and the main host stays the app", async () => {
    const owner = await attacker();
    for (const host of ['attacker.example', 'localhost:5000', APP_HOST]) {
      for (const domain of [
        APP_HOST,
        `www.${APP_HOST}`,
        'APP.EXAMPLE.COM.',
        'https://app.example.com/x',
      ]) {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/auth/branding/domain',
          headers: { cookie: owner.cookie, host },
          payload: { domain },
        });
        expect(res.statusCode, `${domain} via ${host}`).toBe(400);
        expect(res.json().message).toBe(
          "This is Cadence's own address. Please enter your gym's domain.",
        );
      }
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.customDomain).toBeNull();
    await expectMainHostIsTheApp();
  });

  it('never routes the app host to a gym, even when a (verified) row in the database says so', async () => {
    const owner = await attacker();
    await t.database.db
      .update(users)
      .set({
        customDomain: APP_HOST,
        customDomainToken: 'a'.repeat(32),
        customDomainVerifiedAt: new Date(),
      })
      .where(eq(users.id, owner.id));
    await expectMainHostIsTheApp();
    await t.database.db
      .update(users)
      .set({
        customDomain: `studio.${APP_HOST}`,
        customDomainToken: 'b'.repeat(32),
        customDomainVerifiedAt: null,
      })
      .where(eq(users.id, owner.id));
    dns.publish(`_cadence-challenge.studio.${APP_HOST}`, [`cadence-verify=${'b'.repeat(32)}`]);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/branding/domain/verify',
      headers: { cookie: owner.cookie },
    });
    expect(verify.statusCode).toBe(400);
    expect(verify.json().message).toBe(
      "This is Cadence's own address. Please enter your gym's domain.",
    );
  });

  it('serves a saved domain only once its owner has proved control of it in DNS', async () => {
    const owner = await attacker();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/branding/domain',
      headers: { cookie: owner.cookie },
      payload: { domain: 'classes.someone-elses-gym.com' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().branding.customDomainStatus).toBe('pending');
    const host = { host: 'classes.someone-elses-gym.com' };
    expect((await t.app.inject({ method: 'GET', url: '/', headers: host })).body).toBe(INDEX_HTML);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/gym/by-host', headers: host })).statusCode,
    ).toBe(404);
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/custom-domains/check?domain=classes.someone-elses-gym.com',
    });
    expect(check.statusCode).toBe(404);
    // Without the record in DNS, verification fails and nothing changes.
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/branding/domain/verify',
      headers: { cookie: owner.cookie },
    });
    expect(verify.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/', headers: host })).body).toBe(INDEX_HTML);
  });
});
