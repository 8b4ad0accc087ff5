import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_TIME_ZONE } from '@shared/analytics.contract';
import { registerOwner, startTestApp, type TestApp } from '../harness';

/**
 * Audit (low): `/api/analytics?tz=US/Pacific-New` answered 500: the browser's time zone list (ICU)
 * knows names the database does not. The database's own list decides now.
 */
describe('analytics time zone: the database decides which names exist', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp();
    cookie = (await registerOwner(t.app)).cookie;
  });
  afterAll(() => t.close());

  const analytics = (tz: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/analytics?tz=${encodeURIComponent(tz)}`,
      headers: { cookie },
    });

  it('answers 400 "Unknown time zone" for a name only the browser knows', async () => {
    // Valid for Intl (so the shared contract passes it), unknown to PostgreSQL.
    expect(() => new Intl.DateTimeFormat('en-US', { timeZone: 'US/Pacific-New' })).not.toThrow();
    const res = await analytics('US/Pacific-New');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: UNKNOWN_TIME_ZONE });
  });

  it('answers for names the database knows, as before', async () => {
    for (const tz of ['UTC', 'America/Los_Angeles', 'Europe/Berlin', 'Asia/Kolkata']) {
      const res = await analytics(tz);
      expect(res.statusCode, tz).toBe(200);
      expect(res.json().period.timeZone).toBe(tz);
    }
  });
});
