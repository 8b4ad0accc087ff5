import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ANALYTICS_LOCKS } from '@shared/analytics.contract';
import type { PlanId } from '@shared/plans';
import { users } from '@server/db/schema/users';
import { seedPlayback, seedVideo, type PlaybackSeed } from '@server/test/analytics-fixtures';
import {
  SHOTS_DIR,
  screenshot,
  seriousA11yViolations,
  startE2E,
  VIEWPORTS,
  type E2E,
} from './support/harness';
import { onboardOwner, signIn, type SeededOwner } from './support/seed';

const DAY = 24 * 60 * 60 * 1000;
const SHOTS = '/tmp/shots-analytics';
const HOSTILE = '=HYPERLINK("http://evil.example","Free"), "Bonus" ride';

let e2e: E2E;
const owners = {} as Record<'starter' | 'power' | 'master', SeededOwner>;

/** YYYY-MM-DD of an instant in the browser's zone (the e2e browser and server share the machine's). */
const day = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    ms,
  );

/**
 * Two 40-minute classes and a hostile title. Last 30 days: Hill Climb viewed by r1 (2 days ago,
 * to the end), r2 (2 days ago, half), r3 (3 days ago, a quarter); Sprint by r4 (1 day ago).
 * Days 50 to 40 ago: Hill Climb by r5 and r6 (45 days ago, both to the end).
 */
async function seedStudio(owner: SeededOwner, plan: PlanId): Promise<void> {
  const db = e2e.database.db;
  await db
    .update(users)
    .set({ plan, createdAt: new Date(Date.now() - 90 * DAY) })
    .where(eq(users.id, owner.id));
  const climb = await seedVideo(db, owner.id, {
    title: 'Hill Climb',
    duration: '2400',
    processingStatus: 'enhanced',
  });
  const sprint = await seedVideo(db, owner.id, {
    title: HOSTILE,
    duration: '2400',
    processingStatus: 'enhanced',
  });
  const now = Date.now();
  const s = (
    videoId: string,
    viewerId: string,
    daysAgo: number,
    furthest: number,
  ): PlaybackSeed => ({
    videoId,
    ownerId: owner.id,
    viewerId,
    startedAt: now - daysAgo * DAY,
    watchedSeconds: furthest,
    furthestPosition: furthest,
    counted: true,
  });
  await seedPlayback(db, [
    s(climb, 'r1', 2, 2400),
    s(climb, 'r2', 2, 1200),
    s(climb, 'r3', 3, 600),
    s(sprint, 'r4', 1, 1800),
    s(climb, 'r5', 45, 2400),
    s(climb, 'r6', 45, 2400),
  ]);
}

beforeAll(async () => {
  e2e = await startE2E();
  const plans = { starter: 'spin-starter', power: 'power-cycle', master: 'spin-master' } as const;
  for (const [key, plan] of Object.entries(plans) as Array<[keyof typeof plans, PlanId]>) {
    owners[key] = await onboardOwner(e2e.app, {
      email: `${key}@plans.example`,
      companyName: `${key} studio`,
      slug: `${key}-studio`,
    });
    await seedStudio(owners[key], plan);
  }
  await mkdir(SHOTS, { recursive: true });
});
afterAll(() => e2e?.close());

async function ownerPage(
  owner: SeededOwner,
  options: { width?: number; height?: number; dark?: boolean } = {},
): Promise<Page> {
  const page = await e2e.newPage(options);
  await signIn(page, owner, e2e.baseUrl);
  return page;
}

/** A lock (components/locked-note.tsx): its words, then the link to the plan that unlocks it. */
async function lock(page: Page, words: string, plan: string) {
  const note = page.getByTestId('locked-note').filter({ hasText: words });
  await note.waitFor();
  expect(await note.innerText()).toBe(`${words} Upgrade to ${plan}`);
  expect(await note.getByRole('link').getAttribute('href')).toBe('/subscription');
}

