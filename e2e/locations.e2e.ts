import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { chromium, type Locator, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playbackSessions } from '@server/db/schema/playback';
import { users } from '@server/db/schema/users';
import { LOCATION_MESSAGES, type LocationsView } from '@shared/locations.contract';
import type { PlanId } from '@shared/plans';
import {
  CHROMIUM_PATH,
  screenshot,
  seriousA11yViolations,
  startE2E,
  VIEWPORTS,
  type E2E,
} from './support/harness';
import { onboardOwner, seedVideos, signIn, type SeededOwner } from './support/seed';

/**
 * Issue #18 part 5, Multi-location: an Elite Studio owner adds a second location on the Locations
 * screen, offers a class only there, and each location's public page shows its own name and
 * classes, its own logo and its own custom domain; analytics filter by location; off Elite the
 * second page goes offline (nothing deleted) and comes back with the plan.
 */

let e2e: E2E;
let owner: SeededOwner;
let classes: Record<'climb' | 'sprint' | 'recovery', string>;

const DOWNTOWN = {
  name: 'Peak Cycle Downtown',
  slug: 'peak-downtown',
  primary: '#14b8a6',
  domain: 'downtown.peakcycle.example',
};
/** A logo file as an owner picks it, made once in a temp directory. */
let files: string;
let logoFile: string;

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

