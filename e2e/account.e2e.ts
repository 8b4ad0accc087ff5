import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AccountExport } from '@shared/account.contract';
import { eq } from 'drizzle-orm';
import { users } from '@server/db/schema/users';
import { seedPlayback, seedVideo } from '@server/test/analytics-fixtures';
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

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

async function ownerPage(
  owner: SeededOwner,
  options: { width?: number; height?: number; dark?: boolean } = {},
) {
  const page = await e2e.newPage(options);
  await page.goto('/');
  await signIn(page, owner);
  return page;
}

async function waitForToast(page: Page, title: string, description?: string) {
  const toast = page.locator('[data-slot=toast]', { hasText: title }).first();
  await toast.waitFor({ timeout: 10_000 });
  if (description) await toast.getByText(description, { exact: true }).waitFor();
}

const api = (url: string, cookie: string) =>
  e2e.app.inject({ method: 'GET', url, headers: { cookie } });

describe('settings', () => {
  it('prefills the profile, validates it, saves it, and saves each notification switch', async () => {
    const owner = await onboardOwner(e2e.app, {
      email: 'ana@spinhouse.example',
      companyName: 'Spin House',
      slug: 'spin-house',
    });
    const page = await ownerPage(owner);
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();

    const name = page.getByLabel('Company name');
    const email = page.getByLabel('Email', { exact: true });
    const phone = page.getByLabel('Phone');
    expect(await name.inputValue()).toBe('Spin House');
    expect(await email.inputValue()).toBe(owner.email);
    expect(await phone.inputValue()).toBe('');

    // The product's messages, under the fields.
    await name.fill('  ');
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Company name is required').waitFor();
    await page.getByText('Invalid email address').waitFor();

    await name.fill('Spin House Downtown');
    // The same address: nothing waits for a confirmation (a new one does: email-address.e2e.ts).
    await email.fill('ana@spinhouse.example');
    await phone.fill('+1 555 010 2030');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await waitForToast(
      page,
      'Settings updated',
      'Your profile settings have been saved successfully.',
    );
    expect(await page.getByText('Company name is required').count()).toBe(0);

    await page.reload();
    await page.getByLabel('Company name').waitFor();
    expect(await page.getByLabel('Company name').inputValue()).toBe('Spin House Downtown');
    expect(await email.inputValue()).toBe('ana@spinhouse.example');
    expect(await page.getByLabel('Phone').inputValue()).toBe('+1 555 010 2030');

    // The three switches, all on by default, with the product's labels and descriptions.
    for (const [label, description] of [
      ['Email Notifications', 'New video uploads and system updates'],
      ['Student Activity Alerts', 'When students access classes'],
      ['Weekly Reports', 'Weekly analytics and usage'],
    ]) {
      const toggle = page.getByRole('switch', { name: label });
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      await page.getByText(description!, { exact: true }).waitFor();
    }
    await page.getByRole('switch', { name: 'Weekly Reports' }).click();
    await waitForToast(page, 'Settings updated');
    await page.reload();
    await page.getByRole('switch', { name: 'Weekly Reports' }).waitFor();
    expect(
      await page.getByRole('switch', { name: 'Weekly Reports' }).getAttribute('aria-checked'),
    ).toBe('false');
    expect(
      await page.getByRole('switch', { name: 'Email Notifications' }).getAttribute('aria-checked'),
    ).toBe('true');

    // The time zone of the scheduled emails: UTC until picked, saved at once.
    const zone = page.getByRole('combobox', { name: 'Time zone for reports' });
    expect(await zone.textContent()).toBe('UTC');
    await zone.click();
    await page.getByRole('option', { name: 'Europe/Berlin', exact: true }).click();
    await waitForToast(page, 'Settings updated');
    await page.reload();
    await page.getByRole('combobox', { name: 'Time zone for reports' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Time zone for reports' }).textContent()).toBe(
      'Europe/Berlin',
    );

    const saved = (await api('/api/auth/user', owner.cookie)).json();
    expect(saved).toMatchObject({
      timeZone: 'Europe/Berlin',
      companyName: 'Spin House Downtown',
      email: 'ana@spinhouse.example',
      pendingEmail: null,
      phone: '+1 555 010 2030',
      notifyEmail: true,
      notifyStudentActivity: true,
      notifyWeeklyReports: false,
    });
  });

  it('changes the password: wrong current refused, other sessions signed out, sign-in with the new one', async () => {
    const owner = await onboardOwner(e2e.app, {
      email: 'ben@pedal.example',
      companyName: 'Pedal Club',
      slug: 'pedal-club',
    });
    const page = await ownerPage(owner);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.waitFor();

    // Client-side rules first.
    await dialog.getByLabel('Current password').fill(owner.password);
    await dialog.getByLabel('New password', { exact: true }).fill('short');
    await dialog.getByLabel('Confirm new password').fill('other');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('New password must be at least 8 characters').waitFor();
    await dialog.getByText('Passwords do not match').waitFor();

    // A wrong current password comes back from the server under its field.
    await dialog.getByLabel('Current password').fill('not my password');
    await dialog.getByLabel('New password', { exact: true }).fill('climb-every-hill-9');
    await dialog.getByLabel('Confirm new password').fill('climb-every-hill-9');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Current password is incorrect').waitFor();

    await dialog.getByLabel('Current password').fill(owner.password);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await waitForToast(page, 'Password changed');
    await dialog.waitFor({ state: 'detached' });

    // The session the owner had from onboarding (another device) is gone; this one stays.
    expect((await api('/api/auth/user', owner.cookie)).statusCode).toBe(401);
    await page.reload();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();

    // A fresh browser signs in with the new password through the landing page.
    const other = await e2e.newPage();
    await other.goto('/');
    // The landing page loads on demand: wait for it before choosing the auth card's mode.
    await other.getByRole('button', { name: 'Get Started Free' }).first().waitFor();
    const toSignIn = other.getByText('Already have an account? Sign in');
    if (await toSignIn.isVisible()) await toSignIn.click();
    await other.getByLabel('Email').fill(owner.email);
    // Submitted with Enter: a failure toast may sit over the button (and pauses while hovered).
    await other.getByLabel('Password', { exact: true }).fill(owner.password);
    await other.getByLabel('Password', { exact: true }).press('Enter');
    await other.getByText('Invalid email or password').first().waitFor();
    await other.getByLabel('Password', { exact: true }).fill('climb-every-hill-9');
    await other.getByLabel('Password', { exact: true }).press('Enter');
    await other.waitForURL('**/dashboard');
  });

  it('downloads my data as a JSON file with the account and the videos, without the password', async () => {
    const owner = await onboardOwner(e2e.app, {
      email: 'cy@cadencegym.example',
      companyName: 'Cadence Gym',
      slug: 'cadence-gym',
    });
    await seedVideo(e2e.database.db, owner.id, { title: 'Tempo Tuesday', duration: '1800' });
    const page = await ownerPage(owner);
    await page.goto('/settings');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download My Data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^cadence-data-cadence-gym-\d{4}-\d{2}-\d{2}\.json$/,
    );
    const text = await readFile((await download.path())!, 'utf8');
    expect(text).not.toMatch(/password/i);
    const data: AccountExport = JSON.parse(text);
    expect(data.account).toMatchObject({
      email: owner.email,
      companyName: 'Cadence Gym',
      companySlug: 'cadence-gym',
    });
    expect(data.videos.map((v) => v.title)).toEqual(['Tempo Tuesday']);
    await waitForToast(page, 'Download started');
  });
});

