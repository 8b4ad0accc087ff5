import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '@server/db/schema/uploads';
import { users } from '@server/db/schema/users';
import { NOTES } from '@server/jobs/job-notes';
import { mediaFixtures, type MediaFixtures } from '@server/test/media-fixtures';
import { explainFailure } from '@shared/video-failure';
import type { PlanId } from '@shared/plans';
import {
  ENHANCEMENT_LOCKS,
  quotaMessage,
  VIDEO_MESSAGES,
  type VideoDto,
} from '@shared/videos.contract';
import {
  screenshot,
  seriousA11yViolations,
  startE2E,
  VIEWPORTS,
  type E2E,
} from './support/harness';
import { onboardOwner, seedVideos, signIn, type SeededOwner } from './support/seed';

let e2e: E2E;
let media: MediaFixtures;
let textFile: string;
let counter = 0;

beforeAll(async () => {
  e2e = await startE2E();
  media = await mediaFixtures();
  textFile = path.join(media.dir, 'notes.txt');
  await writeFile(textFile, 'These are class notes, not a video.\n');
});
afterAll(() => e2e.close());

async function newOwner(plan: PlanId = 'spin-starter'): Promise<SeededOwner> {
  counter += 1;
  const owner = await onboardOwner(e2e.app, {
    email: `uploader-${counter}-${Date.now()}@example.com`,
    companyName: 'Pedal Power',
    slug: `pedal-power-${counter}-${Date.now().toString(36)}`,
  });
  await e2e.database.db.update(users).set({ plan }).where(eq(users.id, owner.id));
  return owner;
}

async function uploadPage(
  owner: SeededOwner,
  options: { width?: number; height?: number; dark?: boolean } = {},
) {
  const page = await e2e.newPage(options);
  await signIn(page, owner);
  await page.goto('/upload');
  await page.getByRole('heading', { name: 'Upload Video', level: 1 }).waitFor();
  return page;
}

/** Slows the browser's uploads (Chromium network emulation), so progress can be watched. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
}

async function ownerVideos(owner: SeededOwner): Promise<VideoDto[]> {
  const res = await e2e.app.inject({
    method: 'GET',
    url: '/api/auth/user/videos',
    headers: { cookie: owner.cookie },
  });
  return res.json() as VideoDto[];
}

const videoInput = (page: Page) => page.getByLabel('Video file', { exact: true });

/** The upload bar's value (the screen's panel, or the tray elsewhere). */
const uploadPercent = (page: Page) =>
  page.evaluate(() =>
    Number(
      document
        .querySelector('[aria-label="Video upload progress"]')
        ?.getAttribute('aria-valuenow') ?? -1,
    ),
  );

/** In-app navigation through the sidebar (a sheet on a phone): the page is not reloaded. */
async function goThroughSidebar(page: Page, name: string) {
  if ((page.viewportSize()?.width ?? 1280) < 768)
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await page.getByRole('link', { name, exact: true }).click();
}

/** The part of the page in view is where the owner is: the element's box overlaps the viewport. */
const inViewport = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight;
  });