/** The plan as the owner changes it (PUT /api/auth/plan: the public pages follow at once). */
async function changePlan(planId: PlanId) {
  const res = await e2e.app.inject({
    method: 'PUT',
    url: '/api/auth/plan',
    headers: { cookie: owner.cookie },
    payload: { planId },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  e2e = await startE2E();
  owner = await onboardOwner(e2e.app, {
    email: 'ivy@peakcycle-locations.example',
    companyName: 'Peak Cycle',
    slug: 'peak-cycle',
  });
  const [climb, sprint, recovery] = await seedVideos(e2e.database, owner.id, [
    { title: 'Hill Climb', status: 'enhanced', duration: 2700, minutesAgo: 1 },
    { title: 'Sprint Intervals', status: 'enhanced', duration: 1800, minutesAgo: 2 },
    { title: 'Recovery Ride', status: 'enhanced', duration: 1200, minutesAgo: 3 },
  ]);
  classes = { climb: climb!.id, sprint: sprint!.id, recovery: recovery!.id };
  await e2e.database.db.update(users).set({ plan: 'elite-studio' }).where(eq(users.id, owner.id));
  files = await mkdtemp(path.join(tmpdir(), 'cadence-locations-'));
  logoFile = path.join(files, 'downtown-logo.png');
  await writeFile(
    logoFile,
    await sharp({ create: { width: 240, height: 120, channels: 3, background: '#14b8a6' } })
      .png()
      .toBuffer(),
  );
});
afterAll(async () => {
  await e2e?.close();
  if (files) await rm(files, { recursive: true, force: true });
});

async function ownerPage(options: Parameters<E2E['newPage']>[0] = {}) {
  const page = await e2e.newPage(options);
  await signIn(page, owner, e2e.baseUrl);
  await page.goto('/locations');
  await page.getByRole('heading', { name: 'Locations', level: 1 }).waitFor();
  await page.getByTestId('location-card').first().waitFor();
  return page;
}

async function toast(page: Page, title: string) {
  await page
    .locator('[data-slot=toast-title]', { hasText: title })
    .first()
    .waitFor({ timeout: 15_000 });
}

function locationCard(page: Page, name: string): Locator {
  return page.getByTestId('location-card').filter({
    has: page.getByRole('heading', { name, exact: true }),
  });
}

/** Opens a location's checklist (when closed), ticks exactly `titles` and saves. */
async function offer(page: Page, name: string, titles: string[]) {
  const card = locationCard(page, name);
  const toggle = card.getByRole('button', { name: `Classes at ${name}` });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  for (const box of await card.getByRole('checkbox').all()) {
    const label = (await box.evaluate((el) => el.closest('label')?.textContent)) ?? '';
    await box.setChecked(titles.some((t) => label.includes(t)));
  }
  await card.getByRole('button', { name: 'Save classes' }).click();
}

async function publicPage(slug: string, options: Parameters<E2E['newPage']>[0] = {}) {
  const page = await e2e.newPage({ width: 1024, height: 768, ...options });
  await page.goto(`/gym/${slug}`);
  await page.locator('[data-testid=class-card], [data-testid=gym-not-found]').first().waitFor();
  return page;
}

async function classTitles(page: Page): Promise<string[]> {
  return (await page.getByTestId('class-card').getByRole('heading').allTextContents()).sort();
}

describe('locations on Elite Studio', () => {
  it('adds a second location with its own URL and colours, and offers a class only there', async () => {
    const page = await ownerPage({ width: 1440, height: 900 });
    // The gym itself is the first location: online, every class.
    const first = locationCard(page, 'Peak Cycle');
    expect(await first.getByText('First location').isVisible()).toBe(true);
    expect(await first.getByTestId('location-status').textContent()).toBe('Online');
    expect(await first.getByTestId('location-class-count').textContent()).toBe('3 classes');
    expect(await page.getByTestId('locked-note').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a location' });
    await dialog.getByLabel('Name').fill(DOWNTOWN.name);
    // The gym's own slug is taken, as on every slug field.
    await dialog.getByLabel('Public URL').fill('peak-cycle');
    await dialog.getByTestId('slug-availability').getByText('already taken').waitFor();
    await dialog.getByLabel('Public URL').fill('Peak Downtown');
    expect(await dialog.getByLabel('Public URL').inputValue()).toBe(DOWNTOWN.slug);
    await dialog.getByText('This URL is available!').waitFor();
    // The gym's colours until the owner picks others.
    const gymColours = dialog.getByRole('switch', { name: 'Use the gym’s colors' });
    expect(await gymColours.getAttribute('aria-checked')).toBe('true');
    await gymColours.click();
    await dialog.getByLabel('Primary color', { exact: true }).fill('#14B8A6');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'locations-add-desktop-light');
    await dialog.getByRole('button', { name: 'Add location' }).click();
    await toast(page, LOCATION_MESSAGES.created);
    await dialog.waitFor({ state: 'detached' });

    const downtown = locationCard(page, DOWNTOWN.name);
    expect(await downtown.getByTestId('location-status').textContent()).toBe('Online');
    expect(await downtown.getByTestId('location-class-count').textContent()).toBe('0 classes');
    const link = downtown.getByRole('link', { name: /\/gym\/peak-downtown/ });
    expect(await link.getAttribute('href')).toBe('/gym/peak-downtown');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await page.getByTestId('locations-count').textContent()).toBe('2 of 25 locations');

    // Recovery Ride moves: offered downtown, then taken off the first location's list.
    await offer(page, DOWNTOWN.name, ['Recovery Ride']);
    await toast(page, LOCATION_MESSAGES.classesSaved);
    await expect
      .poll(() => downtown.getByTestId('location-class-count').textContent())
      .toBe('1 class');
    await offer(page, 'Peak Cycle', ['Hill Climb', 'Sprint Intervals']);
    await expect
      .poll(() => first.getByTestId('location-class-count').textContent())
      .toBe('2 classes');

    // A class offered nowhere is refused in the server's words, nothing changed.
    await offer(page, DOWNTOWN.name, []);
    const refusal = downtown.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(LOCATION_MESSAGES.lastLocation(['Recovery Ride']));
    expect(await downtown.getByTestId('location-class-count').textContent()).toBe('1 class');
    await downtown.getByRole('button', { name: 'Undo changes' }).click();
    expect(await downtown.getByRole('checkbox', { name: 'Recovery Ride' }).isChecked()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'locations-classes-desktop-light');
  });

  it('gives each location its public page: its name, its colours, its classes', async () => {
    const gym = await publicPage('peak-cycle');
    await gym.getByRole('heading', { level: 1, name: 'Peak Cycle' }).waitFor();
    expect(await classTitles(gym)).toEqual(['Hill Climb', 'Sprint Intervals']);

    const downtown = await publicPage(DOWNTOWN.slug);
    await downtown.getByRole('heading', { level: 1, name: DOWNTOWN.name }).waitFor();
    expect(await classTitles(downtown)).toEqual(['Recovery Ride']);
    const start = downtown.getByTestId('class-card').getByRole('button', { name: /Start Class/ });
    expect(await start.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      rgb(DOWNTOWN.primary),
    );
    await screenshot(downtown, 'locations-public-downtown-tablet');
    expect(await seriousA11yViolations(downtown)).toEqual([]);
  });

  it('gives the second location its own logo and its own custom domain', async () => {
    const page = await ownerPage({ width: 1024, height: 768 });
    const downtown = locationCard(page, DOWNTOWN.name);
    await downtown.getByRole('button', { name: `Logo and domain of ${DOWNTOWN.name}` }).click();
    const panel = downtown.getByTestId('location-branding');
    // No logo of its own yet: the gym has none either, so the product's mark.
    expect(await panel.getByTestId('location-logo').locator('img').count()).toBe(0);
    await panel.getByTestId('location-logo-input').setInputFiles(logoFile);
    await toast(page, LOCATION_MESSAGES.logoSaved);
    const logo = panel.getByRole('img', { name: `${DOWNTOWN.name} logo` });
    await logo.waitFor();
    const logoSrc = await logo.getAttribute('src');
    expect(logoSrc).toMatch(/^\/api\/logos\/[0-9a-f-]+\/[a-z0-9]+-\d+\.png$/);
    await panel.getByRole('button', { name: 'Use the gym’s logo' }).waitFor();

    // The domain: saved, pending with the TXT record to add, then verified.
    await panel.getByLabel(`Domain for ${DOWNTOWN.name}`).fill(DOWNTOWN.domain.toUpperCase());
    await panel.getByRole('button', { name: 'Save domain' }).click();
    await toast(page, LOCATION_MESSAGES.domainSaved);
    const record = panel.getByTestId('domain-record');
    const name = await record.locator('dd').nth(1).textContent();
    const value = await record.locator('dd').nth(2).textContent();
    expect(name).toBe(`_cadence-challenge.${DOWNTOWN.domain}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'locations-domain-pending-tablet-light');
    await panel.getByRole('button', { name: 'Verify' }).click();
    await toast(page, 'Domain not verified');
    await panel
      .getByRole('alert')
      .getByText(/No TXT record was found/)
      .waitFor();
    e2e.dns.publish(name!, [value!]);
    await panel.getByRole('button', { name: 'Verify' }).click();
    await toast(page, LOCATION_MESSAGES.domainVerified);
    await panel.getByTestId('domain-status').getByText('Verified', { exact: true }).waitFor();
    expect(await downtown.getByTestId('location-domain').textContent()).toBe(DOWNTOWN.domain);
    // The first location keeps the gym's (none here).
    expect(await locationCard(page, 'Peak Cycle').getByTestId('location-domain').count()).toBe(0);

    // Its page at its slug shows its logo; the gym's page does not.
    const slugPage = await publicPage(DOWNTOWN.slug);
    expect(await slugPage.locator(`img[src="${logoSrc}"]`).count()).toBe(1);
    const gymPage = await publicPage('peak-cycle');
    expect(await gymPage.locator(`img[src="${logoSrc}"]`).count()).toBe(0);

    // And at its own domain, in a browser that resolves the name here.
    const port = new URL(e2e.baseUrl).port;
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        `--host-resolver-rules=MAP ${DOWNTOWN.domain} 127.0.0.1`,
      ],
    });
    try {
      const onDomain = await browser.newPage({ viewport: { width: 1024, height: 768 } });
      await onDomain.goto(`http://${DOWNTOWN.domain}:${port}/`);
      await onDomain.getByRole('heading', { level: 1, name: DOWNTOWN.name }).waitFor();
      expect(await classTitles(onDomain)).toEqual(['Recovery Ride']);
      expect(await onDomain.locator(`img[src="${logoSrc}"]`).count()).toBe(1);
      await screenshot(onDomain, 'locations-own-domain-tablet');
    } finally {
      await browser.close();
    }
  });

  it('looks right at 390, 1024 and 1440 px, light and dark', async () => {
    for (const { name, width, height } of VIEWPORTS) {
      for (const dark of [false, true]) {
        const page = await ownerPage({ width, height, dark });
        const downtown = locationCard(page, DOWNTOWN.name);
        await downtown.getByRole('button', { name: `Classes at ${DOWNTOWN.name}` }).click();
        await downtown.getByRole('checkbox').first().waitFor();
        await downtown.getByRole('button', { name: `Logo and domain of ${DOWNTOWN.name}` }).click();
        await downtown.getByTestId('domain-status').waitFor();
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          width,
        );
        await screenshot(page, `locations-${name}-${dark ? 'dark' : 'light'}`);
        if (dark) expect(await seriousA11yViolations(page)).toEqual([]);
        if (name === 'phone') {
          await downtown.getByRole('button', { name: `Edit ${DOWNTOWN.name}` }).click();
          const dialog = page.getByRole('dialog', { name: `Edit ${DOWNTOWN.name}` });
          expect(await dialog.getByLabel('Public URL').inputValue()).toBe(DOWNTOWN.slug);
          expect(await dialog.getByLabel('Primary color', { exact: true }).inputValue()).toBe(
            DOWNTOWN.primary,
          );
          await screenshot(page, `locations-edit-${name}-${dark ? 'dark' : 'light'}`);
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
        }
        await page.context().close();
      }
    }
  });
});