describe('subscription', () => {
  it('shows the real plan and usage, changes plan at once and refuses a plan that is too small', async () => {
    const owner = await onboardOwner(e2e.app, {
      email: 'dee@velo.example',
      companyName: 'Velo Room',
      slug: 'velo-room',
    });
    await seedVideo(e2e.database.db, owner.id, { title: 'Ride 1' });
    const page = await ownerPage(owner);
    await page.goto('/subscription');

    await page
      .getByText(
        'Billing is not connected yet: plan changes apply immediately and no card is charged.',
      )
      .waitFor();
    expect(await page.getByTestId('current-plan-name').textContent()).toBe('Spin Starter');
    expect(await page.getByTestId('usage-text').textContent()).toBe('1 of 2 videos used');
    const card = (id: string) => page.locator(`[data-plan=${id}]`);
    expect(await card('spin-master').getByText('Most Popular').count()).toBe(1);
    expect(await card('spin-starter').getByText('Current Plan').count()).toBe(2); // badge and button
    for (const name of ['Manage Billing', 'View Invoices', 'Cancel Subscription']) {
      expect(await page.getByRole('button', { name }).isDisabled()).toBe(true);
    }

    await card('power-cycle').getByRole('button', { name: 'Upgrade to Power Cycle' }).click();
    // Every change asks first, with what the plan adds (issue #18 part 6).
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Switch to Power Cycle' })
      .click();
    await waitForToast(page, 'Plan updated', 'You are now on Power Cycle.');
    expect(await page.getByTestId('current-plan-name').textContent()).toBe('Power Cycle');
    expect(await page.getByTestId('usage-text').textContent()).toBe('1 of 10 videos used');
    expect(await card('power-cycle').getByText('Current Plan').count()).toBe(2); // badge and button
    expect(await card('spin-starter').getByText('Current Plan').count()).toBe(0);
    expect((await api('/api/auth/user', owner.cookie)).json().plan).toBe('power-cycle');

    // Usage follows the library: with 3 videos the free plan no longer fits.
    await seedVideo(e2e.database.db, owner.id, { title: 'Ride 2' });
    await seedVideo(e2e.database.db, owner.id, { title: 'Ride 3' });
    await page.reload();
    await page.getByTestId('usage-text').waitFor();
    expect(await page.getByTestId('usage-text').textContent()).toBe('3 of 10 videos used');
    const downgrade = card('spin-starter').getByRole('button', {
      name: 'Downgrade to Spin Starter',
    });
    expect(await downgrade.isDisabled()).toBe(true);
    await card('spin-starter').getByText('You have 3 videos; this plan allows 2.').waitFor();
  });
});

