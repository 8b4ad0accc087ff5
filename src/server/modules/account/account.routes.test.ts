import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '@shared/account.contract';
import { registerOwner, sessionCookie, startTestApp, type TestApp } from '../../test/harness';
import { seedVideo } from '../../test/analytics-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

function put(url: string, cookie: string | undefined, payload: unknown, remoteAddress?: string) {
  return t.app.inject({
    method: 'PUT',
    url,
    headers: cookie ? { cookie } : {},
    payload: payload as object,
    remoteAddress,
  });
}
const me = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: '10.9.0.1',
  });

const PROFILE = '/api/auth/settings/profile';
const NOTIFICATIONS = '/api/auth/settings/notifications';
const PASSWORD = '/api/auth/settings/password';

describe('every settings endpoint', () => {
  it.each([
    ['PUT', PROFILE],
    ['PUT', NOTIFICATIONS],
    ['PUT', PASSWORD],
    ['GET', '/api/auth/export'],
  ] as const)('%s %s answers 401 when signed out', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'PUT' ? {} : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });

  it.each([PROFILE, NOTIFICATIONS, PASSWORD])(
    'PUT %s answers 400 to malformed JSON',
    async (url) => {
      const owner = await registerOwner(t.app);
      const res = await t.app.inject({
        method: 'PUT',
        url,
        headers: { cookie: owner.cookie, 'content-type': 'application/json' },
        payload: '{"companyName": "x", ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Malformed JSON in request body');
    },
  );
});

describe('bad input never gets a 500', () => {
  const writes = [PROFILE, NOTIFICATIONS, PASSWORD, '/api/auth/plan'];

  it.each(writes)(
    'PUT %s: an empty body, a missing body, a wrong content type and 1 MB answer 4xx',
    async (url) => {
      const owner = await registerOwner(t.app);
      const send = (headers: Record<string, string>, payload?: string) =>
        t.app.inject({
          method: 'PUT',
          url,
          headers: { cookie: owner.cookie, ...headers },
          payload,
        });
      expect((await send({ 'content-type': 'application/json' }, '')).statusCode).toBe(400);
      expect((await send({})).statusCode).toBe(400);
      expect((await send({ 'content-type': 'application/xml' }, '<a/>')).statusCode).toBe(415);
      const big = await send(
        { 'content-type': 'application/json' },
        JSON.stringify({ companyName: 'a'.repeat(1024 * 1024) }),
      );
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe('Request body is too large');
    },
  );
});

