import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { videos } from '@server/db/schema/videos';
import { mediaKeys } from '@server/media/media-paths';
import { openObjectStore } from '@server/storage/create-object-store';
import type { EnhancementReport } from '@shared/videos.contract';
import { seriousA11yViolations, SHOTS_DIR, startE2E, VIEWPORTS, type E2E } from './support/harness';
import { onboardOwner, seedVideos, signIn, type SeededOwner } from './support/seed';

/** Enhancement the owner can see (issue #15, part 2): the list of what changed, in plain words. */
let e2e: E2E;
let owner: SeededOwner;

const REPORT: EnhancementReport = {
  changes: [
    { kind: 'exposure', gain: 1.35 },
    { kind: 'colour' },
    { kind: 'denoise' },
    { kind: 'audio', fromLufs: -22, toLufs: -16 },
    { kind: 'logo', placement: { corner: 'top-right', size: 7, opacity: 90 } },
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
  e2e = await startE2E();
  owner = await onboardOwner(e2e.app, {
    email: 'owner@visible.example',
    companyName: 'Visible Rides',
    slug: 'visible-rides',
  });
  const [row] = await seedVideos(e2e.database, owner.id, [
    { title: 'Brick Loft Climb', status: 'enhanced' },
  ]);
  await e2e.database.db
    .update(videos)
    .set({ enhancementReport: REPORT })
    .where(eq(videos.id, row!.id));
  // The stills the enhance job leaves: the raw frame (dim grey) and the enhanced one (bright).
  const store = await openObjectStore(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/cadence-e2e' }),
    Date.now,
  );
  const jpeg = (background: string) =>
    sharp({ create: { width: 640, height: 360, channels: 3, background } })
      .jpeg()
      .toBuffer();
  await store.put(mediaKeys.before(row!.id), Readable.from([await jpeg('#3a3a3a')]));
  await store.put(mediaKeys.poster(row!.id), Readable.from([await jpeg('#f4a340')]));
  await store.close();
});
afterAll(() => e2e?.close());

async function openDetails(options: { width: number; height: number; dark?: boolean }) {
  const page = await e2e.newPage(options);
  await signIn(page, owner, e2e.baseUrl);
  await page.goto('/videos');
  const card = page.getByTestId('video-card').filter({ hasText: 'Brick Loft Climb' });
  await card.getByRole('button', { name: 'Edit Brick Loft Climb' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit video' });
  await dialog.getByTestId('enhancement-changes').waitFor();
  // The dialog's opening animation done (for the screenshots).
  await dialog.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
  );
  return { page, dialog };
}

describe('an enhanced class in the library', () => {
  it('lists what enhancement changed, and says when the background request was not met', async () => {
    const { page, dialog } = await openDetails({ width: 1024, height: 768 });
    const items = await dialog.getByTestId('enhancement-changes').locator('li').allTextContents();
    expect(items).toEqual([
      'Exposure lifted (the picture brightened 35%)',
      'Colour balanced',
      'Grain reduced',
      'Audio levelled from -22 to -16 LUFS',
      'Logo added top right (7% of the width, 90% opaque)',
      'Background replaced with Studio (green screen): your request "a bright loft with brick walls" matched none of the built-in backgrounds, so the default was used',
    ]);
    expect(await dialog.locator('li[data-unmet]').count()).toBe(1);

    // Before/after over the same frame: both pictures load, the slider moves the split.
    const comparison = dialog.getByTestId('before-after');
    for (const name of ['Before enhancement', 'After enhancement']) {
      await expect
        .poll(() =>
          comparison
            .getByRole('img', { name })
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        )
        .toBe(640);
    }
    await comparison.getByLabel('Compare before and after').fill('20');
    expect(
      await comparison.getByTestId('after-image').evaluate((el) => getComputedStyle(el).clipPath),
    ).toBe('inset(0px 80% 0px 0px)');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('looks right at 390, 1024 and 1440 px, light and dark', async () => {
    for (const { name, width, height } of VIEWPORTS) {
      for (const dark of [false, true]) {
        const { page } = await openDetails({ width, height, dark });
        await page.screenshot({
          path: path.join(
            SHOTS_DIR,
            `library-enhancement-changes-${name}-${dark ? 'dark' : 'light'}.png`,
          ),
        });
        await page.context().close();
      }
    }
  });
});
