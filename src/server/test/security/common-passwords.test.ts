import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_TOO_COMMON, registerBody } from '@shared/auth.contract';
import { changePasswordForm } from '@shared/account.contract';
import { isCommonPassword } from '@shared/common-passwords';
import { ConfigError, loadConfig } from '../../config';
import { registerOwner, startTestApp, uniqueEmail, type TestApp } from '../harness';

/** Audit (low): passwords like `12345678` were accepted. */
describe('the most common passwords are refused', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('on sign-up, in any case, with the message under the password field; nothing is created', async () => {
    for (const password of ['12345678', 'Password123', 'QWERTYUIOP', 'iloveyou']) {
      const email = uniqueEmail();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password, firstName: 'Com', lastName: 'Mon' },
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toEqual({
        message: PASSWORD_TOO_COMMON,
        errors: [{ field: 'password', message: PASSWORD_TOO_COMMON }],
      });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      expect(login.statusCode).toBe(401);
    }
  });

  it('on a password change; the old password keeps working', async () => {
    const owner = await registerOwner(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/settings/password',
      headers: { cookie: owner.cookie },
      payload: { currentPassword: owner.password, newPassword: 'Passw0rd' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'newPassword', message: PASSWORD_TOO_COMMON }]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('for the configured admin (ADMIN_PASSWORD), at start', () => {
    expect(() =>
      loadConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'administrator' }),
    ).toThrow(ConfigError);
    let problems: string[] = [];
    try {
      loadConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Welcome123' });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([
      'ADMIN_PASSWORD: is one of the most common passwords; choose one that is harder to guess',
    ]);
    expect(
      loadConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'secret-pass' }).admin,
    ).toBeDefined();
  });

  it('in the web forms (the same shared schemas), and ordinary passphrases pass', () => {
    const form = changePasswordForm.safeParse({
      currentPassword: 'old one here',
      newPassword: 'football',
      confirmPassword: 'football',
    });
    expect(form.success).toBe(false);
    expect(form.error?.issues[0]).toMatchObject({
      path: ['newPassword'],
      message: PASSWORD_TOO_COMMON,
    });
    expect(
      registerBody.safeParse({
        email: 'a@b.co',
        password: 'correct horse battery',
        firstName: 'A',
        lastName: 'B',
      }).success,
    ).toBe(true);
    expect(isCommonPassword('SUNSHINE2024')).toBe(true);
    expect(isCommonPassword('spin-class-at-six')).toBe(false);
  });
});
