import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/time', () => {
  it("answers the server's clock in epoch ms to anyone, never to be cached", async () => {
    const before = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/time' });
    const after = Date.now();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    const { now } = res.json() as { now: number };
    expect(Number.isInteger(now)).toBe(true);
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(after);
  });

  it('moves with the clock: two answers a moment apart differ by that moment', async () => {
    const first = (await t.app.inject({ method: 'GET', url: '/api/time' })).json() as {
      now: number;
    };
    await new Promise((resolve) => setTimeout(resolve, 30));
    const second = (await t.app.inject({ method: 'GET', url: '/api/time' })).json() as {
      now: number;
    };
    expect(second.now - first.now).toBeGreaterThanOrEqual(25);
  });

  it('takes no query and no body it does not need, and answers HEAD', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/api/time' });
    expect(head.statusCode).toBe(200);
    const post = await t.app.inject({ method: 'POST', url: '/api/time' });
    expect(post.statusCode).toBe(404);
  });
});