/** The analytics dashboard's plan (analytics-plans.e2e.ts shows each plan's share). */
async function onDashboardPlan(owner: SeededOwner): Promise<SeededOwner> {
  await e2e.database.db.update(users).set({ plan: 'power-cycle' }).where(eq(users.id, owner.id));
  return owner;
}

describe('analytics', () => {
  it('shows the product’s empty states before any video or playback', async () => {
    const owner = await onDashboardPlan(
      await onboardOwner(e2e.app, {
        email: 'eli@new.example',
        companyName: 'New Wheels',
        slug: 'new-wheels',
      }),
    );
    const page = await ownerPage(owner);
    await page.goto('/analytics');
    for (const title of [
      'Total Views',
      'Watch Time (hours)',
      'Active Students',
      'Engagement Rate (%)',
    ]) {
      await page.getByRole('heading', { name: title }).waitFor();
    }
    expect(await page.getByText('+0% from last month').count()).toBe(4);
    expect(await page.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.getByText('No view data available yet').waitFor();
    await page.getByRole('link', { name: 'Upload videos' }).waitFor();
    await page.getByText('No videos uploaded yet').waitFor();

    await page.getByRole('tab', { name: 'Video Performance' }).click();
    await page.getByText('No Videos Yet').waitFor();
    await page.getByText('Videos: 0').waitFor();

    await page.getByRole('tab', { name: 'Student Activity' }).click();
    await page.getByText('No Student Activity').waitFor();
    await page.getByText(/Share your public URL/).waitFor();
    await page.getByText('Active Students: 0').waitFor();
  });

  it('shows real figures, a chart and one video’s figures once riders have watched', async () => {
    const owner = await onDashboardPlan(
      await onboardOwner(e2e.app, {
        email: 'fay@ride.example',
        companyName: 'Ride Lab',
        slug: 'ride-lab',
      }),
    );
    const video = await seedPlaybackFor(owner);
    const page = await ownerPage(owner);
    await page.goto('/analytics');
    await page.getByRole('heading', { name: 'Views This Week' }).waitFor();
    const totalViews = page.locator('[data-slot=card]', {
      has: page.getByRole('heading', { name: 'Total Views' }),
    });
    expect(await totalViews.locator('p').first().textContent()).toBe('4');
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await page.getByText('No view data available yet').count()).toBe(0);

    await page.getByRole('tab', { name: 'Video Performance' }).click();
    await page.getByText('Videos: 2').waitFor();
    await page.getByRole('link', { name: 'Hill Climb' }).click();
    await page.waitForURL(`**/analytics?video=${video}`);
    await page.getByText('Showing figures for').waitFor();
    expect(await totalViews.locator('p').first().textContent()).toBe('3');
  });
});

