import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  screenshot,
  seriousA11yViolations,
  SHOTS_DIR,
  startE2E,
  VIEWPORTS,
  type E2E,
} from './support/harness';
import { onboardOwner, seedVideos, signIn, type SeededOwner, type SeedVideo } from './support/seed';

let e2e: E2E;
let maya: SeededOwner; // the owner most tests drive, with a seeded library
let rival: SeededOwner; // another gym, holding 'rival-gym'
let fresh: SeededOwner; // an owner with no videos

const MAYA_VIDEOS: SeedVideo[] = [
  {
    title: 'Morning Climb',
    status: 'enhanced',
    duration: 2700,
    fileSize: 734_003_200,
    description: 'Steady hill work',
  },
  { title: 'Sunrise Sprints', status: 'enhanced', duration: 3900, fileSize: 1_610_612_736 },
  { title: 'Tempo Tuesday', status: 'processing', duration: 1800, progress: 42 },
  { title: 'Recovery Spin', status: 'uploaded', duration: 1500 },
  {
    title: 'Hill Repeats',
    status: 'uploaded',
    duration: 2400,
    description: 'Climb, recover, repeat',
  },
  { title: 'Power Hour', status: 'uploaded', duration: 3600 },
  { title: 'Broken Upload', status: 'failed', duration: 600 },
];

beforeAll(async () => {
  e2e = await startE2E();
  maya = await onboardOwner(e2e.app, {
    email: 'maya@ironspin.example',
    companyName: 'Iron Spin',
    slug: 'iron-spin',
  });
  rival = await onboardOwner(e2e.app, {
    email: 'rival@example.com',
    companyName: 'Rival Gym',
    slug: 'rival-gym',
  });
  fresh = await onboardOwner(e2e.app, {
    email: 'fresh@example.com',
    companyName: 'Fresh Start',
    slug: 'fresh-start',
  });
  await seedVideos(e2e.database, maya.id, MAYA_VIDEOS);
});
afterAll(() => e2e?.close());

async function ownerPage(
  owner: SeededOwner,
  options: { width?: number; height?: number; dark?: boolean } = {},
) {
  const page = await e2e.newPage(options);
  await page.goto('/');
  await signIn(page, owner, e2e.baseUrl);
  return page;
}

async function waitForToast(page: Page, title: string) {
  await page
    .locator('[data-slot=toast-title]', { hasText: title })
    .first()
    .waitFor({ timeout: 10_000 });
}

const sidebarWidth = (page: Page) =>
  page.locator('[data-slot=sidebar-container]').evaluate((el) => el.getBoundingClientRect().width);

async function sidebarCookie(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === 'sidebar_state');
}

