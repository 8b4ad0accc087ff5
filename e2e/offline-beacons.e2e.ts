import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEACON_EVERY_SECONDS, PLAYBACK_BEACON_PATH } from '@shared/playback';
import { playbackSessions } from '@server/db/schema/playback';
import { users } from '@server/db/schema/users';
import { screenshot, startE2E, type E2E } from './support/harness';
import { ensurePlaying, playerState, waitForHlsFrame } from './support/player';
import { seedRealClass } from './support/real-class';
import { onboardOwner, type SeededOwner } from './support/seed';

/**
 * Issue #21 part 6: beacons made while the tablet is offline are kept on it and counted once it is
 * back (decision 0051). A real class plays from its buffer with the network off, past two beacons.
 */
const QUEUE_KEY = 'cadence-beacon-queue';
/** Long enough to ride two beacons offline; short enough for the 60 s buffer to hold all of it. */
const CLASS_SECONDS = 58;

let e2e: E2E;
let owner: SeededOwner;
let videoId: string;

beforeAll(async () => {
  e2e = await startE2E();
  owner = await onboardOwner(e2e.app, {
    email: 'owner@offline-ride.example',
    companyName: 'Offline Ride',
    slug: 'offline-ride',
  });
  // The owner's per-class analytics come with Power Cycle.
  await e2e.database.db.update(users).set({ plan: 'power-cycle' }).where(eq(users.id, owner.id));
  videoId = await seedRealClass(e2e, owner.id, 'Tunnel Ride', CLASS_SECONDS);
});
afterAll(async () => {
  await e2e?.close();
});

interface Kept {
  madeAt: number;
  beacon: { event: string; playedSeconds: number; sessionId: string };
}
const kept = async (page: Page) =>
  JSON.parse(
    (await page.evaluate((key) => localStorage.getItem(key), QUEUE_KEY)) ?? '[]',
  ) as Kept[];

const sessions = () =>
  e2e.database.db.select().from(playbackSessions).where(eq(playbackSessions.videoId, videoId));

async function views() {
  const res = await e2e.app.inject({
    method: 'GET',
    url: `/api/analytics?video=${videoId}`,
    headers: { cookie: owner.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { summary: { totalViews: { value: number } } }).summary.totalViews.value;
}

/** The player's chunk is warmed when the page is idle: that is when a kept queue goes out. */
const playerChunkLoaded = (page: Page) =>
  page.waitForFunction(
    () =>
      performance
        .getEntriesByType('resource')
        .some((r) => /\/assets\/class-player-[\w-]+\.js$/.test(new URL(r.name).pathname)),
    undefined,
    { timeout: 20_000 },
  );

const currentTime = async (page: Page) => (await playerState(page)).currentTime;

describe('beacons made offline (decision 0051)', () => {
  it('keeps them while the class plays offline and counts them once when the tablet is back', async () => {
    const page = await e2e.newPage({ width: 1024, height: 768 });
    const sent: Array<{ event: string; playedSeconds: number; ageMs?: number }> = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === PLAYBACK_BEACON_PATH)
        sent.push(JSON.parse(request.postData() ?? '{}') as (typeof sent)[number]);
    });
    await page.goto(`/gym/offline-ride?class=${videoId}`);
    await waitForHlsFrame(page);
    await ensurePlaying(page);

    // Online: the start is answered, and the whole class is in the buffer.
    await expect.poll(async () => (await sessions()).length, { timeout: 20_000 }).toBe(1);
    await page.waitForFunction(
      () => {
        const v = document.querySelector<HTMLVideoElement>('[data-testid=class-video]')!;
        return v.buffered.length > 0 && v.buffered.end(v.buffered.length - 1) >= v.duration - 0.5;
      },
      undefined,
      { timeout: 30_000 },
    );
    expect(await kept(page)).toEqual([]);
    const before = (await sessions())[0]!;

    // Offline past two beacons: they are kept on the tablet with their moments, not sent.
    await page.context().setOffline(true);
    const offlineAt = await currentTime(page);
    expect(offlineAt).toBeLessThan(CLASS_SECONDS - 2 * BEACON_EVERY_SECONDS - 8);
    const sentBefore = sent.length;
    await page.waitForFunction(
      (t) =>
        document.querySelector<HTMLVideoElement>('[data-testid=class-video]')!.currentTime >= t,
      offlineAt + 2 * BEACON_EVERY_SECONDS + 2,
      { timeout: 60_000, polling: 250 },
    );
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await screenshot(page, 'offline-beacons-playing-offline');
    const queue = await kept(page);
    expect(queue.map((k) => k.beacon.event)).toEqual(['progress', 'progress']);
    expect(queue.every((k) => k.beacon.sessionId === before.id)).toBe(true);
    const [first, newest] = queue;
    expect(newest!.madeAt - first!.madeAt).toBeGreaterThan(13_000);
    expect(newest!.beacon.playedSeconds).toBeGreaterThanOrEqual(2 * BEACON_EVERY_SECONDS);
    // The server saw none of them (whatever the page tried did not reach it).
    expect((await sessions())[0]!.watchedSeconds).toBe(before.watchedSeconds);

    // Back online: the queue goes out in order with each beacon's age, and empties.
    const offlinePlayed = (await currentTime(page)) - offlineAt;
    await page.context().setOffline(false);
    await expect.poll(() => kept(page), { timeout: 20_000 }).toEqual([]);
    const delivered = sent.slice(sentBefore).filter((b) => b.ageMs !== undefined);
    const queuedFirst = delivered.find((b) => b.playedSeconds === first!.beacon.playedSeconds);
    expect(queuedFirst?.ageMs).toBeGreaterThan(13_000);

    const [after] = await sessions();
    const grew = after!.watchedSeconds - before.watchedSeconds;
    // Every second ridden offline, within a beacon's step (the last few seconds go with the next).
    expect(grew).toBeGreaterThanOrEqual(newest!.beacon.playedSeconds - before.watchedSeconds - 0.5);
    expect(grew).toBeGreaterThan(offlinePlayed - BEACON_EVERY_SECONDS);
    // Never more than the player reported (the column is single precision).
    expect(after!.watchedSeconds).toBeLessThanOrEqual(
      Math.max(...sent.map((b) => b.playedSeconds)) + 0.01,
    );
    expect(after!.viewCountedAt).not.toBeNull();
    expect(await views()).toBe(1);

    // The gym page opened again, then reloaded: nothing kept, nothing sent twice, the same figures.
    await page.goto('/gym/offline-ride');
    await playerChunkLoaded(page);
    await page.waitForTimeout(1_500);
    expect(await kept(page)).toEqual([]);
    const settled = (await sessions())[0]!;
    const sentBeforeReload = sent.length;
    await page.reload();
    await playerChunkLoaded(page);
    await page.waitForTimeout(2_000);
    expect(sent.length).toBe(sentBeforeReload);
    expect(await kept(page)).toEqual([]);
    const [final] = await sessions();
    expect(final).toEqual(settled);
    expect(await sessions()).toHaveLength(1);
    expect(await views()).toBe(1);
  });
});
