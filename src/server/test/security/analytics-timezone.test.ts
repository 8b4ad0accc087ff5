import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_TIME_ZONE } from '@shared/analytics.contract';
import { users } from '../../db/schema/users';
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
    const owner = await registerOwner(t.app);
    cookie = owner.cookie;
    // Every analytics route reads the zone: the top plan reaches them all.
    await t.database.db.update(users).set({ plan: 'elite-studio' }).where(eq(users.id, owner.id));
  });
  afterAll(() => t.close());

  const ROUTES = ['/api/analytics', '/api/analytics/summary', '/api/analytics/retention'];
  const analytics = (tz: string, path = '/api/analytics') =>
    t.app.inject({
      method: 'GET',
      url: `${path}?tz=${encodeURIComponent(tz)}${path.endsWith('retention') ? `&video=${crypto.randomUUID()}` : ''}`,
      headers: { cookie },
    });

  it('answers 400 "Unknown time zone" for a name only the browser knows', async () => {
    // Valid for Intl (so the shared contract passes it), unknown to PostgreSQL.
    expect(() => new Intl.DateTimeFormat('en-US', { timeZone: 'US/Pacific-New' })).not.toThrow();
    for (const path of ROUTES) {
      const res = await analytics('US/Pacific-New', path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toEqual({ message: UNKNOWN_TIME_ZONE });
    }
  });

  it('answers for names the database knows, as before', async () => {
    for (const tz of ['UTC', 'America/Los_Angeles', 'Europe/Berlin', 'Asia/Kolkata']) {
      const res = await analytics(tz);
      expect(res.statusCode, tz).toBe(200);
      expect(res.json().period.timeZone).toBe(tz);
    }
  });
});
