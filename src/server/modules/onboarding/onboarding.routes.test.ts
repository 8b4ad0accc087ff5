import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOwner, startTestApp, type TestApp } from '../../test/harness';
import { SLUG_CHECK_LIMIT, SLUG_CHECK_LIMITED } from './onboarding.routes';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const checkSlug = (cookie: string, slug: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/auth/check-slug?slug=${encodeURIComponent(slug)}`,
    headers: { cookie },
  });
const complete = (cookie: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/complete-onboarding',
    headers: { cookie },
    payload,
  });
const valid = { companyName: 'Spin City', companyType: 'gym', companySlug: 'spin-city' };

describe('GET /api/auth/check-slug', () => {
  it('answers 401 when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/check-slug?slug=abc' });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['ab', 'Slug must be at least 3 characters'],
    ['a'.repeat(51), 'Slug must be under 50 characters'],
    ['Spin-City', 'Slug can only contain lowercase letters, numbers, and hyphens'],
    ['spin city', 'Slug can only contain lowercase letters, numbers, and hyphens'],
    ["spin'; drop table users;--", 'Slug can only contain lowercase letters, numbers, and hyphens'],
    ['-spin', 'Slug cannot start or end with a hyphen'],
    ['spin-', 'Slug cannot start or end with a hyphen'],
  ])('refuses %j with "%s"', async (slug, message) => {
    const owner = await registerOwner(t.app);
    const res = await checkSlug(owner.cookie, slug);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ available: false, message, suggestions: [] });
  });

  it('answers a missing slug with the minimum-length message', async () => {
    const owner = await registerOwner(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/check-slug',
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Slug must be at least 3 characters');
  });

  it('never offers reserved words', async () => {
    const owner = await registerOwner(t.app);
    for (const slug of ['admin', 'api', 'gym', 'assets', 'dashboard', 'login']) {
      const res = await checkSlug(owner.cookie, slug);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        available: false,
        message: 'This URL is reserved. Please choose another.',
      });
      expect(res.json().suggestions).toEqual([`${slug}-studio`, `${slug}-cycle`, `${slug}-spin`]);
    }
  });

  it("says taken for another owner's slug and available for a free one or your own", async () => {
    const a = await registerOwner(t.app);
    const b = await registerOwner(t.app);
    expect((await complete(a.cookie, { ...valid, companySlug: 'taken-one' })).statusCode).toBe(200);
    expect((await checkSlug(b.cookie, 'taken-one')).json()).toEqual({
      available: false,
      message: 'This URL slug is already taken. Please try another.',
      suggestions: ['taken-one-studio', 'taken-one-cycle', 'taken-one-spin'],
    });
    expect((await checkSlug(a.cookie, 'taken-one')).json().available).toBe(true);
    expect((await checkSlug(b.cookie, 'free-one-42')).json()).toEqual({
      available: true,
      message: 'This URL is available!',
      suggestions: [],
    });
  });

  it('suggests only slugs that are free, and never the caller another owner holds', async () => {
    const a = await registerOwner(t.app);
    const b = await registerOwner(t.app);
    const c = await registerOwner(t.app);
    expect((await complete(a.cookie, { ...valid, companySlug: 'iron-ride' })).statusCode).toBe(200);
    expect(
      (await complete(b.cookie, { ...valid, companySlug: 'iron-ride-studio' })).statusCode,
    ).toBe(200);
    const res = await checkSlug(c.cookie, 'iron-ride');
    expect(res.json().suggestions).toEqual([
      'iron-ride-cycle',
      'iron-ride-spin',
      'iron-ride-fitness',
    ]);
    for (const free of res.json().suggestions as string[])
      expect((await checkSlug(c.cookie, free)).json().available).toBe(true);
  });

  it('limits checks per session with a 429 that says to wait', async () => {
    const owner = await registerOwner(t.app);
    let last;
    for (let i = 0; i <= SLUG_CHECK_LIMIT.max; i++)
      last = await checkSlug(owner.cookie, `limit-${i}`);
    expect(last!.statusCode).toBe(429);
    expect(last!.json().message).toBe(SLUG_CHECK_LIMITED);
    // Another owner is not affected.
    const other = await registerOwner(t.app);
    expect((await checkSlug(other.cookie, 'limit-x')).statusCode).toBe(200);
  });
});

describe('POST /api/auth/complete-onboarding', () => {
  it('answers 401 when signed out', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-onboarding',
      payload: valid,
    });
    expect(res.statusCode).toBe(401);
  });

  it('sets the company fields and the onboarding flag', async () => {
    const owner = await registerOwner(t.app);
    const res = await complete(owner.cookie, {
      companyName: '  Pedal Power  ',
      companyType: 'fitness_studio',
      companyDescription: 'Rides at dawn',
      companySlug: 'pedal-power',
    });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: owner.cookie },
    });
    expect(me.json()).toMatchObject({
      companyName: 'Pedal Power',
      companyType: 'fitness_studio',
      companyDescription: 'Rides at dawn',
      companySlug: 'pedal-power',
      onboardingCompleted: 'true',
    });
  });

  it.each([
    [{ ...valid, companyName: 'A' }, 'Company name must be at least 2 characters'],
    [{ ...valid, companyName: undefined }, 'Company name must be at least 2 characters'],
    [{ ...valid, companyType: 'spaceship' }, 'Please select a company type'],
    [{ ...valid, companyType: undefined }, 'Please select a company type'],
    [{ ...valid, companyDescription: 'x'.repeat(501) }, 'Description must be under 500 characters'],
    [{ ...valid, companySlug: 'ab' }, 'Slug must be at least 3 characters'],
    [{ ...valid, companySlug: 'x'.repeat(51) }, 'Slug must be under 50 characters'],
    [
      { ...valid, companySlug: 'Bad_Slug' },
      'Slug can only contain lowercase letters, numbers, and hyphens',
    ],
    [{ ...valid, companySlug: 'bad-' }, 'Slug cannot start or end with a hyphen'],
  ])('rejects %j with "%s"', async (payload, message) => {
    const owner = await registerOwner(t.app);
    const res = await complete(owner.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('accepts a 500-character description', async () => {
    const owner = await registerOwner(t.app);
    const res = await complete(owner.cookie, {
      ...valid,
      companySlug: 'long-story',
      companyDescription: 'x'.repeat(500),
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a reserved slug with 409', async () => {
    const owner = await registerOwner(t.app);
    const res = await complete(owner.cookie, { ...valid, companySlug: 'admin' });
    expect(res.statusCode).toBe(409);
  });

  it('lets one of two owners racing for a slug win; the other gets a clear 409', async () => {
    const [a, b, c] = await Promise.all([
      registerOwner(t.app),
      registerOwner(t.app),
      registerOwner(t.app),
    ]);
    const results = await Promise.all(
      [a, b, c].map((o) => complete(o.cookie, { ...valid, companySlug: 'race-track' })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    for (const loser of results.filter((r) => r.statusCode === 409)) {
      expect(loser.json().message).toBe('This URL slug is already taken. Please try another.');
    }
  });
});
