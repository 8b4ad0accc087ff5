import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { inArray } from 'drizzle-orm';
import { users } from '@server/db/schema/users';
import { seedPlayback, seedVideo, type PlaybackSeed } from '@server/test/analytics-fixtures';
import {
  screenshot,
  seriousA11yViolations,
  startE2E,
  VIEWPORTS,
  type E2E,
} from './support/harness';
import { onboardOwner, signIn, type SeededOwner } from './support/seed';

const DAY = 24 * 60 * 60 * 1000;

let e2e: E2E;
let riders: SeededOwner;
let empty: SeededOwner;

/**
 * Three ready classes and playback in both periods, written straight into playback_sessions as the
 * player's beacons leave them.
 *
 * This 30 days (days ago): Hill Climb (45 min) viewed by v1 (1, full), v2 (2, half), v3 (10, full),
 * v4 (15, half) and started by v5 (1, 5 s, no view); Sprint Intervals (30 min) by v1 (3, half) and
 * v2 (20, full); Recovery Ride (20 min) by v3 (4, half).
 * => 7 views, 11,405 s = 3.17 h, 4 students, engagement 5/7 = 71.4%; 4 views in the last 7 days.
 * The 30 days before: 5 views (v1, v6, v7, v8, v9), 7,200 s = 2 h, 5 students, engagement 76.7%.
 * => changes +40%, +58.4%, -20%, -6.8%.
 */
async function seedRiders(owner: SeededOwner): Promise<void> {
  const db = e2e.database.db;
  const climb = await seedVideo(db, owner.id, {
    title: 'Hill Climb',
    duration: '2700',
    processingStatus: 'enhanced',
  });
  const sprint = await seedVideo(db, owner.id, {
    title: 'Sprint Intervals',
    duration: '1800',
    processingStatus: 'enhanced',
  });
  const recovery = await seedVideo(db, owner.id, {
    title: 'Recovery Ride',
    duration: '1200',
    processingStatus: 'enhanced',
  });
  const now = Date.now();
  const session = (
    videoId: string,
    viewerId: string,
    daysAgo: number,
    watchedSeconds: number,
    counted = true,
  ): PlaybackSeed => ({
    videoId,
    ownerId: owner.id,
    viewerId,
    startedAt: now - daysAgo * DAY,
    watchedSeconds,
    counted,
  });
  await seedPlayback(db, [
    session(climb, 'v1', 1, 2700),
    session(climb, 'v2', 2, 1350),
    session(climb, 'v3', 10, 2700),
    session(climb, 'v4', 15, 1350),
    session(climb, 'v5', 1, 5, false),
    session(sprint, 'v1', 3, 900),
    session(sprint, 'v2', 20, 1800),
    session(recovery, 'v3', 4, 600),
    // The previous 30 days.
    session(climb, 'v1', 35, 2700),
    session(climb, 'v6', 40, 900),
    session(sprint, 'v7', 45, 1800),
    session(recovery, 'v8', 50, 600),
    session(recovery, 'v9', 55, 1200),
  ]);
}

beforeAll(async () => {
  e2e = await startE2E();
  riders = await onboardOwner(e2e.app, {
    email: 'ivy@peakcycle.example',
    companyName: 'Peak Cycle',
    slug: 'peak-cycle',
  });
  await seedRiders(riders);
  empty = await onboardOwner(e2e.app, {
    email: 'jon@quiet.example',
    companyName: 'Quiet Wheels',
    slug: 'quiet-wheels',
  });
  // The dashboard's plan (analytics-plans.e2e.ts shows each plan's share).
  await e2e.database.db
    .update(users)
    .set({ plan: 'power-cycle' })
    .where(inArray(users.id, [riders.id, empty.id]));
});
afterAll(() => e2e?.close());

async function ownerPage(
  owner: SeededOwner,
  options: { width?: number; height?: number; dark?: boolean } = {},
) {
  const page = await e2e.newPage(options);
  await signIn(page, owner, e2e.baseUrl);
  return page;
}

function card(page: Page, heading: string): Locator {
  return page.locator('[data-slot=card]', {
    has: page.getByRole('heading', { name: heading, exact: true }),
  });
}

/** A summary card's figure and its change line. */
async function summary(page: Page, heading: string): Promise<[string, string]> {
  const lines = await card(page, heading).locator('p').allTextContents();
  return [lines[0]!, lines[1]!];
}

