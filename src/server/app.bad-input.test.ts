import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOwner, startTestApp, type TestApp } from './test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const writeRoutes = [
  '/api/auth/register',
  '/api/auth/login',
  '/api/auth/complete-onboarding',
] as const;

describe('bad input never gets a 500', () => {
  it.each(writeRoutes)('%s: malformed JSON answers 400', async (url) => {
    const owner = await registerOwner(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', cookie: owner.cookie },
      payload: '{"email": "a@b.co",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Malformed JSON in request body');
  });

  // Signed in: an owner route refuses a signed-out caller (401) before reading the body.
  it.each(writeRoutes)('%s: a 1 MB body answers 413', async (url) => {
    const owner = await registerOwner(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', cookie: owner.cookie },
      payload: JSON.stringify({ email: 'a'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Request body is too large');
  });

  it.each(writeRoutes)(
    '%s: an empty JSON body and a wrong content type answer 4xx',
    async (url) => {
      const owner = await registerOwner(t.app);
      const empty = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', cookie: owner.cookie },
        payload: '',
      });
      expect(empty.statusCode).toBe(400);
      const xml = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/xml', cookie: owner.cookie },
        payload: '<a/>',
      });
      expect(xml.statusCode).toBe(415);
      const array = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: owner.cookie },
        payload: [1, 2, 3],
      });
      expect(array.statusCode).toBe(400);
    },
  );

  it('stores SQL and HTML in text fields as plain text', async () => {
    const evil = `Robert'); DROP TABLE users;-- <script>alert(1)</script>`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'evil@example.com',
        password: 'long enough',
        firstName: evil,
        lastName: evil,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.firstName).toBe(evil);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const cookie = `cadence.sid=${res.cookies.find((c) => c.name === 'cadence.sid')!.value}`;
    const onboard = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-onboarding',
      headers: { cookie },
      payload: {
        companyName: evil,
        companyType: 'gym',
        companyDescription: evil,
        companySlug: 'evil-gym',
      },
    });
    expect(onboard.statusCode).toBe(200);
    expect(onboard.json().user.companyDescription).toBe(evil);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `' OR 1=1 --@x.co`, password: `' OR '1'='1` },
    });
    expect(login.statusCode).toBe(400);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No route for GET /api/nope');
  });

  it('GET /api/health answers ok once migrated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
