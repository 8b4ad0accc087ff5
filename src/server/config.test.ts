import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      admin: undefined,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('lists one line per bad variable', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_EMAIL: 'admin@example.com' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(3);
      expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
      expect(problems).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
      expect(problems).toContain(
        'ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      );
    }
  });

  it('treats empty variables as unset and lowercases the admin email', () => {
    const config = loadConfig({
      DATABASE_URL: '',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'secret-pass',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.admin).toEqual({ email: 'boss@example.com', password: 'secret-pass' });
  });

  describe("the app's own hosts (APP_HOSTS, PUBLIC_URL)", () => {
    it('defaults to the loopback names only, and says it was not configured', () => {
      const config = loadConfig({});
      expect(config.appHosts).toEqual(['localhost', '127.0.0.1', '::1']);
      expect(config.appHostsConfigured).toBe(false);
    });

    it('takes the APP_HOSTS names and the host of PUBLIC_URL, normalised, beside the loopback names', () => {
      const config = loadConfig({
        APP_HOSTS: ' App.Cadence.Example. , cadence.example,10.0.0.5 ,, ::1',
        PUBLIC_URL: 'https://Studio.Cadence.Example:8443/base?x=1',
      });
      expect(config.appHosts).toEqual([
        'app.cadence.example',
        'cadence.example',
        '10.0.0.5',
        '::1',
        'studio.cadence.example',
        'localhost',
        '127.0.0.1',
      ]);
      expect(config.appHostsConfigured).toBe(true);
      expect(loadConfig({ PUBLIC_URL: 'http://[2001:db8::1]:5000' }).appHosts[0]).toBe(
        '2001:db8::1',
      );
    });

    it.each([
      ['APP_HOSTS', 'app.cadence.example, bad_host.example'],
      ['APP_HOSTS', '*.cadence.example'],
      ['APP_HOSTS', ' , '],
      ['APP_HOSTS', 'app.cadence.example/path'],
      ['APP_HOSTS', Array.from({ length: 21 }, (_, i) => `h${i}.example`).join(',')],
      ['APP_HOSTS', `${'a'.repeat(64)}.example`],
      ['APP_HOSTS', 'x'.repeat(100_000)],
      ['PUBLIC_URL', 'app.cadence.example'],
      ['PUBLIC_URL', 'ftp://app.cadence.example'],
      ['PUBLIC_URL', 'https://user@app.cadence.example'],
      ['PUBLIC_URL', 'https://'],
      ['PUBLIC_URL', 'https://app_cadence.example'],
    ])('refuses %s=%j with one line naming the variable', (name, value) => {
      try {
        loadConfig({ [name]: value });
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        const problems = (error as ConfigError).problems;
        expect(problems).toHaveLength(1);
        expect(problems[0]).toMatch(new RegExp(`^${name}: must be`));
      }
    });
  });

  describe('email (SMTP_URL, MAIL_FROM, PUBLIC_URL)', () => {
    it('writes to the outbox by default, from a Cadence address', () => {
      const config = loadConfig({});
      expect(config.mail).toEqual({ smtpUrl: undefined, from: 'Cadence <no-reply@localhost>' });
      expect(config.publicOrigin).toBeUndefined();
    });

    it('takes an smtp:// or smtps:// URL with its sender, and the origin of PUBLIC_URL', () => {
      const config = loadConfig({
        SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
        MAIL_FROM: 'Cadence <no-reply@cadence.example>',
        PUBLIC_URL: 'https://App.Cadence.Example:8443/base?x=1',
      });
      expect(config.mail).toEqual({
        smtpUrl: 'smtps://user:secret@smtp.example.com:465',
        from: 'Cadence <no-reply@cadence.example>',
      });
      expect(config.publicOrigin).toBe('https://app.cadence.example:8443');
      expect(
        loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'a@b.example' }).mail,
      ).toMatchObject({ smtpUrl: 'smtp://127.0.0.1:2525', from: 'a@b.example' });
    });

    it.each([
      ['SMTP_URL', 'http://smtp.example.com'],
      ['SMTP_URL', 'smtp.example.com:587'],
      ['SMTP_URL', 'smtp://'],
      ['MAIL_FROM', 'not an address'],
      ['MAIL_FROM', 'Cadence <no-reply>'],
    ])('refuses %s=%j with one line naming the variable', (name, value) => {
      const env = { SMTP_URL: 'smtp://127.0.0.1:25', MAIL_FROM: 'no-reply@cadence.example' };
      try {
        loadConfig({ ...env, [name]: value });
        expect.unreachable();
      } catch (error) {
        expect((error as ConfigError).problems).toEqual([
          expect.stringMatching(`^${name}: must be`),
        ]);
      }
    });

    it('wants MAIL_FROM with SMTP_URL', () => {
      expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:25' })).toThrow(
        'MAIL_FROM: must be set when SMTP_URL is set',
      );
    });
  });

  describe('Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE)', () => {
    it('runs without Stripe by default', () => {
      expect(loadConfig({}).stripe).toBeUndefined();
    });

    it('takes both keys, and another API address for the tests', () => {
      const keys = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_def456' };
      expect(loadConfig(keys).stripe).toEqual({
        secretKey: 'sk_test_abc123',
        webhookSecret: 'whsec_def456',
        apiBase: undefined,
      });
      expect(
        loadConfig({ ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).stripe?.apiBase,
      ).toEqual({ protocol: 'http', host: '127.0.0.1', port: 12111 });
    });

    it.each([
      ['STRIPE_SECRET_KEY', 'pk_test_abc', 'must be a Stripe secret key'],
      ['STRIPE_WEBHOOK_SECRET', 'secret', 'must be a webhook signing secret'],
      ['STRIPE_API_BASE', 'ftp://127.0.0.1', 'must be an http(s):// URL'],
    ])('refuses %s=%j', (name, value, message) => {
      const env = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
      expect(() => loadConfig({ ...env, [name]: value })).toThrow(`${name}: ${message}`);
    });

    it('wants both keys together', () => {
      expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
        'STRIPE_WEBHOOK_SECRET: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together',
      );
    });
  });

  describe('public media kept in memory (MEDIA_MEMORY_MB)', () => {
    it('keeps 256 MB by default, what it is told from 0 (nothing kept) up, in bytes', () => {
      expect(loadConfig({}).mediaMemoryBytes).toBe(256 * 1024 * 1024);
      expect(loadConfig({ MEDIA_MEMORY_MB: '0' }).mediaMemoryBytes).toBe(0);
      expect(loadConfig({ MEDIA_MEMORY_MB: '1024' }).mediaMemoryBytes).toBe(1024 * 1024 * 1024);
    });

    it('refuses anything but a whole number of megabytes from 0 to 65536', () => {
      for (const value of ['-1', '1.5', 'lots', '65537']) {
        expect(() => loadConfig({ MEDIA_MEMORY_MB: value }), value).toThrow(
          'MEDIA_MEMORY_MB: must be a whole number of megabytes from 0 to 65536',
        );
      }
    });
  });

  describe('metrics (METRICS_PORT, METRICS_HOST)', () => {
    it('has no metrics listener by default', () => {
      expect(loadConfig({}).metrics).toBeUndefined();
    });

    it('listens on loopback unless METRICS_HOST says otherwise', () => {
      expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({
        port: 9464,
        host: '127.0.0.1',
      });
      expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
        port: 9464,
        host: '10.0.0.5',
      });
    });

    it.each([
      ['METRICS_PORT', '0', 'must be a whole number from 1 to 65535, other than PORT'],
      ['METRICS_PORT', '70000', 'must be a whole number from 1 to 65535, other than PORT'],
      ['METRICS_PORT', 'metrics', 'must be a whole number from 1 to 65535, other than PORT'],
      ['METRICS_PORT', '5000', 'must be a whole number from 1 to 65535, other than PORT'],
      ['METRICS_HOST', 'not a host!', 'must be an IP address or a host name'],
    ])('refuses %s=%s', (name, value, message) => {
      expect(() => loadConfig({ METRICS_PORT: '9464', [name]: value })).toThrow(
        `${name}: ${message}`,
      );
    });

    it('refuses the metrics on the app port, and METRICS_HOST without METRICS_PORT', () => {
      expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(
        'METRICS_PORT: must be a whole number from 1 to 65535, other than PORT',
      );
      expect(() => loadConfig({ METRICS_HOST: '127.0.0.1' })).toThrow(
        'METRICS_PORT: must be set when METRICS_HOST is set',
      );
    });
  });
});
