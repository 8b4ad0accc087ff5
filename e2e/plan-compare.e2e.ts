import { cp, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startStripeServer, type StripeStandIn } from '@server/test/stripe-server';
import { mediaFixtures, type MediaFixtures } from '@server/test/media-fixtures';
import { FEATURES, type Feature } from '@shared/plan-features';
import { PLANS } from '@shared/plans';
import {
  screenshot,
  seriousA11yViolations,
  SHOTS_DIR,
  startE2E,
  VIEWPORTS,
  type E2E,
} from './support/harness';
import { onboardOwner, signIn, type SeededOwner } from './support/seed';

/**
 * Upgrade paths (issue #18 part 6): the Subscription page compares the plans in the locks' words, a
 * lock's link lands on its feature in the comparison, and choosing a plan says what it adds or takes
 * away before anything changes. Billing without Stripe keys (the manual adapter) unless said.
 */
let e2e: E2E;
let media: MediaFixtures;
beforeAll(async () => {
  media = await mediaFixtures();
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** Where a person looks at the screenshots of this journey. */
const LOOK_DIR = '/tmp/shots-plan-compare';

async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, `plan-compare-${name}`);
  await mkdir(LOOK_DIR, { recursive: true });
  await cp(path.join(SHOTS_DIR, `plan-compare-${name}.png`), path.join(LOOK_DIR, `${name}.png`));
}

let owners = 0;
async function newOwner(): Promise<SeededOwner> {
  owners += 1;
  return onboardOwner(e2e.app, {
    email: `owner${owners}@compare.example`,
    companyName: `Compare Gym ${owners}`,
    slug: `compare-gym-${owners}`,
  });
}

async function ownerPage(
  owner: SeededOwner,
  options: { width?: number; height?: number; dark?: boolean } = {},
): Promise<Page> {
  const page = await e2e.newPage(options);
  await signIn(page, owner, e2e.baseUrl);
  return page;
}

const compare = (page: Page) => page.locator('section#compare');
const row = (page: Page, feature: Feature | 'videos') =>
  compare(page).locator(`tbody tr[data-feature=${feature}]`);
const card = (page: Page, id: string) => page.locator(`li[data-plan=${id}]`);

/** A comparison row: its name and, per plan name, the cell's words. */
async function readRow(page: Page, feature: Feature) {
  const name = (await row(page, feature).locator('th span').first().textContent()) ?? '';
  const cells: Record<string, string> = {};
  for (const plan of PLANS) {
    cells[plan.name] =
      (await row(page, feature).locator(`td[data-compare-plan=${plan.id}]`).textContent()) ?? '';
  }
  return { name, cells };
}

/** Every lock on a screen: its feature and its words ('… Upgrade to {plan}'). */
async function locksOn(page: Page): Promise<{ feature: Feature; text: string }[]> {
  const notes = await page.getByTestId('locked-note').all();
  return Promise.all(
    notes.map(async (note) => ({
      feature: (await note.getAttribute('data-feature')) as Feature,
      text: (await note.innerText()).trim(),
    })),
  );
}

async function openUploadLocks(page: Page): Promise<void> {
  await page.goto('/upload');
  await page.getByLabel('Video file', { exact: true }).setInputFiles(media.clipPath);
  await page.getByTestId('enhancement-included').waitFor();
  await page.getByTestId('locked-note').first().waitFor();
}