describe('analytics by location', () => {
  /** A summary card's figure. */
  const figure = (page: Page, heading: string) =>
    page
      .locator('[data-slot=card]', {
        has: page.getByRole('heading', { name: heading, exact: true }),
      })
      .locator('p')
      .first()
      .textContent();
  /** Top Performing Videos as "title: n views" lines. */
  const top = async (page: Page) =>
    (
      await page
        .locator('[data-slot=card]', {
          has: page.getByRole('heading', { name: 'Top Performing Videos' }),
        })
        .locator('li')
        .allInnerTexts()
    ).map((line) => line.replace(/\s+/g, ' '));

  it('counts a playback on the second location’s page there, not at the first', async () => {
    const list = await e2e.app.inject({
      method: 'GET',
      url: '/api/auth/locations',
      headers: { cookie: owner.cookie },
    });
    const downtown = (list.json() as LocationsView).locations.find(
      (l) => l.slug === DOWNTOWN.slug,
    )!;
    // Three plays an hour ago, as the beacons leave them: two from the gym's page, one downtown.
    const now = Date.now();
    const played = (videoId: string, viewerId: string, locationId: string | null) => ({
      id: randomUUID(),
      videoId,
      ownerId: owner.id,
      viewerId,
      startedAt: new Date(now - 60 * 60_000),
      lastSeenAt: new Date(now - 40 * 60_000),
      watchedSeconds: 1200,
      lastPosition: 1200,
      furthestPosition: 1200,
      viewCountedAt: new Date(now - 59 * 60_000),
      locationId,
    });
    await e2e.database.db
      .insert(playbackSessions)
      .values([
        played(classes.climb, 'rider-a', null),
        played(classes.sprint, 'rider-b', null),
        played(classes.recovery, 'rider-c', downtown.id),
      ]);

    for (const { name, width, height } of [VIEWPORTS[0], VIEWPORTS[2]]) {
      for (const dark of [false, true]) {
        const page = await e2e.newPage({ width, height, dark });
        await signIn(page, owner, e2e.baseUrl);
        await page.goto('/analytics');
        await page.getByRole('heading', { name: 'Views This Week' }).waitFor();
        expect(await figure(page, 'Total Views')).toBe('3');
        const select = page.getByLabel('Location', { exact: true });
        expect(await select.locator('option').allTextContents()).toEqual([
          'All locations',
          'Peak Cycle',
          DOWNTOWN.name,
        ]);

        await select.selectOption({ label: DOWNTOWN.name });
        await page.waitForURL(`**/analytics?location=${downtown.id}`);
        await expect.poll(() => figure(page, 'Total Views')).toBe('1');
        expect((await top(page)).filter((line) => !line.endsWith(' 0 views'))).toEqual([
          expect.stringMatching(/^1 Recovery Ride .* 1 view$/),
        ]);
        await screenshot(page, `locations-analytics-${name}-${dark ? 'dark' : 'light'}`);
        if (dark) expect(await seriousA11yViolations(page)).toEqual([]);

        await select.selectOption({ label: 'Peak Cycle' });
        await page.waitForURL('**/analytics?location=main');
        await expect.poll(() => figure(page, 'Total Views')).toBe('2');
        const atGym = (await top(page)).filter((line) => !line.endsWith(' 0 views'));
        expect(atGym).toHaveLength(2);
        expect(atGym.join('|')).not.toContain('Recovery Ride');

        await select.selectOption({ label: 'All locations' });
        await page.waitForURL('**/analytics');
        await expect.poll(() => figure(page, 'Total Views')).toBe('3');
        await page.context().close();
      }
    }
  });
});

