import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TAKEN } from '../../modules/auth/auth.service';
import { SIGN_UP_LIMITS } from '../../modules/auth/auth.routes';
import { registerOwner, startTestApp, uniqueEmail, type TestApp } from '../harness';

/**
 * Audit (low): register answered 409 "already exists" to anyone, as often as asked: a flood of
 * sign-ups learnt which emails have accounts. The product's message stays; how often it is given is
 * limited, and so are sign-ups per address.
 */
describe('register flood: sign-ups and "already exists" answers are limited per IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The production limits (the harness raises them for files that register many owners).
    t = await startTestApp({ deps: { signUpLimits: SIGN_UP_LIMITS } });
  });
  afterAll(() => t.close());

  const register = (email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'a long passphrase', firstName: 'Flo', lastName: 'Od' },
      remoteAddress,
    });

  it(`answers "already exists" ${SIGN_UP_LIMITS.takenPerIp.max} times per address, then 429 for every sign-up`, async () => {
    const known = await registerOwner(t.app);
    for (let i = 0; i < SIGN_UP_LIMITS.takenPerIp.max; i++) {
      const res = await register(known.email, '10.30.0.1');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(EMAIL_TAKEN);
    }
    const taken = await register(known.email, '10.30.0.1');
    expect(taken.statusCode).toBe(429);
    expect(taken.json().message).toMatch(/^Too many sign-up attempts/);
    // The flood learns nothing more: a free email gets the same 429, and no account is made.
    const fresh = uniqueEmail();
    expect((await register(fresh, '10.30.0.1')).statusCode).toBe(429);
    // Someone else signs up as usual.
    expect((await register(fresh, '10.30.0.2')).statusCode).toBe(201);
  });

  it(`allows ${SIGN_UP_LIMITS.perIp.max} sign-ups per address per hour`, async () => {
    for (let i = 0; i < SIGN_UP_LIMITS.perIp.max; i++) {
      expect((await register(uniqueEmail('bulk'), '10.31.0.1')).statusCode).toBe(201);
    }
    const blocked = await register(uniqueEmail('bulk'), '10.31.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many sign-up attempts/);
  });
});