async function waitForToast(page: Page, title: string) {
  await page.locator('[data-slot=toast]', { hasText: title }).first().waitFor({ timeout: 15_000 });
}

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the plan comparison', () => {
  it('names every feature as the plan cards and the locks do, with the plan that unlocks it', async () => {
    const owner = await newOwner();
    const page = await ownerPage(owner, { width: 1440, height: 900 });

    // The locks a Spin Starter owner meets on other screens.
    const locks: { feature: Feature; text: string }[] = [];
    await openUploadLocks(page);
    locks.push(...(await locksOn(page)));
    for (const screen of ['/customize', '/analytics', '/locations']) {
      await page.goto(screen);
      await page.getByTestId('locked-note').first().waitFor();
      locks.push(...(await locksOn(page)));
    }
    const lockedFeatures = new Set(locks.map((l) => l.feature));
    for (const feature of [
      'advancedEnhancement',
      'premiumEnhancement',
      'customBranding',
      'fullBranding',
      'analyticsDashboard',
      'multiLocation',
    ] as const) {
      expect(lockedFeatures).toContain(feature);
    }

    await page.goto('/subscription');
    await compare(page).waitFor();
    const rows = await compare(page)
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-feature')));
    expect(rows).toEqual(['videos', ...Object.keys(FEATURES)]);

    for (const lock of locks) {
      const words = /comes with (?<name>[^,]+), on (?<plans>.+)\. Upgrade to (?<plan>.+)$/.exec(
        lock.text,
      )?.groups;
      expect(words, lock.text).toBeDefined();
      const { name, cells } = await readRow(page, lock.feature);
      expect(name).toBe(words!.name);
      const first = PLANS.findIndex((p) => p.name === words!.plan);
      expect(first).toBeGreaterThan(0);
      expect(words!.plans).toBe(first === PLANS.length - 1 ? words!.plan : `${words!.plan} and up`);
      expect(PLANS.map((p) => cells[p.name])).toEqual(
        PLANS.map((_, i) => (i < first ? 'Not included' : 'Included')),
      );
    }

    // Every feature line of a plan card is included in that plan's column, under the same name.
    const names = new Map<string, Feature>(
      Object.entries(FEATURES).map(([key, f]) => [f.name, key as Feature]),
    );
    for (const plan of PLANS) {
      const lines = await card(page, plan.id).locator('ul li').allTextContents();
      expect(lines[0]).toBe(`Up to ${plan.videoLimit} videos`);
      for (const line of lines.filter((l) => names.has(l))) {
        const { cells } = await readRow(page, names.get(line)!);
        expect(cells[plan.name], `${plan.name}: ${line}`).toBe('Included');
      }
      expect(await row(page, 'videos').locator('td').nth(PLANS.indexOf(plan)).textContent()).toBe(
        `Up to ${plan.videoLimit} videos`,
      );
    }

    // The current plan's column is marked.
    const current = compare(page).locator('thead th[data-compare-current]');
    expect(await current.count()).toBe(1);
    expect(await current.innerText()).toContain('Spin Starter');
    expect(await current.innerText()).toContain('Current Plan');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  }, 120_000);

  it('a lock’s link lands on its feature in the comparison, on a phone and a desktop', async () => {
    for (const { name, width, height } of [VIEWPORTS[0]!, VIEWPORTS[2]!]) {
      const page = await ownerPage(await newOwner(), { width, height });
      await openUploadLocks(page);
      await page.getByRole('link', { name: 'Upgrade to Spin Master' }).click();
      await page.waitForURL('**/subscription');
      const highlighted = row(page, 'premiumEnhancement');
      await compare(page).getByTestId('compare-highlight').waitFor();
      expect(await compare(page).getByTestId('compare-highlight').textContent()).toBe(
        'Premium AI enhancement comes with Spin Master and up.',
      );
      expect(await highlighted.getAttribute('data-highlighted')).toBe('true');
      expect(await compare(page).locator('tr[data-highlighted]').count()).toBe(1);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('compare-title');
      // Scrolled to: the row is on screen.
      const box = await highlighted.boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(height);

      const header = (id: string) => compare(page).locator(`thead th[data-compare-plan=${id}]`);
      expect(await header('spin-master').isVisible()).toBe(true);
      expect(await header('spin-starter').isVisible()).toBe(true); // the current plan
      if (name === 'phone') {
        // One plan beside the current one; the buttons choose which.
        expect(await header('power-cycle').isVisible()).toBe(false);
        const chooser = page.getByRole('group', { name: 'Compare Spin Starter with' });
        expect(
          await chooser.getByRole('button', { name: 'Spin Master' }).getAttribute('aria-pressed'),
        ).toBe('true');
        await chooser.getByRole('button', { name: 'Elite Studio' }).click();
        expect(await header('elite-studio').isVisible()).toBe(true);
        expect(await header('spin-master').isVisible()).toBe(false);
        expect(await readRow(page, 'uhdQuality')).toMatchObject({
          cells: { 'Elite Studio': 'Included', 'Spin Starter': 'Not included' },
        });
      } else {
        expect(await header('power-cycle').isVisible()).toBe(true);
        expect(await header('elite-studio').isVisible()).toBe(true);
      }
      expect(await noSideScroll(page)).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.close();
    }
  }, 120_000);

  it('says what an upgrade adds and a downgrade takes away before changing the plan', async () => {
    const owner = await newOwner();
    const page = await ownerPage(owner, { width: 1024, height: 768 });
    await page.goto('/subscription');
    await card(page, 'spin-master').getByRole('button', { name: 'Upgrade to Spin Master' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Switch to Spin Master?' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('proration-preview').textContent()).toBe(
      'Billing is not connected yet: plan changes apply immediately and no card is charged.',
    );
    const adds = dialog.getByRole('region', { name: 'What Spin Master adds' });
    expect(await adds.locator('li').first().textContent()).toBe('Up to 25 videos instead of 2');
    expect(await adds.locator('li[data-feature] span span:first-child').allTextContents()).toEqual([
      'HD quality',
      'Advanced AI enhancement',
      'Premium AI enhancement',
      'Custom branding',
      'Full branding',
      'Analytics dashboard',
      'Advanced analytics',
      'Custom domain',
    ]);
    await adds.getByText(FEATURES.premiumEnhancement.detail).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Nothing changes until confirmed.
    expect((await planOf(owner)).plan).toBe('spin-starter');
    await dialog.getByRole('button', { name: 'Switch to Spin Master' }).click();
    await waitForToast(page, 'Plan updated');
    expect(await page.getByTestId('current-plan-name').textContent()).toBe('Spin Master');
    expect(
      await compare(page)
        .locator('thead th[data-compare-current]')
        .getAttribute('data-compare-plan'),
    ).toBe('spin-master');

    await card(page, 'power-cycle')
      .getByRole('button', { name: 'Downgrade to Power Cycle' })
      .click();
    const down = page.getByRole('alertdialog', { name: 'Switch to Power Cycle?' });
    const loses = down.getByRole('region', { name: 'What you would lose on Power Cycle' });
    await loses.waitFor();
    expect(await loses.locator('li').first().textContent()).toBe('Up to 10 videos instead of 25');
    expect(await loses.locator('li[data-feature] span span:first-child').allTextContents()).toEqual(
      ['Premium AI enhancement', 'Full branding', 'Advanced analytics', 'Custom domain'],
    );
    await loses
      .getByText(
        'Nothing is deleted: your branding and your classes stay saved, and what Power Cycle leaves out comes back when you upgrade again.',
      )
      .waitFor();
    await down.getByRole('button', { name: 'Keep my plan' }).click();
    await down.waitFor({ state: 'detached' });
    expect((await planOf(owner)).plan).toBe('spin-master');
    await page.close();
  }, 60_000);

  it.each([false, true])(
    'looks right at phone, tablet and desktop widths (dark: %s)',
    async (dark) => {
      const theme = dark ? 'dark' : 'light';
      const owner = await newOwner();
      for (const { name, width, height } of VIEWPORTS) {
        const page = await ownerPage(owner, { width, height, dark });
        // From the analytics lock: its row marked, Power Cycle beside Spin Starter on a phone.
        await page.goto('/analytics');
        await page.getByRole('link', { name: 'Upgrade to Power Cycle' }).click();
        await compare(page).getByTestId('compare-highlight').waitFor();
        expect(await row(page, 'analyticsDashboard').getAttribute('data-highlighted')).toBe('true');
        expect(await noSideScroll(page)).toBe(true);
        await shot(page, `${name}-${theme}`);
        await page.screenshot({ path: path.join(LOOK_DIR, `${name}-${theme}-view.png`) });
        await page.evaluate(() => window.scrollTo(0, 0));
        await compare(page).screenshot({ path: path.join(LOOK_DIR, `${name}-${theme}-table.png`) });
        expect(await seriousA11yViolations(page)).toEqual([]);

        await card(page, 'elite-studio')
          .getByRole('button', { name: 'Upgrade to Elite Studio' })
          .click();
        const dialog = page.getByRole('alertdialog', { name: 'Switch to Elite Studio?' });
        await dialog.waitFor();
        await page.waitForTimeout(300); // the dialog's opening transition
        // However long the list, the buttons stay on screen.
        const confirm = await dialog
          .getByRole('button', { name: 'Switch to Elite Studio' })
          .boundingBox();
        expect(confirm!.y + confirm!.height).toBeLessThanOrEqual(height);
        await page.screenshot({ path: path.join(LOOK_DIR, `${name}-${theme}-dialog.png`) });
        expect(await seriousA11yViolations(page)).toEqual([]);
        await page.close();
      }
    },
    120_000,
  );
});

