import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { REDACTED, redactUrl } from '../../lib/log-redaction';
import { freshDatabase } from '../harness';

/** Audit (low): request logging wrote signed links, signature included, to the info log. */
describe('request logs redact link signatures', () => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  const lines: string[] = [];

  beforeAll(async () => {
    const database = await freshDatabase();
    dispose = database.dispose;
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/cadence-test' });
    app = await buildApp({ config, database, web: 'none', logger: { level: 'info', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await dispose();
  });

  it('logs the request with the signature replaced', async () => {
    const secret = 'c2VjcmV0LXNpZ25hdHVyZS12YWx1ZQ';
    const res = await app.inject({
      url: `/api/objects/uploads/u/file.mp4?expires=4102444800&signature=${secret}&download=a.mp4`,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).not.toContain(secret);
    expect(log).toContain(`signature=${REDACTED}`);
    expect(log).toContain('expires=4102444800');
  });

  it('redacts every secret-bearing parameter, however it is spelt', () => {
    expect(redactUrl('/a?X-Amz-Signature=abc&x=1&Signature=def&%73ignature=ghi')).toBe(
      `/a?X-Amz-Signature=${REDACTED}&x=1&Signature=${REDACTED}&%73ignature=${REDACTED}`,
    );
    expect(redactUrl('/a?token=t&password=p&plain')).toBe(
      `/a?token=${REDACTED}&password=${REDACTED}&plain`,
    );
    expect(redactUrl('/no/query')).toBe('/no/query');
    expect(redactUrl(`/long?${'x'.repeat(5000)}`).length).toBe(2048);
  });
});
