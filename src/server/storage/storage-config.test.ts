import { describe, expect, it } from 'vitest';
import { loadConfig, type ConfigError } from '../config';

describe('storage configuration', () => {
  it('defaults to local disk and no signing secret (one is generated in DATA_DIR)', () => {
    expect(loadConfig({})).toMatchObject({ storage: { kind: 'local' }, signingSecret: undefined });
  });

  it('reads the S3 settings', () => {
    const config = loadConfig({
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-1',
      S3_BUCKET: 'classes',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      SIGNING_SECRET: 'z'.repeat(32),
    });
    expect(config.storage).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      bucket: 'classes',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(config.signingSecret).toBe('z'.repeat(32));
  });

  it('lists what is wrong, one line per variable', () => {
    try {
      loadConfig({
        STORAGE: 's4',
        S3_ENDPOINT: 'not a url',
        S3_ACCESS_KEY_ID: 'only-half',
        SIGNING_SECRET: 'short',
      });
      expect.unreachable();
    } catch (error) {
      const problems = (error as ConfigError).problems;
      expect(problems).toContain('STORAGE: must be local or s3');
      expect(problems).toContain('S3_ENDPOINT: must be an http(s):// URL');
      expect(problems).toContain('SIGNING_SECRET: must be at least 32 characters');
      expect(problems).toContain(
        'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
      );
    }
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(
      /S3_BUCKET: must be set when STORAGE is s3/,
    );
  });
});
