import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_IP } from '../../modules/auth/auth.routes';
import { registerOwner, startTestApp, uniqueEmail, type TestApp } from '../harness';

/**
 * Audit (low): the sign-in limit was per IP and email only, so one address could try a common
 * password on every account, and many addresses could keep guessing one account's password.
 */
describe('password spraying: failed sign-ins are limited per IP and per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
    });

  it('stops one address trying one password on many accounts', async () => {
    const owner = await registerOwner(t.app);
    for (let i = 0; i < LOGIN_FAILURES_PER_IP.max; i++) {
      expect((await login(uniqueEmail('sprayed'), 'Summer2024!', '10.20.0.1')).statusCode).toBe(
        401,
      );
    }
    const blocked = await login(uniqueEmail('sprayed'), 'Summer2024!', '10.20.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(
      /^Too many sign-in attempts\. Please try again in \d+ minutes\.$/,
    );
    // The address is held off even for a real account; another address is not.
    expect((await login(owner.email, owner.password, '10.20.0.1')).statusCode).toBe(429);
    expect((await login(owner.email, owner.password, '10.20.0.2')).statusCode).toBe(200);
  });

  it('stops many addresses guessing one account, and a success does not count', async () => {
    const owner = await registerOwner(t.app);
    // Right passwords are no failures: signing in often from many places never locks anyone out.
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT.max + 2; i++) {
      expect((await login(owner.email, owner.password, `10.21.1.${i + 1}`)).statusCode).toBe(200);
    }
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT.max; i++) {
      expect((await login(owner.email, `guess-${i}-wrong`, `10.21.2.${i + 1}`)).statusCode).toBe(
        401,
      );
    }
    const blocked = await login(owner.email, 'yet another guess', '10.21.3.1');
    expect(blocked.statusCode).toBe(429);
    // Even the right password waits: the guesser cannot tell a hit from the lock.
    expect((await login(owner.email, owner.password, '10.21.3.2')).statusCode).toBe(429);
    // Other accounts are not affected.
    const other = await registerOwner(t.app);
    expect((await login(other.email, other.password, '10.21.3.3')).statusCode).toBe(200);
  });

  it('counts attempts under way: a burst of parallel guesses gets no more tries than the limit', async () => {
    const owner = await registerOwner(t.app);
    const burst = LOGIN_FAILURES_PER_ACCOUNT.max * 3;
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        login(owner.email, `burst-${i}-wrong`, `10.22.${Math.floor(i / 200)}.${(i % 200) + 1}`),
      ),
    );
    const tried = answers.filter((a) => a.statusCode === 401).length;
    expect(tried).toBeLessThanOrEqual(LOGIN_FAILURES_PER_ACCOUNT.max);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(burst - tried);
  });

  it('counts an IPv6 client by its /64: new addresses in the same network are the same client', async () => {
    for (let i = 0; i < LOGIN_FAILURES_PER_IP.max; i++) {
      const address = `2001:db8:77:1::${(i + 1).toString(16)}`;
      expect((await login(uniqueEmail('v6'), 'Summer2024!', address)).statusCode).toBe(401);
    }
    expect(
      (await login(uniqueEmail('v6'), 'Summer2024!', '2001:db8:77:1:ffff::9')).statusCode,
    ).toBe(429);
    expect((await login(uniqueEmail('v6'), 'Summer2024!', '2001:db8:77:2::1')).statusCode).toBe(
      401,
    );
  });
});