/** The screen-reader table behind a chart, as [label, value] rows. */
async function chartTable(page: Page, caption: string): Promise<[string, number][]> {
  const rows = page.getByRole('table', { name: caption }).locator('tbody tr');
  const out: [string, number][] = [];
  for (const row of await rows.all()) {
    out.push([
      (await row.locator('th').textContent()) ?? '',
      Number(await row.locator('td').textContent()),
    ]);
  }
  return out;
}

const sum = (rows: [string, number][]) => rows.reduce((n, [, v]) => n + v, 0);

describe('analytics on real playback', () => {
  it('shows the four figures with their changes, the week chart and the top videos', async () => {
    const page = await ownerPage(riders);
    await page.goto('/analytics');
    await page.getByRole('heading', { name: 'Views This Week' }).waitFor();

    expect(await summary(page, 'Total Views')).toEqual(['7', '+40% from last month']);
    expect(await summary(page, 'Watch Time (hours)')).toEqual(['3.17 h', '+58.4% from last month']);
    expect(await summary(page, 'Active Students')).toEqual(['4', '-20% from last month']);
    // What the figures count, said where they are.
    await card(page, 'Active Students')
      .getByText('Counts devices: a shared bike tablet is one student.')
      .waitFor();
    await page.getByText('A view counts once a class has played for 10 seconds').waitFor();
    expect(await summary(page, 'Engagement Rate (%)')).toEqual(['71.4%', '-6.8% from last month']);

    // Views This Week: a drawn chart, and its figures (7 days, 4 views) for screen readers.
    await card(page, 'Views This Week').locator('.recharts-bar-rectangle').first().waitFor();
    const week = await chartTable(page, 'Views per day, last 7 days');
    expect(week).toHaveLength(7);
    expect(sum(week)).toBe(4);
    expect(await page.getByText('No view data available yet').count()).toBe(0);

    // Top Performing Videos: most views first.
    const top = card(page, 'Top Performing Videos').locator('li');
    expect(await top.count()).toBe(3);
    expect(await top.nth(0).innerText()).toMatch(/Hill Climb\s+2\.25 h watched\s+4 views/);
    expect(await top.nth(1).innerText()).toMatch(/Sprint Intervals\s+45 min watched\s+2 views/);
    expect(await top.nth(2).innerText()).toMatch(/Recovery Ride\s+10 min watched\s+1 view$/);
  });

  it('lists every class on Video Performance and the riders on Student Activity', async () => {
    const page = await ownerPage(riders);
    await page.goto('/analytics');
    await page.getByRole('tab', { name: 'Video Performance' }).click();
    await page.getByText('Videos: 3', { exact: true }).waitFor();
    const rows = page.getByRole('region', { name: 'Video performance table' }).locator('tbody tr');
    const table: string[][] = [];
    for (const row of await rows.all()) {
      const title = await row.locator('th a').textContent();
      const duration = await row.locator('th span').textContent();
      table.push([title ?? '', duration ?? '', ...(await row.locator('td').allTextContents())]);
    }
    expect(table).toEqual([
      ['Hill Climb', '45 min', '4', '4', '2.25 h', '75%'],
      ['Sprint Intervals', '30 min', '2', '2', '45 min', '75%'],
      ['Recovery Ride', '20 min', '1', '1', '10 min', '50%'],
    ]);

    await page.getByRole('tab', { name: 'Student Activity' }).click();
    await page.getByText('Active Students: 4', { exact: true }).waitFor();
    await card(page, 'Active Students by Day').locator('.recharts-bar-rectangle').first().waitFor();
    await card(page, 'Busiest Hours').locator('.recharts-bar-rectangle').first().waitFor();
    // One rider a day on seven days; every view started at this time of day.
    const byDay = await chartTable(page, 'Active students per day, last 30 days');
    expect(byDay).toHaveLength(30);
    expect(byDay.filter(([, v]) => v > 0)).toHaveLength(7);
    expect(sum(byDay)).toBe(7);
    const hours = await chartTable(page, 'Views by hour of the day, last 30 days');
    expect(hours).toHaveLength(24);
    const busiest = hours.filter(([, v]) => v > 0);
    expect(busiest).toHaveLength(1);
    expect(busiest[0]![1]).toBe(7);
    await card(page, 'Busiest Hours')
      .getByText(`Busiest: ${busiest[0]![0]}.`, { exact: false })
      .waitFor();
    expect(await page.getByText('No Student Activity').count()).toBe(0);
  });

  it('shows the product’s empty states to an owner without videos or playback', async () => {
    const page = await ownerPage(empty);
    await page.goto('/analytics');
    await page.getByText('No view data available yet', { exact: true }).waitFor();
    expect(await summary(page, 'Total Views')).toEqual(['0', '+0% from last month']);
    expect(await summary(page, 'Watch Time (hours)')).toEqual(['0 min', '+0% from last month']);
    expect(await summary(page, 'Active Students')).toEqual(['0', '+0% from last month']);
    expect(await summary(page, 'Engagement Rate (%)')).toEqual(['0%', '+0% from last month']);
    // The hint to upload videos, and the empty top list.
    expect(await page.getByRole('link', { name: 'Upload videos' }).getAttribute('href')).toBe(
      '/upload',
    );
    await page.getByText('No videos uploaded yet', { exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Video Performance' }).click();
    await page.getByText('No Videos Yet', { exact: true }).waitFor();
    await page.getByText('Videos: 0', { exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Student Activity' }).click();
    await page.getByText('No Student Activity', { exact: true }).waitFor();
    await page.getByText(/Share your public URL/).waitFor();
    await page.getByText(`${e2e.baseUrl}/gym/quiet-wheels`, { exact: true }).waitFor();
    await page.getByText('Active Students: 0', { exact: true }).waitFor();
  });
});

describe('the analytics screen looks finished and passes axe', () => {
  it('every tab, with data and empty, at phone, tablet and desktop, light and dark', async () => {
    const problems: string[] = [];
    async function check(page: Page, name: string) {
      await screenshot(page, name);
      for (const v of await seriousA11yViolations(page)) problems.push(`${name}: ${v}`);
    }
    for (const dark of [false, true]) {
      const theme = dark ? 'dark' : 'light';
      for (const vp of VIEWPORTS) {
        const size = { width: vp.width, height: vp.height, dark };
        const page = await ownerPage(riders, size);
        await page.goto('/analytics');
        await page.locator('.recharts-bar-rectangle').first().waitFor();
        await check(page, `analytics-overview-${vp.name}-${theme}`);
        await page.getByRole('tab', { name: 'Video Performance' }).click();
        await page.getByText('Videos: 3', { exact: true }).waitFor();
        // A phone gets one block per class; wider screens the table.
        const list = page.getByRole('list', { name: 'Video performance' });
        const table = page.getByRole('region', { name: 'Video performance table' });
        expect(await list.isVisible()).toBe(vp.name === 'phone');
        expect(await table.isVisible()).toBe(vp.name !== 'phone');
        if (vp.name === 'phone') {
          expect(await list.locator('li').first().innerText()).toMatch(
            /Hill Climb\s+45 min\s+Views\s+4\s+Students\s+4\s+Watch time\s+2\.25 h\s+Completion\s+75%/,
          );
        }
        await check(page, `analytics-videos-${vp.name}-${theme}`);
        await page.getByRole('tab', { name: 'Student Activity' }).click();
        await card(page, 'Busiest Hours').locator('.recharts-bar-rectangle').first().waitFor();
        if (vp.name === 'desktop') {
          // Nothing hidden (the screen-reader tables) lengthens the page: the page ends with its
          // last visible line (Power Cycle's range lock above the cards takes the rest).
          const { hiddenBottom, lastBottom, height } = await page.evaluate(() => {
            const bottom = (e: Element) => e.getBoundingClientRect().bottom + window.scrollY;
            const rule = [...document.querySelectorAll('main p')].at(-1)!;
            const hidden = [...document.querySelectorAll('.sr-only')].map(bottom);
            return {
              hiddenBottom: Math.max(...hidden),
              lastBottom: bottom(rule),
              height: document.documentElement.scrollHeight,
            };
          });
          expect(hiddenBottom).toBeLessThanOrEqual(lastBottom);
          expect(height - lastBottom).toBeLessThan(64);
        }
        await check(page, `analytics-students-${vp.name}-${theme}`);
        await page.close();

        const emptyPage = await ownerPage(empty, size);
        await emptyPage.goto('/analytics');
        await emptyPage.getByText('No view data available yet', { exact: true }).waitFor();
        await check(emptyPage, `analytics-empty-overview-${vp.name}-${theme}`);
        await emptyPage.getByRole('tab', { name: 'Video Performance' }).click();
        await emptyPage.getByText('No Videos Yet', { exact: true }).waitFor();
        await check(emptyPage, `analytics-empty-videos-${vp.name}-${theme}`);
        await emptyPage.getByRole('tab', { name: 'Student Activity' }).click();
        await emptyPage.getByText('No Student Activity', { exact: true }).waitFor();
        await check(emptyPage, `analytics-empty-students-${vp.name}-${theme}`);
        await emptyPage.close();
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
