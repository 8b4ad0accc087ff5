import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '@server/db/schema/uploads';
import { mediaFixtures, type MediaFixtures } from '@server/test/media-fixtures';
import { quotaMessage, type VideoDto } from '@shared/videos.contract';
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

async function newOwner(): Promise<SeededOwner> {
  counter += 1;
  return onboardOwner(e2e.app, {
    email: `uploader-${counter}-${Date.now()}@example.com`,
    companyName: 'Pedal Power',
    slug: `pedal-power-${counter}-${Date.now().toString(36)}`,
  });
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
    const owner = await newOwner();
    const page = await uploadPage(owner);
    await videoInput(page).setInputFiles(media.clipPath);
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

    await throttleUploads(page, Math.ceil(media.clip.length / 3));
    await submit.click();
    // Real progress: the bar stops somewhere between the ends while bytes are on their way.
    await page.waitForFunction(() => {
      const bar = document.querySelector('[aria-label="Video upload progress"]');
      const value = Number(bar?.getAttribute('aria-valuenow'));
      return value > 0 && value < 100;
    });
    await page
      .getByText(/ of .*MB/)
      .first()
      .waitFor();
    await screenshot(page, 'upload-uploading-desktop');

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

  it('resumes an upload interrupted by a page reload from where it stopped', async () => {
    const owner = await newOwner();
    const page = await uploadPage(owner);
    await throttleUploads(page, Math.ceil(media.clip.length / 8));
    await videoInput(page).setInputFiles(media.clipPath);
    await page.getByRole('button', { name: 'Upload Video' }).click();
    await page.waitForFunction(() => {
      const value = Number(
        document
          .querySelector('[aria-label="Video upload progress"]')
          ?.getAttribute('aria-valuenow'),
      );
      return value >= 25 && value < 100;
    });

    await page.reload();
    await page.getByRole('heading', { name: 'Upload Video', level: 1 }).waitFor();
    await videoInput(page).setInputFiles(media.clipPath);
    await page
      .getByText(
        'An earlier upload of this file was interrupted. It will continue where it stopped.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Upload Video' }).click();
    await page.getByText('Upload successful!').first().waitFor({ timeout: 60_000 });

    // One resumable upload on the server, not two: the second attempt continued the first.
    const tusRows = await uploadRowsFor(owner, 'tus');
    expect(tusRows).toHaveLength(1);
    expect(tusRows[0]).toMatchObject({ status: 'attached', size: media.clip.length });
    expect((await ownerVideos(owner)).map((v) => v.title)).toEqual(['class']);
  });

  it("shows the error state with the server's reason, then Try Again and Choose Different File", async () => {
    const owner = await newOwner();
    // The free plan holds two videos: fill it, so the upload is refused.
    await seedVideos(e2e.database, owner.id, [
      { title: 'One', status: 'uploaded' },
      { title: 'Two', status: 'uploaded' },
    ]);
    const page = await uploadPage(owner);
    await videoInput(page).setInputFiles(media.clipPath);
    await page.getByRole('button', { name: 'Upload Video' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to get upload URL' });
    await alert.waitFor();
    await alert.getByText(quotaMessage('Spin Starter', 2)).waitFor();
    await page.getByText('Upload failed').first().waitFor();
    await screenshot(page, 'upload-error-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Try Again' }).click();
    expect(await page.getByLabel('Title').inputValue()).toBe('class');
    await page.getByRole('button', { name: 'Upload Video' }).click();
    await alert.waitFor();
    await page.getByRole('button', { name: 'Choose Different File' }).click();
    await page.getByRole('button', { name: 'Choose Video File' }).waitFor();
    expect(await page.getByLabel('Title').count()).toBe(0);
  });

  it.each([false, true])(
    'looks right and passes axe at phone, tablet and desktop widths (dark: %s)',
    async (dark) => {
      const owner = await newOwner();
      const theme = dark ? 'dark' : 'light';
      for (const viewport of VIEWPORTS) {
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
