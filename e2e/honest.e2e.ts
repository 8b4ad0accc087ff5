/**
 * Issue #15 parts 1, 7 and 9 in the browser, at 1024x768 (a tablet) and 390x844 (a phone): the
 * processing cards' estimate from the pipeline's own speed, field errors where they happen (wrong
 * password, taken slug with free ones to pick, a live check), no stale toast after the admin signs
 * in, and 'Welcome' on the first visit then 'Welcome back, {first name}'.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_MESSAGES } from '@shared/admin.contract';
import { MANUAL_WORK_NOTE_PREFIX } from '@shared/processing-time.contract';
import { users } from '@server/db/schema/users';
import { videos } from '@server/db/schema/videos';
import { screenshot, seriousA11yViolations, startE2E, type E2E } from './support/harness';
import { onboardOwner, seedVideos, signIn, type SeededOwner } from './support/seed';

let e2e: E2E;
let maya: SeededOwner;
beforeAll(async () => {
  e2e = await startE2E();
  maya = await onboardOwner(e2e.app, {
    email: 'maya@ironride.example',
    companyName: 'Iron Ride',
    slug: 'iron-ride',
  });
  await onboardOwner(e2e.app, {
    email: 'rival@example.com',
    companyName: 'Rival',
    slug: 'rival-gym',
  });
  const [, , manual] = await seedVideos(e2e.database, maya.id, [
    // 10 min of video at the default 2 s per second: 20 min, 2 of them gone.
    { title: 'Hill Climb', status: 'processing', duration: 600, minutesAgo: 2, progress: 40 },
    { title: 'Sprint Intervals', status: 'enhanced', duration: 1800, minutesAgo: 30 },
    { title: 'Green Screen Ride', status: 'processing', duration: 1200, minutesAgo: 60 },
  ]);
  await e2e.database.db
    .update(videos)
    .set({ processingNotes: `${MANUAL_WORK_NOTE_PREFIX}: the background cannot be replaced.` })
    .where(eq(videos.id, manual!.id));
});
afterAll(() => e2e?.close());

const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };

async function ownerPage(
  owner: SeededOwner,
  options: { width: number; height: number; dark?: boolean },
) {
  const page = await e2e.newPage(options);
  await page.goto('/');
  await signIn(page, owner, e2e.baseUrl);
  return page;
}

const estimateOf = (page: Page, title: string, testId: string) =>
  page.getByTestId(testId).filter({ hasText: title }).getByTestId('processing-estimate');

describe('processing cards (issue #15 part 1)', () => {
  for (const [name, size] of [
    ['tablet', TABLET],
    ['phone', PHONE],
  ] as const) {
    it(`show an estimate from the pipeline's speed, and 24-48 hours only where the team works (${name})`, async () => {
      const page = await ownerPage(maya, size);
      await page.goto('/videos');
      const hill = estimateOf(page, 'Hill Climb', 'video-card');
      await hill.waitFor();
      expect(await hill.textContent()).toMatch(/^Ready in about 1[78] minutes$/);
      expect(await estimateOf(page, 'Green Screen Ride', 'video-card').textContent()).toBe(
        'Waiting for our team: usually ready within 24-48 hours.',
      );
      // A ready class has no estimate.
      expect(await estimateOf(page, 'Sprint Intervals', 'video-card').count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `honest-library-estimate-${name}`);

      await page.goto('/dashboard');
      const recent = estimateOf(page, 'Hill Climb', 'recent-video');
      await recent.waitFor();
      expect(await recent.textContent()).toMatch(/^Ready in about 1[78] minutes$/);
      await screenshot(page, `honest-dashboard-estimate-${name}`);
      await page.context().close();
    });
  }

  it('are readable in dark mode and at 1440 px', async () => {
    for (const [name, size] of [
      ['desktop-dark', { width: 1440, height: 900, dark: true }],
      ['tablet-dark', { ...TABLET, dark: true }],
      ['phone-dark', { ...PHONE, dark: true }],
      ['desktop', { width: 1440, height: 900 }],
    ] as const) {
      const page = await ownerPage(maya, size);
      await page.goto('/videos');
      await estimateOf(page, 'Hill Climb', 'video-card').waitFor();
      await screenshot(page, `honest-library-estimate-${name}`);
      await page.context().close();
    }
  });
});

describe('the dashboard welcome (issue #15 part 9)', () => {
  it("says 'Welcome' on the first visit and 'Welcome back, {first name}' after", async () => {
    const page = await ownerPage(maya, TABLET);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Maya!' }).waitFor();
    await page.getByText('Iron Ride: here is how your class library is doing.').waitFor();
    await screenshot(page, 'honest-welcome-first-tablet');
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome back, Maya!' }).waitFor();
    await page.context().close();

    const phone = await ownerPage(maya, PHONE);
    await phone.goto('/dashboard');
    await phone.getByRole('heading', { name: 'Welcome, Maya!' }).waitFor();
    await phone.goto('/videos');
    await phone.goto('/dashboard');
    await phone.getByRole('heading', { name: 'Welcome back, Maya!' }).waitFor();
    await screenshot(phone, 'honest-welcome-back-phone');
    await phone.context().close();
  });
});

describe('errors where they happen (issue #15 part 7)', () => {
  for (const [name, size] of [
    ['tablet', TABLET],
    ['phone', PHONE],
  ] as const) {
    it(`a wrong password is said under the password, on a sign-in card that speaks of signing in (${name})`, async () => {
      const page = await e2e.newPage(size);
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign In' }).first().click();
      await page.getByText('Pick up where you left off').waitFor();
      expect(await page.getByText('Free Spin Starter plan, no credit card required').count()).toBe(
        0,
      );
      await page.getByLabel('Email').fill(maya.email);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
      await page.locator('#login-password-error').getByText('Invalid email or password').waitFor();
      expect(await page.locator('[data-slot=toast-title]').count()).toBe(0);
      expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe(
        'true',
      );
      await page.locator('#login-password-error').scrollIntoViewIfNeeded();
      await screenshot(page, `honest-sign-in-error-${name}`);
      await page.context().close();
    });

    it(`the slug edit checks as the owner types and offers free slugs (${name})`, async () => {
      const page = await ownerPage(maya, size);
      await page.goto('/customize');
      await page.getByRole('button', { name: 'Edit public URL' }).click();
      const input = page.getByLabel('Public URL');
      await input.fill('');
      await input.pressSequentially('Rival Gym');
      expect(await input.inputValue()).toBe('rival-gym');
      const note = page.getByTestId('slug-availability');
      await note.getByText('This URL slug is already taken. Please try another.').waitFor();
      await note.getByRole('button', { name: 'rival-gym-studio' }).waitFor();
      await screenshot(page, `honest-slug-taken-${name}`);
      await note.getByRole('button', { name: 'rival-gym-cycle' }).click();
      expect(await input.inputValue()).toBe('rival-gym-cycle');
      await note.getByText('This URL is available!').waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.context().close();
    });
  }

  it('onboarding previews only the slug it will really be, and refuses a reserved one under the field', async () => {
    const reg = await e2e.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'new@ironride.example',
        password: 'pedal-hard-42',
        firstName: 'Noa',
        lastName: 'N',
      },
    });
    const cookie = `cadence.sid=${reg.cookies.find((c) => c.name === 'cadence.sid')!.value}`;
    for (const [name, size] of [
      ['tablet', TABLET],
      ['phone', PHONE],
    ] as const) {
      const page = await ownerPage({ email: '', password: '', cookie } as SeededOwner, size);
      await page.goto('/onboarding');
      await page.getByLabel('Company name').fill('Iron Ride!!');
      await page.getByLabel('Company type').click();
      await page.getByRole('option', { name: 'Gym', exact: true }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      const slug = page.getByLabel('Public URL');
      await slug.fill('');
      await slug.pressSequentially('Iron Ride!!');
      expect(await slug.inputValue()).toBe('iron-ride');
      await page.getByText(/\/gym\/iron-ride$/).waitFor();
      // Taken (Maya has it): said live, with free ones.
      await page
        .getByTestId('slug-availability')
        .getByRole('button', { name: 'iron-ride-studio' })
        .waitFor();
      await slug.fill('admin');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page
        .locator('[id$="-slug-error"]')
        .getByText('This URL is reserved. Please choose another.')
        .waitFor();
      await page
        .getByTestId('slug-availability')
        .getByRole('button', { name: 'admin-studio' })
        .waitFor();
      expect(await page.locator('[data-slot=toast-title]').count()).toBe(0);
      await screenshot(page, `honest-onboarding-slug-${name}`);
      await page.context().close();
    }
  });

  it('the admin login says wrong credentials under the field, and nothing of it is left after signing in', async () => {
    const admin = await onboardOwner(e2e.app, {
      email: 'desk@cadence.example',
      companyName: 'Desk',
      slug: 'desk-admin',
    });
    await e2e.database.db.update(users).set({ isAdmin: 'true' }).where(eq(users.id, admin.id));
    const page = await e2e.newPage(TABLET);
    await page.goto('/admin/videos');
    await page.getByRole('heading', { name: ADMIN_MESSAGES.loginTitle }).waitFor();
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page
      .locator('#admin-password-error')
      .getByText(ADMIN_MESSAGES.invalidCredentials)
      .waitFor();
    await screenshot(page, 'honest-admin-login-error-tablet');
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin/videos');
    await page.getByRole('heading', { name: ADMIN_MESSAGES.dashboardTitle }).waitFor();
    expect(await page.getByText(ADMIN_MESSAGES.invalidCredentials).count()).toBe(0);
    await page.context().close();
  });
});