describe('the app shell', () => {
  it('collapses and expands, keeps the state in a 7-day cookie across a reload, and toggles with Ctrl+B', async () => {
    const page = await ownerPage(maya, { width: 1280, height: 800 });
    await page.goto('/');
    await page.waitForURL('**/dashboard');

    // Expanded by default: 16rem, the groups and the gym's identity.
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await sidebarWidth(page)).toBe(256);
    await page.getByText('Main Menu', { exact: true }).waitFor();
    await page.getByText('Account', { exact: true }).waitFor();
    expect(await page.getByTestId('sidebar-company-name').textContent()).toBe('Iron Spin');
    expect(await page.getByTestId('sidebar-plan').textContent()).toBe('Plan: Spin Starter');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const dashboardLink = nav.getByRole('link', { name: 'Dashboard', exact: true });
    expect(await dashboardLink.getAttribute('aria-current')).toBe('page');

    // Collapse with the trigger: 3rem of icons, the cookie says false for 7 days.
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-slot=sidebar-container]')!.getBoundingClientRect().width ===
        48,
    );
    const cookie = await sidebarCookie(page);
    expect(cookie?.value).toBe('false');
    const lifetime = cookie!.expires - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(604_800 - 120);
    expect(lifetime).toBeLessThanOrEqual(604_800 + 5);

    // Icons keep their names, and show a tooltip on hover.
    await nav.getByRole('link', { name: 'Video Library' }).hover();
    await page.getByRole('tooltip', { name: 'Video Library' }).waitFor();

    // The state survives a reload.
    await page.reload();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await sidebarWidth(page)).toBe(48);
    expect(await page.locator('[data-slot=sidebar]').getAttribute('data-state')).toBe('collapsed');

    // Ctrl+B expands it again, and Ctrl+B collapses it.
    await page.keyboard.press('Control+b');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-slot=sidebar-container]')!.getBoundingClientRect().width ===
        256,
    );
    expect((await sidebarCookie(page))?.value).toBe('true');
    await page.keyboard.press('Control+b');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-slot=sidebar]')!.getAttribute('data-state') === 'collapsed',
    );
    expect((await sidebarCookie(page))?.value).toBe('false');
    await page.keyboard.press('Meta+b');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-slot=sidebar]')!.getAttribute('data-state') === 'expanded',
    );

    // Navigating moves the highlight.
    await nav.getByRole('link', { name: 'Video Library' }).click();
    await page.waitForURL('**/videos');
    expect(
      await nav.getByRole('link', { name: 'Video Library' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(await dashboardLink.getAttribute('aria-current')).toBeNull();
    await page.context().close();
  });

  it('is a slide-in sheet 18rem wide at 390 px, opened and closed separately', async () => {
    const page = await ownerPage(maya, { width: 390, height: 844 });
    // A collapsed desktop state does not affect the phone layout.
    await page.context().addCookies([{ name: 'sidebar_state', value: 'false', url: e2e.baseUrl }]);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Maya!$/ }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const sheet = page.getByRole('dialog', { name: 'Navigation' });
    await sheet.waitFor();
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-mobile=true]');
      const box = el?.getBoundingClientRect();
      return box !== undefined && box.x === 0 && box.width === 288;
    });
    // Full labels in the sheet, even though the desktop state is collapsed.
    await sheet.getByText('Main Menu', { exact: true }).waitFor();

    // Escape closes it; a menu item navigates and closes it.
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await sheet.getByRole('link', { name: 'Video Library' }).click();
    await page.waitForURL('**/videos');
    await sheet.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Video Library', level: 1 }).waitFor();
    // The sheet did not touch the desktop cookie.
    expect((await sidebarCookie(page))?.value).toBe('false');
    await page.context().close();
  });

  it('redirects / to /dashboard, shows the 404 inside the shell, and logs out to /', async () => {
    // Its own owner: logging out ends the session the other tests share.
    const leaver = await onboardOwner(e2e.app, {
      email: 'leaver@example.com',
      companyName: 'Leaver Gym',
      slug: 'leaver-gym',
    });
    const page = await ownerPage(leaver);
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();

    // Every shell route renders inside the shell.
    for (const path of [
      '/customize',
      '/analytics',
      '/subscription',
      '/settings',
      '/student',
      '/upload',
    ]) {
      await page.goto(path);
      await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
      expect(await page.getByText('404 Page Not Found').count()).toBe(0);
    }

    // /student previews the owner's own public page as riders see it.
    await page.goto('/student');
    const preview = page.frameLocator('iframe[title="Your public gym page"]');
    await preview.getByRole('heading', { name: 'Leaver Gym' }).first().waitFor();
    await preview.getByText('Choose your spin class and get ready to sweat').waitFor();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu').getByText('leaver@example.com').waitFor();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Get Started Free' }).first().waitFor();
    const me = await page.request.get('/api/auth/user');
    expect(me.status()).toBe(401);
    await page.context().close();
  });
});

