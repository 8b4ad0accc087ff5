import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OLD_SLUGS_KEPT, ONBOARDING_ALREADY_COMPLETE } from '@shared/onboarding.contract';
import { registerOwner, startTestApp, type TestApp } from '../harness';

/**
 * Audit (low): complete-onboarding could be called again and again, each time a slug change outside
 * the slug route's limit, and every old slug stayed held by the owner.
 */
describe('complete-onboarding once; old slugs kept per owner are capped', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const complete = (cookie: string, companySlug: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-onboarding',
      headers: { cookie },
      payload: { companyName: 'Repeat Gym', companyType: 'gym', companySlug },
    });

  it('answers 409 to a second call and changes nothing', async () => {
    const owner = await registerOwner(t.app);
    expect((await complete(owner.cookie, 'repeat-one')).statusCode).toBe(200);
    const again = await complete(owner.cookie, 'repeat-two');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ONBOARDING_ALREADY_COMPLETE);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: owner.cookie },
    });
    expect(me.json().companySlug).toBe('repeat-one');
    // repeat-two was never taken: another owner can have it.
    const other = await registerOwner(t.app);
    expect((await complete(other.cookie, 'repeat-two')).statusCode).toBe(200);
  });

  it('lets one of several calls at once through, however they interleave', async () => {
    const owner = await registerOwner(t.app);
    const answers = await Promise.all(
      ['race-a', 'race-b', 'race-c', 'race-d'].map((slug) => complete(owner.cookie, slug)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const won = answers.find((a) => a.statusCode === 200)!.json().user.companySlug;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: owner.cookie },
    });
    expect(me.json().companySlug).toBe(won);
  });

  it(`keeps the newest ${OLD_SLUGS_KEPT} old slugs of an owner and releases older ones`, async () => {
    const owner = await registerOwner(t.app);
    expect((await complete(owner.cookie, 'hoard-0')).statusCode).toBe(200);
    const changes = OLD_SLUGS_KEPT + 2;
    for (let i = 1; i <= changes; i++) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/slug',
        headers: { cookie: owner.cookie },
        payload: { slug: `hoard-${i}` },
      });
      expect(res.statusCode).toBe(200);
    }
    // hoard-0 and hoard-1 are released; the newest old slugs still lead to the gym.
    const check = (cookie: string, slug: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/auth/check-slug?slug=${slug}`,
        headers: { cookie },
      });
    const other = await registerOwner(t.app);
    expect((await check(other.cookie, 'hoard-0')).json().available).toBe(true);
    expect((await check(other.cookie, 'hoard-1')).json().available).toBe(true);
    for (let i = 2; i < changes; i++) {
      expect((await check(other.cookie, `hoard-${i}`)).json().available, `hoard-${i}`).toBe(false);
    }
  });
});