describe('PUT /api/auth/settings/profile', () => {
  it('saves company name and phone, and the current user shows them', async () => {
    const owner = await registerOwner(t.app);
    const before = (await me(owner.cookie)).json();
    expect(before.phone).toBeNull();
    expect(before.pendingEmail).toBeNull();

    const res = await put(PROFILE, owner.cookie, {
      companyName: '  Iron Spin Studio ',
      email: owner.email.toUpperCase(),
      phone: '+44 20 7946 0958',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Settings updated');
    expect(res.json().user).toMatchObject({
      companyName: 'Iron Spin Studio',
      phone: '+44 20 7946 0958',
      email: owner.email,
      pendingEmail: null,
    });
    expect(res.body).not.toContain('argon2');
    expect((await me(owner.cookie)).json()).toMatchObject({
      companyName: 'Iron Spin Studio',
      phone: '+44 20 7946 0958',
    });

    // An empty phone clears it.
    const cleared = await put(PROFILE, owner.cookie, {
      companyName: 'Iron Spin Studio',
      email: owner.email,
      phone: '',
    });
    expect(cleared.json().user.phone).toBeNull();
  });

  it('keeps the email as it is while a new one waits for its confirmation', async () => {
    const owner = await registerOwner(t.app);
    const res = await put(PROFILE, owner.cookie, {
      companyName: 'Iron Spin',
      email: 'Front-Desk@IronSpin.example',
      currentPassword: owner.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'We have sent a link to front-desk@ironspin.example. Your email address changes once you open it.',
    );
    expect(res.json().user).toMatchObject({
      email: owner.email,
      pendingEmail: 'front-desk@ironspin.example',
      companyName: 'Iron Spin',
    });
  });

  it.each([
    [{ email: 'a@b.co' }, 'Company name is required'],
    [{ companyName: '  ', email: 'a@b.co' }, 'Company name is required'],
    [{ companyName: 42, email: 'a@b.co' }, 'Company name is required'],
    [
      { companyName: 'X'.repeat(101), email: 'a@b.co' },
      'Company name must be under 100 characters',
    ],
    [{ companyName: 'Gym', email: 'nope' }, 'Invalid email address'],
    [{ companyName: 'Gym' }, 'Invalid email address'],
    [{ companyName: 'Gym', email: `${'a'.repeat(250)}@b.co` }, 'Invalid email address'],
    [{ companyName: 'Gym', email: 'a@b.co', phone: 'ring ring' }, 'Invalid phone number'],
    [{ companyName: 'Gym', email: 'a@b.co', phone: 5551234 }, 'Invalid phone number'],
  ])('refuses %j with 400 "%s" and changes nothing', async (payload, message) => {
    const owner = await registerOwner(t.app);
    const res = await put(PROFILE, owner.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await me(owner.cookie)).json()).toMatchObject({
      pendingEmail: null,
      companyName: null,
    });
  });

  it('changes only the caller’s own account', async () => {
    const owner = await registerOwner(t.app);
    const other = await registerOwner(t.app);
    const mine = await put(PROFILE, owner.cookie, {
      companyName: 'Mine',
      email: 'me@mine.example',
      currentPassword: owner.password,
    });
    expect(mine.json().user.pendingEmail).toBe('me@mine.example');
    expect((await me(other.cookie)).json()).toMatchObject({
      companyName: null,
      email: other.email,
      pendingEmail: null,
    });
  });
});

describe('PUT /api/auth/settings/notifications', () => {
  it('starts with all three on and saves each switch on its own', async () => {
    const owner = await registerOwner(t.app);
    expect((await me(owner.cookie)).json()).toMatchObject({
      notifyEmail: true,
      notifyStudentActivity: true,
      notifyWeeklyReports: true,
    });
    const res = await put(NOTIFICATIONS, owner.cookie, { notifyStudentActivity: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Settings updated');
    expect(res.json().user).toMatchObject({
      notifyEmail: true,
      notifyStudentActivity: false,
      notifyWeeklyReports: true,
    });
    await put(NOTIFICATIONS, owner.cookie, { notifyEmail: false, notifyWeeklyReports: false });
    expect((await me(owner.cookie)).json()).toMatchObject({
      notifyEmail: false,
      notifyStudentActivity: false,
      notifyWeeklyReports: false,
    });
  });

  it.each([
    [{}, 'No notification setting given'],
    [{ notifyEmail: 'false' }, 'notifyEmail must be true or false'],
    [{ notifyEmail: true, isAdmin: 'true' }, 'Unknown notification setting'],
    [[true], 'Invalid request'],
  ])('refuses %j with 400 "%s"', async (payload, message) => {
    const owner = await registerOwner(t.app);
    const res = await put(NOTIFICATIONS, owner.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await me(owner.cookie)).json()).toMatchObject({ notifyEmail: true, isAdmin: 'false' });
  });
});

describe('PUT /api/auth/settings/password', () => {
  it('refuses a wrong current password with a clear 400 and keeps the old password', async () => {
    const owner = await registerOwner(t.app);
    const res = await put(PASSWORD, owner.cookie, {
      currentPassword: 'not my password',
      newPassword: 'brand new pass',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Current password is incorrect');
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    expect((await login(owner.email, 'brand new pass')).statusCode).toBe(401);
  });

  it.each([
    [{ newPassword: 'long enough' }, 'Current password is required'],
    [
      { currentPassword: 'whatever', newPassword: 'short' },
      'New password must be at least 8 characters',
    ],
    [
      { currentPassword: 'whatever', newPassword: 'x'.repeat(201) },
      'Password must be under 200 characters',
    ],
    [
      { currentPassword: 'same password', newPassword: 'same password' },
      'New password must be different from the current password',
    ],
  ])('refuses %j with 400 "%s"', async (payload, message) => {
    const owner = await registerOwner(t.app);
    const res = await put(PASSWORD, owner.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('changes the password and signs out every other session of the user, keeping this one', async () => {
    const owner = await registerOwner(t.app);
    const other = await registerOwner(t.app);
    const laptop = sessionCookie(await login(owner.email, owner.password));
    const tablet = sessionCookie(await login(owner.email, owner.password));
    expect((await me(laptop)).statusCode).toBe(200);

    const res = await put(PASSWORD, owner.cookie, {
      currentPassword: owner.password,
      newPassword: 'a new password 2',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'Your password has been changed. Other devices have been signed out.',
    );

    expect((await me(owner.cookie)).statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(tablet)).statusCode).toBe(401);
    // Another user's session is untouched.
    expect((await me(other.cookie)).statusCode).toBe(200);

    expect((await login(owner.email, owner.password)).statusCode).toBe(401);
    expect((await login(owner.email, 'a new password 2')).statusCode).toBe(200);
  });

  it('limits attempts to 10 per 15 minutes per session, then answers 429', async () => {
    const owner = await registerOwner(t.app);
    for (let i = 0; i < 10; i++) {
      const res = await put(
        PASSWORD,
        owner.cookie,
        { currentPassword: `wrong ${i}`, newPassword: 'brand new pass' },
        '10.8.0.1',
      );
      expect(res.statusCode).toBe(400);
    }
    const blocked = await put(
      PASSWORD,
      owner.cookie,
      { currentPassword: owner.password, newPassword: 'brand new pass' },
      '10.8.0.1',
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many attempts/);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });
});

describe('GET /api/auth/export', () => {
  it('downloads the account without its password hash, its plan changes and its own videos’ metadata', async () => {
    const owner = await registerOwner(t.app);
    const other = await registerOwner(t.app);
    await put(PROFILE, owner.cookie, {
      companyName: 'Export Gym',
      email: owner.email,
      phone: '555 0100',
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/plan',
      headers: { cookie: owner.cookie },
      payload: { planId: 'power-cycle' },
    });
    await seedVideo(t.database.db, owner.id, {
      title: 'Sunrise Sprint',
      description: 'Intervals',
      duration: '1800',
      originalKey: 'secret/key.mp4',
      uploadedAt: new Date(Date.now() - 60_000),
    });
    await seedVideo(t.database.db, owner.id, { title: 'Hill Repeats', uploadedAt: new Date() });
    await seedVideo(t.database.db, other.id, { title: 'Not Mine' });

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/export',
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="cadence-data-${owner.id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );

    expect(res.body).not.toMatch(/password/i);
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain('secret/key.mp4');
    expect(res.body).not.toContain('Not Mine');

    const data: AccountExport = JSON.parse(res.body);
    expect(data.format).toBe('cadence-account-export');
    expect(data.account).toMatchObject({
      id: owner.id,
      email: owner.email,
      companyName: 'Export Gym',
      emailVerified: false,
      phone: '555 0100',
      plan: 'power-cycle',
    });
    expect(data.planChanges).toEqual([
      expect.objectContaining({
        fromPlan: 'spin-starter',
        toPlan: 'power-cycle',
        provider: 'manual',
      }),
    ]);
    expect(data.videos.map((v) => v.title)).toEqual(['Sunrise Sprint', 'Hill Repeats']);
    expect(data.videos[0]).toMatchObject({
      description: 'Intervals',
      duration: '1800',
      originalFileName: 'climb.mp4',
    });
    expect(Date.parse(data.exportedAt)).not.toBeNaN();
  });
});