describe('the dashboard', () => {
  it('counts the seeded videos, lists the recent ones with Watch and Download only when ready', async () => {
    const page = await ownerPage(maya);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Maya!$/ }).waitFor();
    const stat = (key: string) => page.getByTestId(`stat-${key}-value`).textContent();
    await page.getByTestId('stat-total-value').waitFor();
    expect(await stat('total')).toBe('7');
    expect(await stat('enhanced')).toBe('2');
    expect(await stat('processing')).toBe('1');
    expect(await stat('pending')).toBe('3');

    const cards = page.getByTestId('recent-video');
    expect(await cards.count()).toBe(6);
    // Newest first: the seeds were uploaded a minute apart, in list order.
    expect(await cards.first().getByRole('heading').textContent()).toBe('Morning Climb');
    const ready = cards.filter({ hasText: 'Morning Climb' });
    expect(await ready.getByText('Ready', { exact: true }).filter({ visible: true }).count()).toBe(
      1,
    );
    const pending = cards.filter({ hasText: 'Tempo Tuesday' });
    expect(
      await pending.getByText('Processing', { exact: true }).filter({ visible: true }).count(),
    ).toBe(1);
    expect(await pending.getByRole('button', { name: /Watch/ }).isDisabled()).toBe(true);
    expect(await pending.getByRole('button', { name: /Download/ }).isDisabled()).toBe(true);

    const href = await ready.getByRole('link', { name: /Download/ }).getAttribute('href');
    expect(href).toMatch(/^\/objects\/enhanced\/.+\.mp4$/);
    await ready.getByRole('button', { name: /Watch/ }).click();
    const player = page.getByRole('dialog', { name: 'Morning Climb' });
    await player.waitFor();
    expect(await player.getByTestId('video-player').getAttribute('src')).toBe(href);
    await page.keyboard.press('Escape');
    await player.waitFor({ state: 'hidden' });

    // Getting Started: a video exists; branding is still the default; the link not yet shared.
    expect(await page.getByTestId('getting-started-1').getAttribute('data-done')).toBe('true');
    expect(await page.getByTestId('getting-started-2').getAttribute('data-done')).toBe('false');
    expect(await page.getByRole('link', { name: 'Choose Your Plan' }).getAttribute('href')).toBe(
      '/subscription',
    );
    await page.context().close();
  });

  it('shows the empty state for an owner with no videos', async () => {
    const page = await ownerPage(fresh);
    await page.goto('/dashboard');
    await page.getByText('No videos yet').waitFor();
    expect(await page.getByTestId('stat-total-value').textContent()).toBe('0');
    expect(await page.getByTestId('getting-started-1').getAttribute('data-done')).toBe('false');
    await page.context().close();
  });

  it('copies the public link, ticks the share step and remembers it', async () => {
    const page = await ownerPage(maya);
    await page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseUrl });
    await page.goto('/dashboard');
    const link = `${e2e.baseUrl}/gym/iron-spin`;
    expect(await page.getByTestId('public-link').textContent()).toBe(link);
    expect(await page.getByTestId('getting-started-3').getAttribute('data-done')).toBe('false');

    await page.getByRole('button', { name: 'Copy link' }).first().click();
    await waitForToast(page, 'Link copied!');
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(await page.getByTestId('getting-started-3').getAttribute('data-done')).toBe('true');
    // The check icon goes back to the copy icon after 2 s.
    await page.getByRole('button', { name: 'Copy link' }).first().waitFor({ timeout: 5_000 });

    await page.reload();
    await page.getByTestId('getting-started-3').waitFor();
    expect(await page.getByTestId('getting-started-3').getAttribute('data-done')).toBe('true');
    await page.context().close();
  });

  it('says so when the clipboard refuses', async () => {
    const page = await e2e.newPage();
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      });
      // Copying a selection, the way tried next, refused too.
      document.execCommand = () => false;
    });
    await page.goto('/');
    await signIn(page, fresh, e2e.baseUrl);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Copy link' }).first().click();
    await waitForToast(page, 'Copy failed');
    await page.getByText('Failed to copy link to clipboard', { exact: true }).waitFor();
    expect(await page.getByTestId('getting-started-3').getAttribute('data-done')).toBe('false');
    await page.context().close();
  });

  it('edits the slug: typing is cleaned, bad and taken slugs are refused, a good one is saved', async () => {
    const owner = await onboardOwner(e2e.app, {
      email: 'slugger@example.com',
      companyName: 'Slug Gym',
      slug: 'slug-gym',
    });
    const page = await ownerPage(owner);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Edit public URL' }).click();
    const input = page.getByLabel('Public URL');
    expect(await input.inputValue()).toBe('slug-gym');
    await page.getByRole('button', { name: 'Cancel' }).waitFor();

    // Typing lowercases, turns spaces into a hyphen and strips anything but a-z, 0-9 and hyphen.
    await input.fill('');
    await input.pressSequentially('My Gym_2!');
    expect(await input.inputValue()).toBe('my-gym2');

    // The dashboard rule: single hyphens between groups, said under the field.
    await input.fill('-my-gym');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText('URL must contain only lowercase letters, numbers, and hyphens')
      .first()
      .waitFor();

    // The onboarding rules too.
    await input.fill('ab');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Slug must be at least 3 characters').first().waitFor();

    // Taken by another gym: said as it is typed, with free ones to pick, and again on Save.
    await input.fill('rival-gym');
    await page.getByText('This URL slug is already taken. Please try another.').first().waitFor();
    await page.getByRole('button', { name: 'rival-gym-studio' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This URL slug is already taken. Please try another.').first().waitFor();

    // Reserved.
    await input.fill('admin');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This URL is reserved. Please choose another.').first().waitFor();

    // Cancel leaves the link as it was.
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('public-link').textContent()).toBe(`${e2e.baseUrl}/gym/slug-gym`);

    // A valid one is saved on the server.
    await page.getByRole('button', { name: 'Edit public URL' }).click();
    await input.fill('slug-gym-studio');
    await input.press('Enter');
    await waitForToast(page, 'Public URL updated');
    await page.getByTestId('public-link').waitFor();
    expect(await page.getByTestId('public-link').textContent()).toBe(
      `${e2e.baseUrl}/gym/slug-gym-studio`,
    );
    const me = await page.request.get('/api/auth/user');
    expect((await me.json()).companySlug).toBe('slug-gym-studio');

    // The old slug stays this gym's: another owner cannot take it.
    const check = await e2e.app.inject({
      method: 'GET',
      url: '/api/auth/check-slug?slug=slug-gym',
      headers: { cookie: rival.cookie },
    });
    expect(check.json().available).toBe(false);
    await page.context().close();
  });

  it('opens the file picker from the upload button, goes to /upload and hands over the file', async () => {
    const page = await ownerPage(fresh);
    await page.goto('/dashboard');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload Video' }).first().click();
    const picker = await chooser;
    expect(picker.isMultiple()).toBe(false);
    await page.waitForURL('**/upload');
    // The choice made in the picker (which stays open past the navigation) reaches the upload form.
    await picker.setFiles({
      name: 'Saturday Climb.mp4',
      mimeType: 'video/mp4',
      // An MP4's first bytes: the upload screen checks them when the file is chosen.
      buffer: Buffer.concat([
        Buffer.from([0, 0, 0, 24]),
        Buffer.from('ftypisom'),
        Buffer.alloc(2036),
      ]),
    });
    await page.waitForFunction(
      () =>
        (document.querySelector('input[id$=title]') as HTMLInputElement | null)?.value ===
        'Saturday Climb',
    );
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Saturday Climb');
    await page.context().close();
  });
});

