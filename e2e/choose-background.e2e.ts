import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '@server/db/schema/users';
import { videos } from '@server/db/schema/videos';
import type { MediaJobs } from '@server/jobs/media-jobs';
import { ENHANCEMENT_LOCKS, type EnhancementReport } from '@shared/videos.contract';
import { seriousA11yViolations, SHOTS_DIR, startE2E, VIEWPORTS, type E2E } from './support/harness';
import { onboardOwner, seedVideos, signIn, type SeededOwner } from './support/seed';

/**
 * Choosing a built-in background (issue #15 part 2, decision 0027): the owner sees why the
 * background is the default, picks one from the previews, and the class is enhanced again.
 */
let e2e: E2E;
let owner: SeededOwner;
let videoId: string;
const jobs = {
  ingest: vi.fn(async (_id: string) => {}),
  enhance: vi.fn(async (_id: string) => {}),
  package: vi.fn(async (_id: string) => {}),
  repackage: vi.fn(async (_id: string) => {}),
} satisfies MediaJobs;

const REPORT: EnhancementReport = {
  changes: [
    {
      kind: 'background',
      requested: 'a bright loft with brick walls',
      used: 'Studio',
      matched: null,
      method: 'green screen',
    },
  ],
};

beforeAll(async () => {
  e2e = await startE2E({ media: jobs });
  owner = await onboardOwner(e2e.app, {
    email: 'owner@background.example',
    companyName: 'Loft Rides',
    slug: 'loft-rides',
  });
  // Choosing a background comes with Premium AI enhancement (issue #18).
  await e2e.database.db.update(users).set({ plan: 'spin-master' }).where(eq(users.id, owner.id));
  const [row] = await seedVideos(e2e.database, owner.id, [
    { title: 'Brick Loft Climb', status: 'enhanced' },
  ]);
  videoId = row!.id;
  await e2e.database.db
    .update(videos)
    .set({
      enhancementReport: REPORT,
      replaceBackground: true,
      backgroundDescription: 'a bright loft with brick walls',
      originalKey: `uploads/${owner.id}/loft.mp4`,
    })
    .where(eq(videos.id, videoId));
});
afterAll(() => e2e?.close());

async function openChooser(options: { width: number; height: number; dark?: boolean }) {
  const page = await e2e.newPage(options);
  await signIn(page, owner, e2e.baseUrl);
  await page.goto('/videos');
  const card = page.getByTestId('video-card').filter({ hasText: 'Brick Loft Climb' });
  await card.getByRole('button', { name: 'Edit Brick Loft Climb' }).click();
  const details = page.getByRole('dialog', { name: 'Edit video' });
  const panel = details.getByTestId('background-rerun');
  await panel.waitFor();
  return { page, panel };
}

async function previewsLoaded(dialog: Locator) {
  const options = dialog.getByTestId('background-option');
  await expect
    .poll(
      () =>
        options.evaluateAll((labels) =>
          labels.every((l) => {
            const img = l.querySelector('img')!;
            return img.complete && img.naturalWidth === 320;
          }),
        ),
      // The first visit draws the previews (ffmpeg) on a shared, loaded machine.
      { timeout: 60_000 },
    )
    .toBe(true);
  await dialog.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
  );
}

describe('a class whose background request matched none', () => {
  it('says why, shows the built-in backgrounds with previews, and picking one re-runs', async () => {
    const { page, panel } = await openChooser({ width: 1024, height: 768 });
    expect(await panel.textContent()).toContain(
      'Your request "a bright loft with brick walls" did not match any built-in background',
    );
    await panel.getByRole('button', { name: 'Choose a background' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a background' });
    const options = dialog.getByTestId('background-option');
    await expect.poll(() => options.count()).toBe(14);
    await previewsLoaded(dialog);
    // The previews are drawn, not blank: the sunset road is not one flat colour.
    const sunset = await options
      .filter({ hasText: 'Sunset road' })
      .locator('img')
      .evaluate(async (img: HTMLImageElement) => {
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        const top = ctx.getImageData(160, 5, 1, 1).data;
        const bottom = ctx.getImageData(20, 170, 1, 1).data;
        return Math.abs(top[0]! - bottom[0]!) + Math.abs(top[2]! - bottom[2]!);
      });
    expect(sunset).toBeGreaterThan(40);

    const confirm = dialog.getByRole('button', { name: 'Enhance again' });
    expect(await confirm.isDisabled()).toBe(true);
    await options.filter({ hasText: 'Sunset road' }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await confirm.click();
    await page.getByRole('dialog', { name: 'Choose a background' }).waitFor({ state: 'hidden' });
    await panel.getByText('Riders keep playing the current version').waitFor();

    expect(jobs.enhance).toHaveBeenCalledWith(videoId);
    const [row] = await e2e.database.db.select().from(videos).where(eq(videos.id, videoId));
    expect(row).toMatchObject({ processingStatus: 'enhanced', backgroundId: 'sunset-road' });
    expect(row!.reenhanceRequestedAt).not.toBeNull();
    await page.context().close();
  });

  it('looks right at 390, 1024 and 1440 px, light and dark', async () => {
    await e2e.database.db
      .update(videos)
      .set({ reenhanceRequestedAt: null })
      .where(eq(videos.id, videoId));
    for (const { name, width, height } of VIEWPORTS) {
      for (const dark of [false, true]) {
        const { page, panel } = await openChooser({ width, height, dark });
        await panel.getByRole('button', { name: 'Choose a background' }).click();
        const dialog = page.getByRole('dialog', { name: 'Choose a background' });
        await previewsLoaded(dialog);
        await dialog.getByTestId('background-option').nth(2).click();
        await page.screenshot({
          path: path.join(SHOTS_DIR, `choose-background-${name}-${dark ? 'dark' : 'light'}.png`),
        });
        await page.context().close();
      }
    }
  });

  it('a plan without Premium AI enhancement keeps the class and names the plan that unlocks it', async () => {
    await e2e.database.db.update(users).set({ plan: 'power-cycle' }).where(eq(users.id, owner.id));
    const page = await e2e.newPage({ width: 1024, height: 900 });
    await signIn(page, owner, e2e.baseUrl);
    await page.goto('/videos');
    const card = page.getByTestId('video-card').filter({ hasText: 'Brick Loft Climb' });
    await card.getByRole('button', { name: 'Edit Brick Loft Climb' }).click();
    const lock = page.getByRole('dialog', { name: 'Edit video' }).getByTestId('locked-note');
    await lock.getByText(ENHANCEMENT_LOCKS.background).waitFor();
    expect(await lock.getByRole('link', { name: 'Upgrade to Spin Master' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Choose a background' }).count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'choose-background-locked.png') });
    await page.context().close();
    await e2e.database.db.update(users).set({ plan: 'spin-master' }).where(eq(users.id, owner.id));
  });
});
