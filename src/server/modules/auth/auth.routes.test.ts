import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/sessions';
import { SessionManager } from '../../plugins/session';
import {
  registerOwner,
  sessionCookie,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const register = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });
const login = (payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: payload as object,
    remoteAddress: ip,
  });
const me = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });

describe('POST /api/auth/register', () => {
  it('creates the account, signs it in and never returns the password', async () => {
    const email = uniqueEmail();
    const res = await register({
      email,
      password: 'long enough',
      firstName: 'Ana',
      lastName: 'Lopez',
    });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({
      email,
      firstName: 'Ana',
      lastName: 'Lopez',
      onboardingCompleted: 'false',
      isAdmin: 'false',
      companySlug: null,
    });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).not.toContain('password');
    expect(res.body).not.toContain('argon2');

    const cookie = res.cookies.find((c) => c.name === 'cadence.sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    const current = await me(sessionCookie(res));
    expect(current.statusCode).toBe(200);
    expect(current.json().email).toBe(email);
    expect(current.body).not.toContain('password');
  });

  it('marks the cookie Secure when the request came over https', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: uniqueEmail(), password: 'long enough', firstName: 'A', lastName: 'B' },
    });
    // Without TRUST_PROXY the forwarded header is ignored: the connection itself was plain http.
    expect(res.cookies.find((c) => c.name === 'cadence.sid')!.secure).toBeFalsy();
  });

  it('answers 409 for an email already registered, whatever its case', async () => {
    const email = uniqueEmail();
    await register({ email, password: 'long enough', firstName: 'A', lastName: 'B' });
    const res = await register({
      email: email.toUpperCase(),
      password: 'another one',
      firstName: 'C',
      lastName: 'D',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'An account with this email already exists. Please sign in instead.',
    );
  });

  it.each([
    [{ password: 'long enough', firstName: 'A', lastName: 'B' }, 'Email is required'],
    [
      { email: 'not-an-email', password: 'long enough', firstName: 'A', lastName: 'B' },
      'Please enter a valid email address',
    ],
    [
      { email: 'a@b.co', password: 'short', firstName: 'A', lastName: 'B' },
      'Password must be at least 8 characters',
    ],
    [{ email: 'a@b.co', password: 'long enough', lastName: 'B' }, 'First name is required'],
    [
      { email: 'a@b.co', password: 'long enough', firstName: 'A', lastName: '   ' },
      'Last name is required',
    ],
    [
      { email: 'a@b.co', password: 'long enough', firstName: 'A'.repeat(101), lastName: 'B' },
      'First name must be under 100 characters',
    ],
    [{ email: 42, password: 'long enough', firstName: 'A', lastName: 'B' }, 'Email is required'],
  ])('rejects %j with "%s"', async (payload, message) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('POST /api/auth/login', () => {
  it('answers an object with user and rotates the session id', async () => {
    const owner = await registerOwner(t.app);
    const res = await login(
      { email: owner.email.toUpperCase(), password: owner.password },
      '10.1.0.1',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(owner.email);
    expect(res.body).not.toContain('password');
    const fresh = sessionCookie(res);
    expect(fresh).not.toBe(owner.cookie);

    // Signing in again from a browser that already had a session replaces that session.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
      headers: { cookie: fresh },
      remoteAddress: '10.1.0.1',
    });
    expect(again.statusCode).toBe(200);
    expect((await me(fresh)).statusCode).toBe(401);
    expect((await me(sessionCookie(again))).statusCode).toBe(200);
  });

  it('answers 401 "Invalid email or password" for a wrong password or an unknown email', async () => {
    const owner = await registerOwner(t.app);
    const wrong = await login({ email: owner.email, password: 'not the password' }, '10.2.0.1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid email or password');
    const unknown = await login({ email: uniqueEmail(), password: 'whatever123' }, '10.2.0.1');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Invalid email or password');
    expect(wrong.cookies.find((c) => c.name === 'cadence.sid')).toBeUndefined();
  });

  it('limits tries to 10 per 15 minutes per IP and email, then answers 429', async () => {
    const owner = await registerOwner(t.app);
    for (let i = 0; i < 10; i++) {
      const res = await login({ email: owner.email, password: 'wrong password' }, '10.3.0.1');
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login({ email: owner.email, password: owner.password }, '10.3.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many sign-in attempts/);
    // Another address, or another email from this address, is not blocked.
    expect(
      (await login({ email: owner.email, password: owner.password }, '10.3.0.2')).statusCode,
    ).toBe(200);
    expect(
      (await login({ email: uniqueEmail(), password: 'wrong password' }, '10.3.0.1')).statusCode,
    ).toBe(401);
  });

  it('validates its body', async () => {
    const res = await login({ email: 'a@b.co' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Password is required');
  });
});

describe('sessions', () => {
  it('GET /api/auth/user answers 401 when signed out or with a forged cookie', async () => {
    expect((await me()).statusCode).toBe(401);
    expect((await me('cadence.sid=forged-token')).statusCode).toBe(401);
    expect((await me(`cadence.sid=${'x'.repeat(500)}`)).statusCode).toBe(401);
  });

  it('POST /api/auth/logout destroys the session row', async () => {
    const owner = await registerOwner(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'cadence.sid')?.value).toBe('');
    expect((await me(owner.cookie)).statusCode).toBe(401);
  });

  it('slides the expiry while used and expires after 30 idle days; the sweep removes expired rows', async () => {
    const active = await registerOwner(t.app);
    const idle = await registerOwner(t.app);
    const day = 24 * 60 * 60 * 1000;

    t.advance(20 * day);
    expect((await me(active.cookie)).statusCode).toBe(200); // slides to day 50
    t.advance(15 * day); // day 35: idle's session (expiring day 30) is gone; active's is not
    expect((await me(active.cookie)).statusCode).toBe(200);
    expect((await me(idle.cookie)).statusCode).toBe(401);

    const before = await t.database.db.select().from(sessions);
    const swept = await new SessionManager(t.database.db, { secure: false, now: t.now }).sweep();
    const after = await t.database.db.select().from(sessions);
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(after.length).toBe(before.length - swept);
    expect(after.every((row) => row.expire.getTime() > t.now())).toBe(true);
    expect((await me(active.cookie)).statusCode).toBe(200);
  });
});