describe('the video library', () => {
  it('searches, filters with counts, and shows both empty states', async () => {
    const page = await ownerPage(maya);
    await page.goto('/videos');
    await page.getByTestId('video-grid').waitFor();
    expect(await page.getByTestId('video-card').count()).toBe(7);
    expect(await page.getByTestId('badge-total').textContent()).toBe('7 total');
    expect(await page.getByTestId('badge-ready').textContent()).toBe('2 ready');
    expect(await page.getByTestId('badge-processing').textContent()).toBe('4 processing');
    expect(await page.getByTestId('badge-error').textContent()).toBe('1 error');
    expect(await page.getByTestId('filter-all').textContent()).toBe('All7');

    // Duration and size formats (product.md §9).
    const sunrise = page.getByTestId('video-card').filter({ hasText: 'Sunrise Sprints' });
    await sunrise.getByText('1 h 5 min').first().waitFor();
    await sunrise.getByText('1.50 GB').waitFor();
    const morning = page.getByTestId('video-card').filter({ hasText: 'Morning Climb' });
    await morning.getByText('45 min').first().waitFor();
    await morning.getByText('700.00 MB').waitFor();
    // A running enhancement shows its progress.
    const tempo = page.getByTestId('video-card').filter({ hasText: 'Tempo Tuesday' });
    expect(await tempo.getByTestId('job-progress').textContent()).toBe('Enhancing 42%');
    expect(await morning.getByTestId('job-progress').count()).toBe(0);

    const search = page.getByPlaceholder('Search videos...');
    await search.fill('climb');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=video-card]').length === 2,
    );
    const titles = await page.getByTestId('video-title').allTextContents();
    expect(titles.sort()).toEqual(['Hill Repeats', 'Morning Climb']); // title or description

    await page.getByTestId('filter-ready').click();
    expect(await page.getByTestId('filter-ready').getAttribute('aria-pressed')).toBe('true');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=video-card]').length === 1,
    );
    expect(await page.getByTestId('video-title').textContent()).toBe('Morning Climb');

    await search.fill('');
    await page.getByTestId('filter-error').click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=video-card]').length === 1,
    );
    expect(await page.getByTestId('video-title').textContent()).toBe('Broken Upload');

    await search.fill('zumba');
    await page.getByRole('heading', { name: 'No videos found' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=video-card]').length === 7,
    );
    expect(await search.inputValue()).toBe('');

    // Analytics links to that video's figures.
    await morning.getByRole('button', { name: 'Actions for Morning Climb' }).click();
    const analytics = page.getByRole('menuitem', { name: 'View analytics' });
    expect(await analytics.getAttribute('href')).toMatch(/^\/analytics\?video=[0-9a-f-]{36}$/);
    await page.keyboard.press('Escape');
    await page.context().close();

    const empty = await ownerPage(fresh);
    await empty.goto('/videos');
    await empty.getByRole('heading', { name: 'Welcome to your Video Library!' }).waitFor();
    await empty.context().close();
  });

  it('pages through 1,000 videos 24 at a time', async () => {
    const owner = await onboardOwner(e2e.app, {
      email: 'big@example.com',
      companyName: 'Big Library',
      slug: 'big-library',
    });
    await seedVideos(
      e2e.database,
      owner.id,
      Array.from({ length: 1000 }, (_, i) => ({
        title: `Class ${String(i + 1).padStart(4, '0')}`,
        status: (['enhanced', 'processing', 'uploaded', 'failed'] as const)[i % 4]!,
        minutesAgo: i,
        thumbnail: false,
      })),
    );
    const page = await ownerPage(owner);
    await page.goto('/videos');
    await page.getByTestId('video-grid').waitFor();
    expect(await page.getByTestId('video-card').count()).toBe(24);
    expect(await page.getByTestId('library-showing').textContent()).toBe('Showing 24 of 1000');
    expect(await page.getByTestId('badge-ready').textContent()).toBe('250 ready');
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=video-card]').length === 48,
    );
    await page.getByPlaceholder('Search videos...').fill('Class 0999');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=video-card]').length === 1,
    );
    await page.context().close();
  });

  it('edits a title and description, then deletes a video after confirming', async () => {
    const owner = await onboardOwner(e2e.app, {
      email: 'editor@example.com',
      companyName: 'Edit Gym',
      slug: 'edit-gym',
    });
    await seedVideos(e2e.database, owner.id, [
      { title: 'Old Title', status: 'enhanced', description: 'Old description' },
      { title: 'Keep Me', status: 'uploaded' },
    ]);
    const page = await ownerPage(owner);
    await page.goto('/videos');
    const card = page.getByTestId('video-card').filter({ hasText: 'Old Title' });
    await card.getByRole('button', { name: 'Edit Old Title' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit video' });
    await dialog.waitFor();
    const title = dialog.getByLabel('Title');
    expect(await title.inputValue()).toBe('Old Title');
    await title.fill('   ');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByLabel('Description (optional)').fill('x'.repeat(1001));
    await dialog.getByText('1001/1000').waitFor();
    await title.fill('Fresh Title');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Description must be under 1000 characters').waitFor();
    await dialog.getByLabel('Description (optional)').fill('New description');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await waitForToast(page, 'Video updated');
    await dialog.waitFor({ state: 'hidden' });
    const edited = page.getByTestId('video-card').filter({ hasText: 'Fresh Title' });
    await edited.getByText('New description').waitFor();
    const list = await (await page.request.get('/api/auth/user/videos')).json();
    expect(list.find((v: { title: string }) => v.title === 'Fresh Title')?.description).toBe(
      'New description',
    );

    // Delete: cancel first, then confirm.
    await edited.getByRole('button', { name: 'Actions for Fresh Title' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this video?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('video-card').count()).toBe(2);

    await edited.getByRole('button', { name: 'Actions for Fresh Title' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete video' }).click();
    await waitForToast(page, 'Video deleted');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=video-card]').length === 1,
    );
    expect(await page.getByTestId('video-title').textContent()).toBe('Keep Me');
    const after = await (await page.request.get('/api/auth/user/videos')).json();
    expect(after.map((v: { title: string }) => v.title)).toEqual(['Keep Me']);
    await page.context().close();
  });
});

/** Lazy thumbnails below the fold load before a full-page picture. */
async function loadImages(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      Array.from(document.images, (img) => {
        img.loading = 'eager';
        return img.decode().catch(() => undefined);
      }),
    ),
  );
}

