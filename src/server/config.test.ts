import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 5000, host: '0.0.0.0', databaseUrl: undefined, admin: undefined });
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
      expect(problems).toContain('ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
    }
  });

  it('treats empty variables as unset and lowercases the admin email', () => {
    const config = loadConfig({ DATABASE_URL: '', ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'secret-pass' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.admin).toEqual({ email: 'boss@example.com', password: 'secret-pass' });
  });
});