async function figure(page: Page, heading: string): Promise<string> {
  const card = page.locator('[data-slot=card]', {
    has: page.getByRole('heading', { name: heading, exact: true }),
  });
  return (await card.locator('p').first().textContent()) ?? '';
}

describe('analytics per plan', () => {
  it('Spin Starter: the four totals and an invitation to Power Cycle, no tabs', async () => {
    const page = await ownerPage(owners.starter);
    await page.goto('/analytics');
    await page.getByRole('heading', { name: 'See every class in detail' }).waitFor();
    expect(await figure(page, 'Total Views')).toBe('4');
    expect(await figure(page, 'Active Students')).toBe('4');
    await lock(page, ANALYTICS_LOCKS.dashboard, 'Power Cycle');
    expect(await page.getByRole('tab').count()).toBe(0);
    expect(await page.locator('.recharts-wrapper').count()).toBe(0);
    const upgrade = page.getByRole('link', { name: 'Upgrade to Power Cycle' });
    expect(await upgrade.getAttribute('href')).toBe('/subscription');
    await upgrade.click();
    await page.waitForURL('**/subscription');
    await page.close();
  });

  it('Power Cycle: the dashboard, with the range, retention and CSV locked to Spin Master', async () => {
    const page = await ownerPage(owners.power);
    await page.goto('/analytics');
    await page.getByRole('heading', { name: 'Views This Week' }).waitFor();
    await lock(page, ANALYTICS_LOCKS.range, 'Spin Master');
    expect(await page.getByLabel('From', { exact: true }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Audience Retention' }).click();
    await lock(page, ANALYTICS_LOCKS.retention, 'Spin Master');
    await page.getByRole('tab', { name: 'Video Performance' }).click();
    await lock(page, ANALYTICS_LOCKS.csv, 'Spin Master');
    expect(await page.getByRole('link', { name: /as CSV$/ }).count()).toBe(0);
    const links = page.getByRole('link', { name: 'Upgrade to Spin Master' });
    for (const link of await links.all()) {
      expect(await link.getAttribute('href')).toBe('/subscription');
    }
    await page.close();
  });

  it('Spin Master: a date range, a class’s retention curve and a CSV download', async () => {
    const page = await ownerPage(owners.master);
    await page.goto('/analytics');
    await page.getByRole('heading', { name: 'Views This Week' }).waitFor();
    expect(await figure(page, 'Total Views')).toBe('4');

    // A range the server would refuse is refused here first, in the same words.
    const from = page.getByLabel('From', { exact: true });
    const to = page.getByLabel('To', { exact: true });
    await from.fill(day(Date.now() - 40 * DAY));
    await to.fill(day(Date.now() - 50 * DAY));
    await page.getByRole('button', { name: 'Apply' }).click();
    await page
      .getByRole('alert')
      .getByText('The first day of the range is after its last day')
      .waitFor();

    // Days 50 to 40 ago: the two older views.
    const first = day(Date.now() - 50 * DAY);
    const last = day(Date.now() - 40 * DAY);
    await from.fill(first);
    await to.fill(last);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(`**/analytics?from=${first}&to=${last}`);
    await page.getByRole('heading', { name: 'Views per Day' }).waitFor();
    await page.getByText(/^How your classes did from /).waitFor();
    await page.waitForFunction(
      () =>
        document.evaluate(
          "//h2[text()='Total Views']/ancestor::*[@data-slot='card']//p",
          document,
          null,
          9,
        ).singleNodeValue?.textContent === '2',
    );
    await page.getByText('New vs the previous 11 days').first().waitFor();
    const perDay = page.getByRole('table', { name: /^Views per day, from / }).locator('tbody tr');
    expect(await perDay.count()).toBe(11);

    // Back to the last 30 days, then the retention curve of Hill Climb.
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await page.waitForURL((url) => url.search === '');
    await page.getByRole('heading', { name: 'Views This Week' }).waitFor();
    await page.getByRole('tab', { name: 'Audience Retention' }).click();
    await page.getByLabel('Class', { exact: true }).selectOption({ label: 'Hill Climb' });
    await page.getByText('From 3 views.', { exact: false }).waitFor();
    await page.locator('.recharts-area-area').waitFor();
    const curve = page.getByRole('table', { name: 'Audience retention of Hill Climb' });
    const rows = curve.locator('tbody tr');
    expect(await rows.count()).toBe(51);
    // r1 to the end, r2 half, r3 a quarter of the 40 minutes.
    expect(await rows.nth(0).innerText()).toMatch(/^0:00\s+100$/);
    expect(await rows.nth(13).innerText()).toMatch(/^10:24\s+66\.7$/);
    expect(await rows.nth(26).innerText()).toMatch(/^20:48\s+33\.3$/);
    expect(await rows.nth(50).innerText()).toMatch(/^40:00\s+33\.3$/);
    await page.getByText('Half the riders had stopped by 20:48.', { exact: false }).waitFor();

    // The class table as CSV: the hostile title arrives defused.
    await page.getByRole('tab', { name: 'Video Performance' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export video performance as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^cadence-videos-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/,
    );
    const text = await readFile((await download.path())!, 'utf8');
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Class,Duration (seconds),Views,Students,Watch time (hours),Completion (%),Last viewed (UTC)',
    );
    expect(lines[1]).toMatch(/^Hill Climb,2400,3,3,1\.17,58\.3,/);
    expect(
      lines[2]!.startsWith(
        `"'=HYPERLINK(""http://evil.example"",""Free""), ""Bonus"" ride",2400,1,1,`,
      ),
    ).toBe(true);
    await page.close();
  });
});

describe('the plans’ analytics screens look finished and pass axe', () => {
  it('Spin Starter, Power Cycle and Spin Master at phone, tablet and desktop, light and dark', async () => {
    const problems: string[] = [];
    async function check(page: Page, name: string) {
      await screenshot(page, name);
      await copyFile(path.join(SHOTS_DIR, `${name}.png`), path.join(SHOTS, `${name}.png`));
      for (const v of await seriousA11yViolations(page)) problems.push(`${name}: ${v}`);
    }
    for (const dark of [false, true]) {
      const theme = dark ? 'dark' : 'light';
      for (const vp of VIEWPORTS) {
        const size = { width: vp.width, height: vp.height, dark };
        const starter = await ownerPage(owners.starter, size);
        await starter.goto('/analytics');
        await starter.getByTestId('locked-note').waitFor();
        await check(starter, `plans-starter-${vp.name}-${theme}`);
        await starter.close();

        const power = await ownerPage(owners.power, size);
        await power.goto('/analytics');
        await power.locator('.recharts-bar-rectangle').first().waitFor();
        await check(power, `plans-power-overview-${vp.name}-${theme}`);
        await power.getByRole('tab', { name: 'Audience Retention' }).click();
        await power
          .getByTestId('locked-note')
          .filter({ hasText: ANALYTICS_LOCKS.retention })
          .waitFor();
        await check(power, `plans-power-retention-${vp.name}-${theme}`);
        await power.close();

        const master = await ownerPage(owners.master, size);
        const first = day(Date.now() - 20 * DAY);
        const last = day(Date.now() - 1 * DAY);
        await master.goto(`/analytics?from=${first}&to=${last}`);
        await master.getByRole('heading', { name: 'Views per Day' }).waitFor();
        await master.locator('.recharts-bar-rectangle').first().waitFor();
        await check(master, `plans-master-range-${vp.name}-${theme}`);
        await master.getByRole('tab', { name: 'Video Performance' }).click();
        await master.getByRole('link', { name: 'Export video performance as CSV' }).waitFor();
        await check(master, `plans-master-videos-${vp.name}-${theme}`);
        await master.getByRole('tab', { name: 'Audience Retention' }).click();
        await master.locator('.recharts-area-area').waitFor();
        await check(master, `plans-master-retention-${vp.name}-${theme}`);
        await master.close();
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
