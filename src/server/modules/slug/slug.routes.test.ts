import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOwner, startTestApp, type TestApp } from '../../test/harness';
import { slugsRepository } from './slugs.repository';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const TAKEN = 'This URL slug is already taken. Please try another.';

const putSlug = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/auth/slug',
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
const checkSlug = (cookie: string, slug: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/auth/check-slug?slug=${encodeURIComponent(slug)}`,
    headers: { cookie },
  });
const me = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json();

let counter = 0;
/** A registered, onboarded owner with the slug given (or a fresh one). */
async function onboardedOwner(slug = `gym-${++counter}-${Date.now().toString(36)}`) {
  const owner = await registerOwner(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/complete-onboarding',
    headers: { cookie: owner.cookie },
    payload: { companyName: 'Spin City', companyType: 'gym', companySlug: slug },
  });
  expect(res.statusCode).toBe(200);
  return { ...owner, slug };
}

describe('PUT /api/auth/slug', () => {
  it('answers 401 when signed out', async () => {
    const res = await putSlug(undefined, { slug: 'some-gym' });
    expect(res.statusCode).toBe(401);
  });

  it('changes the slug and answers the updated user', async () => {
    const owner = await onboardedOwner('first-name');
    const res = await putSlug(owner.cookie, { slug: 'second-name' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: owner.id, companySlug: 'second-name' } });
    expect((await me(owner.cookie)).companySlug).toBe('second-name');
  });

  it('answers 200 and changes nothing when the slug is already the current one', async () => {
    const owner = await onboardedOwner();
    const res = await putSlug(owner.cookie, { slug: owner.slug });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.companySlug).toBe(owner.slug);
    await expect(slugsRepository(t.database.db).listOldSlugs(owner.id)).resolves.toEqual([]);
  });

  it.each([
    [{ slug: 'ab' }, 'Slug must be at least 3 characters'],
    [{ slug: 'x'.repeat(51) }, 'Slug must be under 50 characters'],
    [{ slug: 'Spin-City' }, 'URL must contain only lowercase letters, numbers, and hyphens'],
    [{ slug: 'spin city' }, 'URL must contain only lowercase letters, numbers, and hyphens'],
    [{ slug: '-spin' }, 'URL must contain only lowercase letters, numbers, and hyphens'],
    [{ slug: 'spin--city' }, 'URL must contain only lowercase letters, numbers, and hyphens'],
    [{ slug: 42 }, 'URL must contain only lowercase letters, numbers, and hyphens'],
    [{}, 'URL must contain only lowercase letters, numbers, and hyphens'],
  ])('refuses %j with 400 "%s"', async (payload, message) => {
    const owner = await onboardedOwner();
    const res = await putSlug(owner.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await me(owner.cookie)).companySlug).toBe(owner.slug);
  });

  it('answers malformed JSON with a 400', async () => {
    const owner = await onboardedOwner();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/slug',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: '{"slug":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Malformed JSON in request body');
  });

  it('refuses a reserved word with 409', async () => {
    const owner = await onboardedOwner();
    for (const slug of ['admin', 'dashboard', 'api']) {
      const res = await putSlug(owner.cookie, { slug });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This URL is reserved. Please choose another.');
    }
  });

  it("refuses another owner's current slug with 409", async () => {
    const a = await onboardedOwner('held-by-a');
    const b = await onboardedOwner();
    const res = await putSlug(b.cookie, { slug: 'held-by-a' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TAKEN);
    expect((await me(a.cookie)).companySlug).toBe('held-by-a');
    expect((await me(b.cookie)).companySlug).toBe(b.slug);
  });

  it('keeps the old slug leading to the owner, and no one else can take it anywhere', async () => {
    const a = await onboardedOwner('old-home');
    expect((await putSlug(a.cookie, { slug: 'new-home' })).statusCode).toBe(200);

    const slugs = slugsRepository(t.database.db);
    const viaOld = await slugs.findUserBySlugOrRedirect('old-home');
    expect(viaOld).toMatchObject({ redirected: true, user: { id: a.id, companySlug: 'new-home' } });
    const viaNew = await slugs.findUserBySlugOrRedirect('new-home');
    expect(viaNew).toMatchObject({ redirected: false, user: { id: a.id } });
    await expect(slugs.findUserBySlugOrRedirect('nobody-here')).resolves.toBeUndefined();

    // Another owner: refused by the slug edit, by check-slug and by onboarding.
    const b = await onboardedOwner();
    const put = await putSlug(b.cookie, { slug: 'old-home' });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe(TAKEN);
    expect((await checkSlug(b.cookie, 'old-home')).json()).toMatchObject({
      available: false,
      message: TAKEN,
    });

    const c = await registerOwner(t.app);
    const onboard = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-onboarding',
      headers: { cookie: c.cookie },
      payload: { companyName: 'Copycat', companyType: 'gym', companySlug: 'old-home' },
    });
    expect(onboard.statusCode).toBe(409);
    expect(onboard.json().message).toBe(TAKEN);
    expect((await checkSlug(c.cookie, 'old-home')).json().available).toBe(false);
  });

  it('lets an owner take back their own old slug, which then stops being a redirect', async () => {
    const a = await onboardedOwner('round-trip');
    expect((await checkSlug(a.cookie, 'round-trip')).json().available).toBe(true);
    expect((await putSlug(a.cookie, { slug: 'round-trip-2' })).statusCode).toBe(200);
    expect((await checkSlug(a.cookie, 'round-trip')).json().available).toBe(true);
    expect((await putSlug(a.cookie, { slug: 'round-trip-3' })).statusCode).toBe(200);

    const back = await putSlug(a.cookie, { slug: 'round-trip' });
    expect(back.statusCode).toBe(200);
    expect(back.json().user.companySlug).toBe('round-trip');

    const slugs = slugsRepository(t.database.db);
    expect((await slugs.listOldSlugs(a.id)).sort()).toEqual(['round-trip-2', 'round-trip-3']);
    await expect(slugs.findUserBySlugOrRedirect('round-trip')).resolves.toMatchObject({
      redirected: false,
    });
    // Every slug the owner used still leads to them.
    for (const slug of ['round-trip-2', 'round-trip-3']) {
      const found = await slugs.findUserBySlugOrRedirect(slug);
      expect(found).toMatchObject({
        redirected: true,
        user: { id: a.id, companySlug: 'round-trip' },
      });
    }
  });

  it('lets one of two owners racing for the same slug win; the other gets a 409', async () => {
    const [a, b] = await Promise.all([onboardedOwner(), onboardedOwner()]);
    const results = await Promise.all([
      putSlug(a.cookie, { slug: 'contested' }),
      putSlug(b.cookie, { slug: 'contested' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('never hands out a slug being released while another owner claims it', async () => {
    const a = await onboardedOwner('moving-out');
    const b = await onboardedOwner();
    const [move, grab] = await Promise.all([
      putSlug(a.cookie, { slug: 'moved-in' }),
      putSlug(b.cookie, { slug: 'moving-out' }),
    ]);
    expect(move.statusCode).toBe(200);
    expect(grab.statusCode).toBe(409);
    await expect(
      slugsRepository(t.database.db).findUserBySlugOrRedirect('moving-out'),
    ).resolves.toMatchObject({ user: { id: a.id } });
  });
});
