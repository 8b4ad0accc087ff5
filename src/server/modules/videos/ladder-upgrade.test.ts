/**
 * Quality per plan (issue #18 part 1): which classes a plan change re-packages, and the hook every
 * plan change goes through (the owner's change, an admin's grant), against the real database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema/users';
import { videos } from '../../db/schema/videos';
import type { MediaJobs } from '../../jobs/media-jobs';
import { registerOwner, startTestApp, type TestApp } from '../../test/harness';
import { gainsRung } from './ladder-upgrade.service';

const size = (width: number | null, height: number | null) => ({ width, height });

describe('gainsRung: which classes an upgrade re-packages', () => {
  it('a 4K class gains a rung at every step up, a 1080p one only up to HD', () => {
    const uhd = size(3840, 2160);
    expect(gainsRung(uhd, { from: 'spin-starter', to: 'power-cycle' })).toBe(true);
    expect(gainsRung(uhd, { from: 'power-cycle', to: 'elite-studio' })).toBe(true);
    expect(gainsRung(uhd, { from: 'spin-starter', to: 'elite-studio' })).toBe(true);
    const hd = size(1920, 1080);
    expect(gainsRung(hd, { from: 'spin-starter', to: 'spin-master' })).toBe(true);
    expect(gainsRung(hd, { from: 'power-cycle', to: 'elite-studio' })).toBe(false);
    expect(gainsRung(size(2560, 1440), { from: 'spin-master', to: 'elite-studio' })).toBe(false);
  });

  it('a class at or below 720p never does (nothing to add), nor does a move within a tier', () => {
    expect(gainsRung(size(1280, 720), { from: 'spin-starter', to: 'elite-studio' })).toBe(false);
    expect(gainsRung(size(640, 360), { from: 'spin-starter', to: 'elite-studio' })).toBe(false);
    expect(gainsRung(size(3840, 2160), { from: 'power-cycle', to: 'spin-master' })).toBe(false);
  });

  it('portrait by the short side; downgrades never; an unknown size when the top rises', () => {
    expect(gainsRung(size(2160, 3840), { from: 'spin-master', to: 'elite-studio' })).toBe(true);
    expect(gainsRung(size(1080, 1920), { from: 'spin-master', to: 'elite-studio' })).toBe(false);
    expect(gainsRung(size(3840, 2160), { from: 'elite-studio', to: 'spin-starter' })).toBe(false);
    expect(gainsRung(size(null, null), { from: 'spin-starter', to: 'power-cycle' })).toBe(true);
    expect(gainsRung(size(null, null), { from: 'spin-master', to: 'power-cycle' })).toBe(false);
    // An unknown stored plan counts as the free one.
    expect(gainsRung(size(1920, 1080), { from: 'gold', to: 'power-cycle' })).toBe(true);
  });
});

describe('a plan change queues the re-packages, whatever its source', () => {
  let t: TestApp;
  const jobs = {
    ingest: vi.fn(async (_id: string) => {}),
    enhance: vi.fn(async (_id: string) => {}),
    package: vi.fn(async (_id: string) => {}),
    repackage: vi.fn(async (_id: string) => {}),
  } satisfies MediaJobs;
  type Account = Awaited<ReturnType<typeof registerOwner>>;
  let owner: Account;
  let admin: Account;
  let other: Account;
  const ids: Record<string, string> = {};

  const insert = async (
    userId: string,
    title: string,
    values: Partial<typeof videos.$inferInsert>,
  ) => {
    const [row] = await t.database.db
      .insert(videos)
      .values({
        userId,
        title,
        originalFileName: `${title}.mp4`,
        originalFileUrl: '/api/objects/uploads/x',
        fileSize: '1000',
        processingStatus: 'enhanced',
        enhancedKey: `videos/${title}/enhanced/v1.mp4`,
        hlsUrl: `/media/videos/${title}/hls/v1/master.m3u8`,
        ...values,
      })
      .returning();
    return row!.id;
  };
  const changePlan = (cookie: string, planId: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/auth/plan',
      headers: { cookie },
      payload: { planId },
    });
  const grant = (userId: string, planId: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/owners/${userId}/plan`,
      headers: { cookie: admin.cookie },
      payload: { planId },
    });
  const queued = () => jobs.repackage.mock.calls.map(([id]) => id).sort();

  beforeAll(async () => {
    t = await startTestApp({ deps: { media: jobs } });
    owner = await registerOwner(t.app);
    other = await registerOwner(t.app);
    admin = await registerOwner(t.app);
    await t.database.db.update(users).set({ isAdmin: 'true' }).where(eq(users.id, admin.id));
    ids.uhd = await insert(owner.id, 'uhd', { width: 3840, height: 2160 });
    ids.phone = await insert(owner.id, 'phone', { width: 2160, height: 3840 });
    ids.hd = await insert(owner.id, 'hd', { width: 1920, height: 1080 });
    ids.sd = await insert(owner.id, 'sd', { width: 1280, height: 720 });
    // Not streamed: still processing, failed, or enhanced without a ladder yet (its package job
    // will read the plan when it runs).
    await insert(owner.id, 'processing', {
      width: 3840,
      height: 2160,
      processingStatus: 'processing',
      hlsUrl: null,
    });
    await insert(owner.id, 'failed', { width: 3840, height: 2160, processingStatus: 'failed' });
    await insert(owner.id, 'unpackaged', { width: 3840, height: 2160, hlsUrl: null });
    // Another owner's 4K class is never touched.
    await insert(other.id, 'theirs', { width: 3840, height: 2160 });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => jobs.repackage.mockClear());

  it("the owner's upgrade to HD re-packages the classes taller than 720p", async () => {
    expect((await changePlan(owner.cookie, 'power-cycle')).statusCode).toBe(200);
    expect(queued()).toEqual([ids.uhd, ids.phone, ids.hd].sort());
  });

  it('the same plan again, or a move within HD, queues nothing', async () => {
    expect((await changePlan(owner.cookie, 'power-cycle')).statusCode).toBe(200);
    expect((await changePlan(owner.cookie, 'spin-master')).statusCode).toBe(200);
    expect(queued()).toEqual([]);
  });

  it("an admin's grant of Elite Studio re-packages the 4K classes only; a downgrade nothing", async () => {
    expect((await grant(owner.id, 'elite-studio')).statusCode).toBe(200);
    expect(queued()).toEqual([ids.uhd, ids.phone].sort());
    jobs.repackage.mockClear();
    expect((await grant(owner.id, 'spin-starter')).statusCode).toBe(200);
    expect(queued()).toEqual([]);
  });

  it('a failure to queue is logged and the plan change stands', async () => {
    jobs.repackage.mockRejectedValueOnce(new Error('queue down'));
    const res = await changePlan(owner.cookie, 'power-cycle');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ subscription: { plan: { id: string } } }>().subscription.plan.id).toBe(
      'power-cycle',
    );
  });
});