async function planOf(owner: SeededOwner): Promise<{ plan: string }> {
  const res = await e2e.app.inject({
    method: 'GET',
    url: '/api/auth/user',
    headers: { cookie: owner.cookie },
  });
  return res.json();
}

describe('with Stripe', () => {
  let stripe: StripeStandIn;
  let paid: E2E;
  beforeAll(async () => {
    stripe = await startStripeServer();
    paid = await startE2E({
      env: {
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_BASE: stripe.url,
      },
    });
    stripe.deliverTo(`${paid.baseUrl}/api/billing/webhook`);
  });
  afterAll(async () => {
    await paid?.close();
    await stripe?.close();
  });

  it('a first paid plan says what it adds before going on to Checkout', async () => {
    const owner = await onboardOwner(paid.app, {
      email: 'remy@paid.example',
      companyName: 'Paid Gym',
      slug: 'paid-gym',
    });
    const page = await paid.newPage({ width: 1440 });
    await signIn(page, owner, paid.baseUrl);
    await page.goto('/subscription');
    await card(page, 'power-cycle').getByRole('button', { name: 'Upgrade to Power Cycle' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Switch to Power Cycle?' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('proration-preview').textContent()).toBe(
      'You pay $99 per month on Stripe Checkout; Power Cycle starts once the payment is confirmed.',
    );
    expect(
      await dialog
        .getByRole('region', { name: 'What Power Cycle adds' })
        .locator('li[data-feature]')
        .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-feature'))),
    ).toEqual(['hdQuality', 'advancedEnhancement', 'customBranding', 'analyticsDashboard']);
    await dialog.getByRole('button', { name: 'Continue to Checkout' }).click();
    await page.getByRole('heading', { name: 'Stand-in Checkout' }).waitFor();
    await page.close();
  }, 60_000);
});
