import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import { LOGIN_LIMIT } from '../../modules/auth/auth.routes';
import { freshDatabase, registerOwner } from '../harness';

/**
 * Audit finding 6: TRUST_PROXY=true trusted every client's X-Forwarded-For and X-Forwarded-Host, so
 * a new forwarded address per try escaped the sign-in limit and a client chose the request's host.
 * Only configured proxies (addresses or a hop count) are trusted now, and `true` is refused.
 */
const env = (trustProxy: string) => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: '/tmp/cadence-test',
  TRUST_PROXY: trustProxy,
});

describe('TRUST_PROXY configuration', () => {
  const problem = (value: string) => {
    try {
      loadConfig(env(value));
      return undefined;
    } catch (error) {
      return error instanceof ConfigError ? error.problems.join('\n') : String(error);
    }
  };

  it('refuses true (trust every client) with a message saying what to set instead', () => {
    expect(problem('true')).toMatch(
      /^TRUST_PROXY: true would trust every client; give the number of proxies/,
    );
    expect(problem('on')).toMatch(/^TRUST_PROXY: true would trust every client/);
  });

  it('takes false, a hop count, or addresses and CIDRs; refuses anything else', () => {
    expect(loadConfig(env('false')).trustProxy).toBe(false);
    expect(loadConfig(env('1')).trustProxy).toBe(1);
    expect(loadConfig(env('127.0.0.1, 10.0.0.0/8,::1,loopback')).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    for (const bad of ['yes', '10.0.0.0/33', '300.1.1.1', 'example.com', '10.0.0.1/8/8', '12']) {
      expect(problem(bad), bad).toMatch(/^TRUST_PROXY: must be false, the number of proxies/);
    }
  });
});

describe('requests behind TRUST_PROXY=10.9.9.9 (one proxy at that address)', () => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await freshDatabase();
    dispose = database.dispose;
    app = await buildApp({ config: loadConfig(env('10.9.9.9')), database, web: 'none' });
    app.get('/test/echo', async (request) => ({
      ip: request.ip,
      host: request.hostname,
      protocol: request.protocol,
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const forged = {
    'x-forwarded-for': '203.0.113.7',
    'x-forwarded-host': 'classes.victim-gym.example',
    'x-forwarded-proto': 'https',
  };

  it("ignores a client's own X-Forwarded-For, -Host and -Proto", async () => {
    const res = await app.inject({
      url: '/test/echo',
      headers: { host: 'app.cadence.example', ...forged },
      remoteAddress: '198.51.100.20',
    });
    expect(res.json()).toEqual({
      ip: '198.51.100.20',
      host: 'app.cadence.example',
      protocol: 'http',
    });
  });

  it('takes them from the configured proxy', async () => {
    const res = await app.inject({
      url: '/test/echo',
      headers: { host: '10.9.9.9:5000', ...forged },
      remoteAddress: '10.9.9.9',
    });
    expect(res.json()).toEqual({
      ip: '203.0.113.7',
      host: 'classes.victim-gym.example',
      protocol: 'https',
    });
  });

  it('keeps the sign-in limit when a client sends a new X-Forwarded-For with every try', async () => {
    const owner = await registerOwner(app);
    const attempt = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: owner.email, password: `wrong-${i}` },
        headers: { 'x-forwarded-for': `198.18.0.${i + 1}` },
        remoteAddress: '198.51.100.30',
      });
    for (let i = 0; i < LOGIN_LIMIT.max; i++) expect((await attempt(i)).statusCode).toBe(401);
    expect((await attempt(LOGIN_LIMIT.max)).statusCode).toBe(429);
  });
});

describe('requests behind TRUST_PROXY=1 (one hop)', () => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await freshDatabase();
    dispose = database.dispose;
    app = await buildApp({ config: loadConfig(env('1')), database, web: 'none' });
    app.get('/test/echo', async (request) => ({ ip: request.ip }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await dispose();
  });

  it('takes the address the proxy appended, not what the client put before it', async () => {
    const res = await app.inject({
      url: '/test/echo',
      headers: { 'x-forwarded-for': '1.2.3.4, 198.51.100.40' },
      remoteAddress: '127.0.0.1',
    });
    expect(res.json()).toEqual({ ip: '198.51.100.40' });
  });
});