/** Two videos and four counted views over the last week, from three riders. */
async function seedPlaybackFor(owner: SeededOwner): Promise<string> {
  const db = e2e.database.db;
  const climb = await seedVideo(db, owner.id, { title: 'Hill Climb', duration: '2700' });
  const sprint = await seedVideo(db, owner.id, { title: 'Sprint Intervals', duration: '1800' });
  const now = Date.now();
  await seedPlayback(db, [
    {
      videoId: climb,
      ownerId: owner.id,
      viewerId: 'tablet-1',
      startedAt: now - 1 * DAY,
      watchedSeconds: 2700,
      counted: true,
    },
    {
      videoId: climb,
      ownerId: owner.id,
      viewerId: 'tablet-2',
      startedAt: now - 2 * DAY,
      watchedSeconds: 1350,
      counted: true,
    },
    {
      videoId: climb,
      ownerId: owner.id,
      viewerId: 'tablet-1',
      startedAt: now - 4 * DAY,
      watchedSeconds: 2000,
      counted: true,
    },
    {
      videoId: sprint,
      ownerId: owner.id,
      viewerId: 'tablet-3',
      startedAt: now - 3 * DAY,
      watchedSeconds: 900,
      counted: true,
    },
  ]);
  return climb;
}

describe('the three screens look finished and pass axe', () => {
  it('settings, subscription and analytics at phone, tablet and desktop, light and dark', async () => {
    const owner = await onDashboardPlan(
      await onboardOwner(e2e.app, {
        email: 'gia@look.example',
        companyName: 'Look Studio',
        slug: 'look-studio',
      }),
    );
    await seedPlaybackFor(owner);
    const empty = await onDashboardPlan(
      await onboardOwner(e2e.app, {
        email: 'hal@empty.example',
        companyName: 'Empty Studio',
        slug: 'empty-studio',
      }),
    );
    const problems: string[] = [];
    const shotsDir = '/tmp/shots';
    await mkdir(shotsDir, { recursive: true });

    async function check(page: Page, name: string) {
      await screenshot(page, name);
      await copyFile(path.join(SHOTS_DIR, `${name}.png`), path.join(shotsDir, `${name}.png`));
      for (const v of await seriousA11yViolations(page)) problems.push(`${name}: ${v}`);
    }

    for (const dark of [false, true]) {
      const theme = dark ? 'dark' : 'light';
      for (const vp of VIEWPORTS) {
        const page = await ownerPage(owner, { width: vp.width, height: vp.height, dark });
        await page.goto('/settings');
        await page.getByRole('switch', { name: 'Weekly Reports' }).waitFor();
        await check(page, `account-settings-${vp.name}-${theme}`);

        await page.goto('/subscription');
        await page.getByTestId('usage-text').waitFor();
        await check(page, `account-subscription-${vp.name}-${theme}`);

        await page.goto('/analytics');
        await page.locator('.recharts-bar-rectangle').first().waitFor();
        await check(page, `account-analytics-${vp.name}-${theme}`);
        await page.close();
      }

      // The dialog, the other tabs and the empty states, at desktop size.
      const page = await ownerPage(owner, { width: 1440, height: 900, dark });
      await page.goto('/settings');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await page.getByRole('dialog').waitFor();
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
      // A dialog locks the page's scrolling: the viewport is what the owner sees.
      const dialogShot = `account-settings-password-dialog-${theme}.png`;
      await page.screenshot({ path: path.join(SHOTS_DIR, dialogShot) });
      await copyFile(path.join(SHOTS_DIR, dialogShot), path.join(shotsDir, dialogShot));
      for (const v of await seriousA11yViolations(page)) problems.push(`${dialogShot}: ${v}`);
      await page.goto('/analytics');
      await page.getByRole('tab', { name: 'Video Performance' }).click();
      await page.getByRole('table').first().waitFor();
      await check(page, `account-analytics-videos-${theme}`);
      await page.getByRole('tab', { name: 'Student Activity' }).click();
      await page.getByRole('heading', { name: 'Busiest Hours' }).waitFor();
      await check(page, `account-analytics-students-${theme}`);
      await page.close();

      const emptyPage = await ownerPage(empty, { width: 1440, height: 900, dark });
      await emptyPage.goto('/analytics');
      await emptyPage.getByText('No view data available yet').waitFor();
      await check(emptyPage, `account-analytics-empty-${theme}`);
      await emptyPage.getByRole('tab', { name: 'Student Activity' }).click();
      await emptyPage.getByText('No Student Activity').waitFor();
      await check(emptyPage, `account-analytics-empty-students-${theme}`);
      await emptyPage.close();
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
