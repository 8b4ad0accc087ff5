import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONE_SURROGATE_MESSAGE, NUL_CHARACTER_MESSAGE } from '@shared/input.contract';
import { users } from '../../db/schema/users';
import { unstorableTextAt } from '../../lib/validate';
import { registerOwner, startTestApp, type TestApp } from '../harness';

/**
 * Finding (fuzz pass): a U+0000 in any text field reached PostgreSQL, which cannot store it, and
 * the request answered 500 (register, onboarding, profile, branding, video title, the custom
 * domain check). Now it is a 400 with a clear message before any query, and changes nothing.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
});
afterAll(() => t?.close());

const send = (method: 'POST' | 'PUT', url: string, payload: object, cookie?: string) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

const ownerRow = async () =>
  JSON.stringify(await t.database.db.select().from(users).where(eq(users.id, owner.id)));

describe('a null character in the input', () => {
  it('is refused at sign-up with a 400 naming the field, and no account is made', async () => {
    const email = 'nul-sign-up@example.com';
    const res = await send('POST', '/api/auth/register', {
      email,
      password: 'correct horse battery',
      firstName: 'Sam\u0000',
      lastName: 'Rider',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: NUL_CHARACTER_MESSAGE,
      errors: [{ field: 'firstName', message: NUL_CHARACTER_MESSAGE }],
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it.each([
    ['PUT', '/api/auth/settings/profile', { companyName: 'Spin\u0000Co', email: 'a@example.com' }],
    [
      'PUT',
      '/api/auth/branding',
      { gymName: 'Iron\u0000Spin', primaryColor: '#112233', secondaryColor: '#445566' },
    ],
    [
      'POST',
      '/api/auth/complete-onboarding',
      { companyName: 'Spin\u0000Co', companyType: 'gym', companySlug: 'spin-co' },
    ],
    ['PUT', '/api/auth/branding', { gymName: 'Iron Spin', extra: { 'key\u0000': 1 } }],
  ] as const)(
    'is refused by %s %s with a 400, and the owner is unchanged',
    async (method, url, body) => {
      const before = await ownerRow();
      const res = await send(method, url, body, owner.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(NUL_CHARACTER_MESSAGE);
      expect(await ownerRow()).toBe(before);
    },
  );

  it('in the custom domain check is no connected domain (404), not a 500', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/custom-domains/check?domain=gym%00.example.com',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('unstorableTextAt', () => {
  const nul = (field: string) => ({ field, message: NUL_CHARACTER_MESSAGE });
  it('names the field path of the first NUL in a value or a key, and null when there is none', () => {
    expect(unstorableTextAt({ a: 'ok', b: [1, { c: 'x\u0000' }] })).toEqual(nul('b.1.c'));
    expect(unstorableTextAt({ a: { 'k\u0000': 1 } })).toEqual(nul('a.k\u0000'));
    expect(unstorableTextAt('\u0000')).toEqual(nul(''));
    expect(unstorableTextAt({ a: 'fine', b: null, c: 3, d: ['\u200b', '🚴 ok'] })).toBeNull();
  });

  it('names a lone surrogate (jsonb refuses its escape), never a whole pair', () => {
    const lone = (field: string) => ({ field, message: LONE_SURROGATE_MESSAGE });
    expect(unstorableTextAt({ segments: [{ name: 'Climb \ud83d' }] })).toEqual(
      lone('segments.0.name'),
    );
    expect(unstorableTextAt({ a: '\udc00x' })).toEqual(lone('a'));
    expect(unstorableTextAt({ ['\ud800']: 1 })).toEqual(lone('\ud800'));
    expect(unstorableTextAt({ a: '\ud83d\udeb4' })).toBeNull();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(unstorableTextAt(deep)?.field).toMatch(/^0(\.0)+$/);
  });
});