describe('the workspace screens look finished and pass axe', () => {
  it('dashboard and library at phone, tablet and desktop, light and dark', async () => {
    const problems: string[] = [];
    for (const dark of [false, true]) {
      for (const vp of VIEWPORTS) {
        const theme = dark ? 'dark' : 'light';
        const page = await ownerPage(maya, { width: vp.width, height: vp.height, dark });
        await page.goto('/dashboard');
        await page.getByTestId('recent-video').first().waitFor();
        await loadImages(page);
        await screenshot(page, `workspace-dashboard-${vp.name}-${theme}`);
        problems.push(
          ...(await seriousA11yViolations(page)).map((v) => `dashboard ${vp.name} ${theme}: ${v}`),
        );

        await page.goto('/videos');
        await page.getByTestId('video-card').first().waitFor();
        await loadImages(page);
        await screenshot(page, `workspace-library-${vp.name}-${theme}`);
        problems.push(
          ...(await seriousA11yViolations(page)).map((v) => `library ${vp.name} ${theme}: ${v}`),
        );

        if (vp.name === 'desktop') {
          await page.keyboard.press('Control+b');
          await page.waitForFunction(
            () =>
              document.querySelector('[data-slot=sidebar]')?.getAttribute('data-state') ===
              'collapsed',
          );
          await screenshot(page, `workspace-library-collapsed-${theme}`);
          problems.push(
            ...(await seriousA11yViolations(page)).map((v) => `collapsed ${theme}: ${v}`),
          );
        }
        if (vp.name === 'phone') {
          await page.getByRole('button', { name: 'Toggle sidebar' }).click();
          await page.getByRole('dialog', { name: 'Navigation' }).waitFor();
          await page.waitForTimeout(400); // let the slide-in finish for the picture
          // The viewport only: a full-page picture would stretch the page under the fixed overlay.
          await page.screenshot({ path: path.join(SHOTS_DIR, `workspace-sheet-${theme}.png`) });
          problems.push(...(await seriousA11yViolations(page)).map((v) => `sheet ${theme}: ${v}`));
        }

        await page.goto('/nowhere');
        await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
        await screenshot(page, `workspace-404-${vp.name}-${theme}`);
        problems.push(
          ...(await seriousA11yViolations(page)).map((v) => `404 ${vp.name} ${theme}: ${v}`),
        );
        await page.context().close();
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