describe('moving off Elite Studio', () => {
  it('takes the second page offline with a clear notice, keeps the first live, and brings it back', async () => {
    await changePlan('spin-master');

    const page = await ownerPage({ width: 1024, height: 768 });
    const notice = page.getByRole('status').filter({ hasText: 'offline' });
    // Recovery Ride is offered only downtown: the notice says riders do not see it meanwhile.
    expect(await notice.textContent()).toBe(
      `${LOCATION_MESSAGES.offline(1)} ${LOCATION_MESSAGES.offlineClasses(1)}`,
    );
    expect(
      (await page.getByTestId('locked-note').textContent())?.startsWith(LOCATION_MESSAGES.locked),
    ).toBe(true);
    await page.getByRole('link', { name: 'Upgrade to Elite Studio' }).waitFor();
    const downtown = locationCard(page, DOWNTOWN.name);
    expect(await downtown.getByTestId('location-status').textContent()).toBe('Offline');
    // Kept: its classes are still counted; it can no longer be changed or added to.
    expect(await downtown.getByTestId('location-class-count').textContent()).toBe('1 class');
    expect(await downtown.getByRole('button', { name: `Edit ${DOWNTOWN.name}` }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add location' }).count()).toBe(0);
    expect(await downtown.getByRole('link').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'locations-offline-tablet-light');

    const gone = await publicPage(DOWNTOWN.slug);
    await gone.getByTestId('gym-not-found').waitFor();
    const live = await publicPage('peak-cycle');
    expect(await classTitles(live)).toEqual(['Hill Climb', 'Sprint Intervals']);

    await changePlan('elite-studio');
    const back = await publicPage(DOWNTOWN.slug);
    await back.getByRole('heading', { level: 1, name: DOWNTOWN.name }).waitFor();
    expect(await classTitles(back)).toEqual(['Recovery Ride']);
    await page.reload();
    await locationCard(page, DOWNTOWN.name).getByText('Online').waitFor();
    expect(await page.getByTestId('locations-notice').count()).toBe(0);
  });

  it('deletes a location after saying its only classes go back to the first', async () => {
    const page = await ownerPage({ width: 390, height: 844 });
    await locationCard(page, DOWNTOWN.name)
      .getByRole('button', { name: `Delete ${DOWNTOWN.name}` })
      .click();
    const dialog = page.getByRole('alertdialog');
    expect(await dialog.getByTestId('delete-location-classes').textContent()).toBe(
      'Classes only offered here go back to Peak Cycle, your first location: “Recovery Ride”.',
    );
    await screenshot(page, 'locations-delete-phone-light');
    await dialog.getByRole('button', { name: 'Delete location' }).click();
    await toast(page, LOCATION_MESSAGES.deleted);
    await expect.poll(() => page.getByTestId('location-card').count()).toBe(1);
    // The button that opened the dialog is gone: focus lands on the list, not lost on the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Your locations');
    expect(
      await locationCard(page, 'Peak Cycle').getByTestId('location-class-count').textContent(),
    ).toBe('3 classes');
    const gym = await publicPage('peak-cycle');
    expect(await classTitles(gym)).toEqual(['Hill Climb', 'Recovery Ride', 'Sprint Intervals']);
  });
});
