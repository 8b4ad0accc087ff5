import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@server/db/schema/users';
import { mediaFixtures, type MediaFixtures } from '@server/test/media-fixtures';
import { uploadBytes } from '@server/test/upload-client';
import { ADMIN_DOMAIN_MESSAGES, ADMIN_MESSAGES } from '@shared/admin.contract';
import type { VideoDto } from '@shared/videos.contract';
import {
  screenshot,
  seriousA11yViolations,
  startE2E,
  VIEWPORTS,
  type E2E,
} from './support/harness';
import { onboardOwner, seedVideos, signIn, type SeededOwner } from './support/seed';

// The app runs without the media pipeline (startE2E passes no `media`): 'Start AI Enhancement'
// moves the status and nothing runs ffmpeg, so the admin finishes the work by uploading a file.
let e2e: E2E;
let media: MediaFixtures;
let owner: SeededOwner;
const admin = { email: 'desk@cadence.example', password: 'admin-pass-123', cookie: '' };

async function realVideo(title: string, withLogo: boolean): Promise<VideoDto> {
  const address = await uploadBytes(e2e.app, owner.cookie, media.clip, 'video/mp4');
  const logo = withLogo ? await uploadBytes(e2e.app, owner.cookie, media.logo, 'image/png') : null;
  const res = await e2e.app.inject({
    method: 'POST',
    url: '/api/auth/videos',
    headers: { cookie: owner.cookie },
    payload: {
      videoURL: address,
      title,
      originalFileName: `${title} – día 1.mp4`,
      fileSize: String(media.clip.length),
      replaceBackground: true,
      backgroundDescription: 'A sunset road',
      addLogo: withLogo,
      logoFileUrl: logo,
      enhancementNotes: 'The left side of the room is dark',
    },
  });
  if (res.statusCode !== 201) throw new Error(`create ${res.statusCode} ${res.body}`);
  return (res.json() as { video: VideoDto }).video;
}

beforeAll(async () => {
  e2e = await startE2E();
  media = await mediaFixtures();
  owner = await onboardOwner(e2e.app, {
    email: 'maya@ironspin.example',
    companyName: 'Iron Spin Studio',
    slug: 'iron-spin-admin',
  });
  await e2e.database.db.update(users).set({ plan: 'elite-studio' }).where(eq(users.id, owner.id));
  // The admin never went through onboarding: the admin area works all the same.
  const reg = await e2e.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: admin.email, password: admin.password, firstName: 'Desk', lastName: 'Admin' },
  });
  if (reg.statusCode !== 201) throw new Error(`admin register ${reg.statusCode}`);
  await e2e.database.db.update(users).set({ isAdmin: 'true' }).where(eq(users.email, admin.email));
  admin.cookie = `cadence.sid=${reg.cookies.find((c) => c.name === 'cadence.sid')!.value}`;

  await seedVideos(e2e.database, owner.id, [
    { title: 'Tempo Tuesday', status: 'enhanced', minutesAgo: 300 },
    { title: 'Recovery Spin', status: 'failed', minutesAgo: 400 },
  ]);
  await realVideo('Broken Ride', false);
  await realVideo('Hill Climb', true);
});
afterAll(() => e2e?.close());

async function adminPage(options: { width?: number; height?: number; dark?: boolean } = {}) {
  const page = await e2e.newPage(options);
  await signIn(page, admin, e2e.baseUrl);
  await page.goto('/admin/videos');
  await page.getByRole('heading', { name: ADMIN_MESSAGES.dashboardTitle }).waitFor();
  return page;
}

const card = (page: Page, title: string) =>
  page.getByTestId('admin-video-card').filter({ has: page.getByRole('heading', { name: title }) });