describe('upload screen', () => {
  it('refuses a file that is not a video and keeps nothing selected', async () => {
    const page = await uploadPage(await newOwner());
    await videoInput(page).setInputFiles({
      name: 'notes.mp4.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('notes'),
    });
    await page.getByText('Invalid file type').first().waitFor();
    await page.getByText('Please select a video file.').first().waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Please select a valid video file (MP4, MOV, AVI, WebM)' })
      .waitFor();
    expect(await page.getByLabel('Title').count()).toBe(0);
  });

  it('uploads a real clip with a logo, shows real progress, then lists it and moves to the library', async () => {
    const owner = await newOwner('spin-master');
    const page = await uploadPage(owner);
    await throttleUploads(page, Math.ceil(media.clip.length / 6));
    // The transfer starts as soon as the file is chosen: real progress while the details are typed.
    await videoInput(page).setInputFiles(media.clipPath);
    await page.waitForFunction(() => {
      const bar = document.querySelector('[aria-label="Video upload progress"]');
      const value = Number(bar?.getAttribute('aria-valuenow'));
      return value > 0 && value < 100;
    });
    await page
      .getByText(/ of .*MB/)
      .first()
      .waitFor();
    await page.getByText('Uploading. Fill in the details meanwhile.').waitFor();
    await screenshot(page, 'upload-uploading-desktop');
    const title = page.getByLabel('Title');
    expect(await title.inputValue()).toBe('class');
    await title.fill('Hill Climb Intervals');
    await page.getByLabel(/Description/).fill('Thirty minutes of climbs');

    const submit = page.getByRole('button', { name: 'Upload Video' });
    await page.getByRole('switch', { name: 'Add Logo' }).click();
    await page.getByText('Please select a logo file to continue').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('switch', { name: 'Add Logo' }).click();
    expect(await submit.isEnabled()).toBe(true);
    await page.getByRole('switch', { name: 'Add Logo' }).click();
    await page.getByLabel('Logo file').setInputFiles(media.logoPath);
    await page.getByText('logo.png').waitFor();
    expect(await submit.isEnabled()).toBe(true);

    await page.getByRole('switch', { name: 'Replace Background' }).click();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Background description').fill('A sunrise over the mountains');
    await page.getByLabel(/Enhancement notes/).fill('The left side is dark');
    await submit.click();
    await page.getByText('Upload successful!').first().waitFor({ timeout: 60_000 });
    await page
      .getByText('"Hill Climb Intervals" has been uploaded and is being processed.')
      .first()
      .waitFor();
    await page.waitForURL('**/videos', { timeout: 10_000 });
    // The library (another screen) lists it from GET /api/auth/user/videos.
    await page.getByText('Hill Climb Intervals').first().waitFor();

    const [video] = await ownerVideos(owner);
    expect(video).toMatchObject({
      title: 'Hill Climb Intervals',
      description: 'Thirty minutes of climbs',
      originalFileName: 'class.mp4',
      fileSize: String(media.clip.length),
      processingStatus: 'uploaded',
      replaceBackground: true,
      backgroundDescription: 'A sunrise over the mountains',
      addLogo: true,
      enhancementNotes: 'The left side is dark',
    });
    expect(video!.logoFileUrl).toMatch(/^\/api\/objects\/uploads\//);

    // Back on the idle upload screen: the latest uploads with their status, refetched every 30 s.
    await page.clock.install();
    let listed = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/auth/user/videos') listed += 1;
    });
    await page.goto('/upload');
    const recent = page.getByTestId('recent-upload').filter({ hasText: 'Hill Climb Intervals' });
    await recent.getByText('Pending Processing').waitFor();
    const before = listed;
    await page.clock.fastForward(31_000);
    await expect.poll(() => listed).toBeGreaterThan(before);
    await screenshot(page, 'upload-idle-recent-desktop');
  });

  it('refuses a fake .mp4 once, when it is chosen, and offers to choose another file', async () => {
    for (const viewport of [VIEWPORTS[0], VIEWPORTS[1]]) {
      const page = await uploadPage(await newOwner(), viewport);
      await videoInput(page).setInputFiles({
        name: 'class.mp4',
        mimeType: 'video/mp4',
        buffer: Buffer.from('These are class notes, not a video.\n'),
      });
      const alert = page.getByRole('alert').filter({ hasText: VIDEO_MESSAGES.invalidTypeAlert });
      await alert.waitFor();
      // Said once: no toast repeating it, no 'Check your connection', no Try Again.
      expect(await page.getByText(VIDEO_MESSAGES.invalidTypeAlert).count()).toBe(1);
      expect(await page.getByText(/Check your connection/).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
      expect(await page.getByLabel('Title').count()).toBe(0);
      await page.getByRole('button', { name: 'Choose Video File' }).waitFor();
      await screenshot(page, `upload-fake-mp4-${viewport.name}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      // Another file is welcome at once.
      await videoInput(page).setInputFiles(media.clipPath);
      await page.getByLabel('Title').waitFor();
      expect(await alert.count()).toBe(0);
      await page.close();
    }
  });

  it('keeps uploading across the app with a tray, and saves the class when the file is in', async () => {
    for (const viewport of [VIEWPORTS[1], VIEWPORTS[0]]) {
      const owner = await newOwner();
      const page = await uploadPage(owner, viewport);
      await throttleUploads(page, Math.ceil(media.clip.length / 10));
      await videoInput(page).setInputFiles(media.clipPath);
      await page.getByLabel('Title').fill(`Across the app ${viewport.name}`);
      await page.getByRole('button', { name: 'Upload Video' }).click();
      // Submitted early: the class is saved when the file is in; the progress is where the owner is.
      await page
        .getByTestId('submit-status')
        .getByText('Your class is saved as soon as the upload finishes. You can leave this page.')
        .waitFor();
      expect(await inViewport(page, 'upload-progress')).toBe(true);
      await screenshot(page, `upload-waiting-${viewport.name}`);

      await goThroughSidebar(page, 'Video Library');
      await page.waitForURL('**/videos');
      const tray = page.getByTestId('upload-tray');
      await tray.getByText('class.mp4').waitFor();
      await tray.getByText(/Uploading, then saving your class/).waitFor();
      const before = await uploadPercent(page);
      await expect.poll(() => uploadPercent(page), { timeout: 20_000 }).toBeGreaterThan(before);
      expect(await inViewport(page, 'upload-tray')).toBe(true);
      await screenshot(page, `upload-tray-${viewport.name}`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await goThroughSidebar(page, 'Analytics');
      await page.waitForURL('**/analytics');
      await tray.waitFor();
      await tray
        .getByText(`"Across the app ${viewport.name}" is uploaded and being processed.`)
        .waitFor({ timeout: 60_000 });
      await screenshot(page, `upload-tray-done-${viewport.name}`);
      expect((await ownerVideos(owner)).map((v) => v.title)).toEqual([
        `Across the app ${viewport.name}`,
      ]);
      await tray.getByRole('button', { name: 'Dismiss' }).click();
      await tray.waitFor({ state: 'detached' });
      await page.close();
    }
  }, 180_000);

  it('asks before leaving mid-upload, and offers the interrupted upload again after a reload', async () => {
    const owner = await newOwner();
    const page = await uploadPage(owner, VIEWPORTS[1]);
    await throttleUploads(page, Math.ceil(media.clip.length / 20));
    await videoInput(page).setInputFiles(media.clipPath);
    await page.waitForFunction(() => {
      const value = Number(
        document
          .querySelector('[aria-label="Video upload progress"]')
          ?.getAttribute('aria-valuenow'),
      );
      return value >= 25 && value < 100;
    });

    // Leaving asks first (the browser's own dialog, answered 'stay', then 'leave' if asked again).
    let asked = 0;
    page.on('dialog', (dialog) => {
      asked += 1;
      void (asked === 1 ? dialog.dismiss() : dialog.accept());
    });
    // A reload the owner refused never completes: Playwright gives up waiting for it.
    await page.reload({ timeout: 2000 }).catch(() => undefined);
    expect(asked).toBe(1);
    expect(await page.getByTestId('upload-progress').count()).toBe(1);
    // (Chromium may not ask twice without a new gesture: then the reload just goes.)
    await page.reload();

    await page.getByRole('heading', { name: 'Upload Video', level: 1 }).waitFor();
    const offer = page.getByTestId('interrupted-upload');
    await offer.getByText('Resume upload of class.mp4').waitFor();
    await offer.getByText(/\d+% of .* was sent before the page closed/).waitFor();
    await screenshot(page, 'upload-interrupted-tablet');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await videoInput(page).setInputFiles(media.clipPath);
    await page
      .getByText('An earlier upload of this file was interrupted. It continues where it stopped.')
      .waitFor();
    // It continues from what the server holds, not from zero.
    await expect.poll(() => uploadPercent(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(20);
    await page.getByRole('button', { name: 'Upload Video' }).click();
    await page.getByText('Upload successful!').first().waitFor({ timeout: 60_000 });

    // One resumable upload on the server, not two: the second attempt continued the first.
    const tusRows = await uploadRowsFor(owner, 'tus');
    expect(tusRows).toHaveLength(1);
    expect(tusRows[0]).toMatchObject({ status: 'attached', size: media.clip.length });
    expect((await ownerVideos(owner)).map((v) => v.title)).toEqual(['class']);
  });

  it('a file sent whose details were never saved is offered after a reload and not sent again', async () => {
    const owner = await newOwner();
    const page = await uploadPage(owner, VIEWPORTS[0]);
    await videoInput(page).setInputFiles(media.clipPath);
    await page.getByText('Video file uploaded. Add the details and press Upload Video.').waitFor();
    await page.reload();
    const offer = page.getByTestId('interrupted-upload');
    await offer
      .getByText(/The whole file \(.* MB\) was sent, but its details were never saved\./)
      .waitFor();
    await screenshot(page, 'upload-interrupted-sent-phone');
    await videoInput(page).setInputFiles(media.clipPath);
    await page.getByText('Video file uploaded. Add the details and press Upload Video.').waitFor();
    await page.getByRole('button', { name: 'Upload Video' }).click();
    await page.getByText('Upload successful!').first().waitFor({ timeout: 60_000 });
    expect(await uploadRowsFor(owner, 'tus')).toHaveLength(1);
    // Saved: this browser no longer offers it.
    await page.goto('/upload');
    await page.getByRole('button', { name: 'Choose Video File' }).waitFor();
    expect(await offer.count()).toBe(0);
  });

  it("shows the server's reason when the upload is refused, then Try Again and Choose Different File", async () => {
    const owner = await newOwner();
    // The free plan holds two videos: fill it, so the upload is refused.
    await seedVideos(e2e.database, owner.id, [
      { title: 'One', status: 'uploaded' },
      { title: 'Two', status: 'uploaded' },
    ]);
    const page = await uploadPage(owner);
    await videoInput(page).setInputFiles(media.clipPath);
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to get upload URL' });
    await alert.waitFor();
    await alert.getByText(quotaMessage('Spin Starter', 2)).waitFor();
    expect(await alert.getByText(/Check your connection/).count()).toBe(0);
    await page.getByText('Upload failed').first().waitFor();
    await screenshot(page, 'upload-error-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await alert.getByRole('button', { name: 'Try Again' }).click();
    await alert.waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe('class');
    await alert.getByRole('button', { name: 'Choose Different File' }).click();
    await page.getByRole('button', { name: 'Choose Video File' }).waitFor();
    expect(await page.getByLabel('Title').count()).toBe(0);
  });

  it('a video that failed says why, with Replace and Delete, and no endless Measuring', async () => {
    for (const viewport of [VIEWPORTS[1], VIEWPORTS[0]]) {
      const owner = await newOwner();
      const [broken] = await seedVideos(e2e.database, owner.id, [
        {
          title: 'Corrupt Climb',
          status: 'failed',
          description: 'Forty minutes of hills',
          duration: null,
          thumbnail: false,
          notes: NOTES.unreadable,
        },
        { title: 'Good Ride', status: 'enhanced', minutesAgo: 10 },
      ]);
      const page = await e2e.newPage(viewport);
      await signIn(page, owner);
      await page.goto('/videos');
      const card = page.getByTestId('video-card').filter({ hasText: 'Corrupt Climb' });
      await card
        .getByTestId('failure-reason')
        .getByText(explainFailure(NOTES.unreadable))
        .waitFor();
      expect(await card.getByText('Measuring...').count()).toBe(0);
      await card.getByRole('button', { name: 'Delete Corrupt Climb' }).waitFor();
      await screenshot(page, `library-failed-${viewport.name}`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await card.getByRole('link', { name: 'Replace Corrupt Climb' }).click();
      await page.waitForURL(/\/upload\?replace=/);
      await page.getByTestId('replacing').getByText('Corrupt Climb').waitFor();
      await screenshot(page, `upload-replacing-${viewport.name}`);
      await videoInput(page).setInputFiles(media.clipPath);
      expect(await page.getByLabel('Title').inputValue()).toBe('Corrupt Climb');
      expect(await page.getByLabel(/Description/).inputValue()).toBe('Forty minutes of hills');
      await page.getByRole('button', { name: 'Upload Video' }).click();
      await page.getByText('Upload successful!').first().waitFor({ timeout: 60_000 });
      const after = await ownerVideos(owner);
      expect(after.map((v) => v.title).sort()).toEqual(['Corrupt Climb', 'Good Ride']);
      expect(after.find((v) => v.id === broken!.id)).toBeUndefined();
      await page.close();
    }
  }, 120_000);

  it('shows what Spin Starter includes and the steps it lacks greyed, with the plan that unlocks each', async () => {
    for (const { name, width, height } of [VIEWPORTS[0]!, VIEWPORTS[2]!]) {
      const page = await uploadPage(await newOwner(), { width, height });
      await videoInput(page).setInputFiles(media.clipPath);
      const included = page.getByTestId('enhancement-included');
      await included
        .getByText('Every class gets lighting correction and levelled sound.')
        .waitFor();
      await included.getByText(ENHANCEMENT_LOCKS.colour).waitFor();
      await page.getByText(ENHANCEMENT_LOCKS.background).waitFor();
      await page.getByText(ENHANCEMENT_LOCKS.logo).waitFor();
      for (const name of ['Add Logo', 'Replace Background'])
        expect(await page.getByRole('switch', { name }).isDisabled()).toBe(true);
      expect(await page.getByRole('link', { name: 'Upgrade to Spin Master' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Upgrade to Power Cycle' }).count()).toBe(2);
      await page.getByTestId('enhancement-included').scrollIntoViewIfNeeded();
      await screenshot(page, `upload-locked-${name}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      // The locks lead to the plans.
      await page.getByRole('link', { name: 'Upgrade to Spin Master' }).click();
      await page.waitForURL('**/subscription');
      await page.close();
    }
  }, 120_000);

  it.each([false, true])(
    'looks right and passes axe at phone, tablet and desktop widths (dark: %s)',
    async (dark) => {
      const theme = dark ? 'dark' : 'light';
      for (const viewport of VIEWPORTS) {
        // One owner each: a file sent and not yet saved holds one of the plan's places.
        const owner = await newOwner('spin-master');
        await seedVideos(e2e.database, owner.id, [
          {
            title: 'Corrupt Climb',
            status: 'failed',
            duration: null,
            thumbnail: false,
            notes: NOTES.unreadable,
          },
        ]);
        const page = await uploadPage(owner, {
          width: viewport.width,
          height: viewport.height,
          dark,
        });
        await screenshot(page, `upload-idle-${viewport.name}-${theme}`);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await videoInput(page).setInputFiles(media.clipPath);
        await page.getByRole('switch', { name: 'Add Logo' }).click();
        await page.getByRole('switch', { name: 'Replace Background' }).click();
        await page.getByLabel('Background description').waitFor();
        await screenshot(page, `upload-selected-${viewport.name}-${theme}`);
        expect(await seriousA11yViolations(page)).toEqual([]);
        // The file is in, the details are not: the tray says so on every other screen.
        await goThroughSidebar(page, 'Video Library');
        await page
          .getByTestId('upload-tray')
          .getByText(/Uploaded: add the details to finish/)
          .waitFor();
        await page.getByTestId('failure-reason').waitFor();
        await screenshot(page, `upload-tray-sent-${viewport.name}-${theme}`);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await page.close();
      }
    },
    300_000,
  );
});

async function uploadRowsFor(owner: SeededOwner, via: 'tus' | 'put') {
  return e2e.database.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.userId, owner.id), eq(uploads.via, via)));
}