describe('admin area', () => {
  it('shows the admin login to a signed-out visitor at any /admin path, then signs in', async () => {
    const page = await e2e.newPage();
    await page.goto('/admin/anything');
    await page.getByRole('heading', { name: ADMIN_MESSAGES.loginTitle }).waitFor();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();

    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: ADMIN_MESSAGES.invalidCredentials }).waitFor();

    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin/videos');
    await page.getByRole('heading', { name: ADMIN_MESSAGES.dashboardTitle }).waitFor();
    await page.getByTestId('admin-email').filter({ hasText: admin.email }).waitFor();

    // Every other /admin path leads to the dashboard.
    await page.goto('/admin/settings/whatever');
    await page.waitForURL('**/admin/videos');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('tells a signed-in owner that admin access is required', async () => {
    const page = await e2e.newPage();
    await signIn(page, owner, e2e.baseUrl);
    await page.goto('/admin');
    await page.getByText(ADMIN_MESSAGES.adminRequired).waitFor();
    await page.getByRole('heading', { name: ADMIN_MESSAGES.loginTitle }).waitFor();
  });

  it('downloads, starts, fails and publishes videos; the owner then sees Ready', async () => {
    const page = await adminPage();
    const hill = card(page, 'Hill Climb');
    await hill.getByText('Iron Spin Studio').waitFor();
    await hill.getByText('Pending AI Enhancement').waitFor();
    await hill.getByText('A sunset road').waitFor();
    await hill.getByText('The left side of the room is dark').waitFor();
    await hill.getByRole('img', { name: 'Logo of Iron Spin Studio' }).waitFor();
    expect(await hill.getByRole('button', { name: 'Mark Failed' }).count()).toBe(0);
    expect(await hill.getByRole('button', { name: 'Upload Enhanced' }).count()).toBe(0);

    // Download original: saved under the original name.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      hill.getByRole('button', { name: 'Download Original' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Hill Climb – día 1.mp4');
    const saved = await download.path();
    expect((await readFile(saved)).equals(media.clip)).toBe(true);
    await page.getByText(ADMIN_MESSAGES.downloadStarted).first().waitFor();

    // Start AI Enhancement on both, with a note on one.
    await hill.getByLabel('Processing notes').fill('Fixing the lighting by hand');
    await hill.getByRole('button', { name: 'Start AI Enhancement' }).click();
    await page.getByText('Video status changed to processing').first().waitFor();
    await hill.getByText('AI Enhancement in Progress').waitFor();

    const broken = card(page, 'Broken Ride');
    await broken.getByRole('button', { name: 'Start AI Enhancement' }).click();
    await broken.getByText('AI Enhancement in Progress').waitFor();
    await broken.getByRole('button', { name: 'Mark Failed' }).click();
    await page.getByText('Video status changed to failed').first().waitFor();
    await broken.getByText('Enhancement Failed').waitFor();

    // Upload Enhanced: the finished file becomes the video's; both versions play side by side.
    await hill
      .getByLabel('Enhanced file for Hill Climb')
      .setInputFiles({ name: 'hill-enhanced.mp4', mimeType: 'video/mp4', buffer: media.clip });
    await page.getByText(ADMIN_MESSAGES.enhancedUploaded).first().waitFor({ timeout: 30_000 });
    await hill.getByText('AI Enhanced & Ready').waitFor();
    await hill.getByTestId('enhanced-player').waitFor();
    expect(await hill.getByRole('button', { name: 'Start AI Enhancement' }).count()).toBe(0);

    // The audit trail names the admin and the notes.
    await hill.getByText('History').click();
    const history = hill.getByTestId('video-history');
    await history.getByText('Enhanced file uploaded').waitFor();
    await history.getByText('Fixing the lighting by hand').waitFor();
    await history.getByText('Original downloaded').waitFor();
    expect(await history.getByText(admin.email).count()).toBeGreaterThanOrEqual(3);

    // Filters: status and search.
    await page.getByLabel('Search').fill('broken');
    await page.getByTestId('admin-video-card').first().waitFor();
    await expect
      .poll(() => page.getByTestId('admin-video-card').count(), { timeout: 5000 })
      .toBe(1);
    await page.getByLabel('Search').fill('');

    // The owner sees it Ready in the library.
    const ownerPage = await e2e.newPage();
    await signIn(ownerPage, owner, e2e.baseUrl);
    await ownerPage.goto('/videos');
    const ownerCard = ownerPage
      .getByTestId('video-card')
      .filter({ has: ownerPage.getByRole('heading', { name: 'Hill Climb' }) });
    await ownerCard.getByText('Ready', { exact: true }).waitFor();
  });

  it('lists the custom domains of every gym and revokes one', async () => {
    const others = await Promise.all(
      ['Pending Pedals', 'Verified Wheels'].map((companyName, i) =>
        onboardOwner(e2e.app, {
          email: `domain-${i}@gyms.example`,
          companyName,
          slug: `domain-gym-${i}`,
        }),
      ),
    );
    await e2e.database.db
      .update(users)
      .set({
        customDomain: 'classes.ironspin.example',
        customDomainToken: 'a'.repeat(32),
        customDomainAddedAt: new Date(),
        customDomainVerifiedAt: new Date(),
      })
      .where(eq(users.id, owner.id));
    await e2e.database.db
      .update(users)
      .set({
        plan: 'spin-master',
        customDomain: 'ride.pending-pedals.example',
        customDomainToken: 'b'.repeat(32),
        customDomainAddedAt: new Date(),
      })
      .where(eq(users.id, others[0]!.id));
    await e2e.database.db
      .update(users)
      .set({
        plan: 'spin-master',
        customDomain: 'ride.verified-wheels.example',
        customDomainToken: 'c'.repeat(32),
        customDomainAddedAt: new Date(),
        customDomainVerifiedAt: new Date(),
      })
      .where(eq(users.id, others[1]!.id));

    const page = await adminPage();
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Domains' })
      .click();
    await page.getByRole('heading', { name: ADMIN_DOMAIN_MESSAGES.title }).waitFor();
    const rows = page.getByTestId('admin-domain');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(3);
    const pending = rows.filter({ hasText: 'ride.pending-pedals.example' });
    await pending.getByText(ADMIN_DOMAIN_MESSAGES.pending).waitFor();
    await pending.getByText('Pending Pedals').waitFor();
    const target = rows.filter({ hasText: 'ride.verified-wheels.example' });
    await target.getByText(ADMIN_DOMAIN_MESSAGES.verified, { exact: true }).waitFor();

    const check = () =>
      e2e.app.inject({
        method: 'GET',
        url: '/api/custom-domains/check?domain=ride.verified-wheels.example',
      });
    expect((await check()).statusCode).toBe(200);
    await target.getByRole('button', { name: /Revoke/ }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(/The gym page at ride\.verified-wheels\.example stops/).waitFor();
    await screenshot(page, 'admin-domains-revoke-dialog');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText(ADMIN_DOMAIN_MESSAGES.revoked).first().waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="admin-domain"]').length === 2,
    );
    expect((await check()).statusCode).toBe(404);
    await page.context().close();
  });

  it('looks right and passes axe at 390, 1024 and 1440 px, light and dark', async () => {
    for (const dark of [false, true]) {
      for (const viewport of VIEWPORTS) {
        const page = await adminPage({ width: viewport.width, height: viewport.height, dark });
        await page.getByTestId('admin-video-card').first().waitFor();
        const name = `admin-videos-${viewport.name}-${dark ? 'dark' : 'light'}`;
        await screenshot(page, name);
        expect(await seriousA11yViolations(page), name).toEqual([]);

        await page
          .getByRole('navigation', { name: 'Admin' })
          .getByRole('link', { name: 'Domains' })
          .click();
        await page.getByTestId('admin-domain').first().waitFor();
        const domainsName = `admin-domains-${viewport.name}-${dark ? 'dark' : 'light'}`;
        await screenshot(page, domainsName);
        expect(await seriousA11yViolations(page), domainsName).toEqual([]);

        const login = await e2e.newPage({ width: viewport.width, height: viewport.height, dark });
        await login.goto('/admin/videos');
        await login.getByRole('heading', { name: ADMIN_MESSAGES.loginTitle }).waitFor();
        const loginName = `admin-login-${viewport.name}-${dark ? 'dark' : 'light'}`;
        await screenshot(login, loginName);
        expect(await seriousA11yViolations(login), loginName).toEqual([]);
        await page.context().close();
        await login.context().close();
      }
    }
  }, 400_000);
});
