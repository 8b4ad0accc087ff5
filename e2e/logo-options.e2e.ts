import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@server/db/schema/users';
import { videos } from '@server/db/schema/videos';
import { mediaFixtures, type MediaFixtures } from '@server/test/media-fixtures';
import {
  screenshot,
  seriousA11yViolations,
  startE2E,
  VIEWPORTS,
  type E2E,
} from './support/harness';
import { onboardOwner, signIn, type SeededOwner } from './support/seed';

/** Logo done once (issue #15, part 3): the gym's logo by default, placed and previewed. */
let e2e: E2E;
let media: MediaFixtures;
let owner: SeededOwner;

beforeAll(async () => {
  e2e = await startE2E();
  media = await mediaFixtures();
  owner = await onboardOwner(e2e.app, {
    email: 'owner@logo-once.example',
    companyName: 'Logo Once Cycling',
    slug: 'logo-once',
  });
  await e2e.database.db.update(users).set({ plan: 'spin-master' }).where(eq(users.id, owner.id));
  const boundary = 'cadence-e2e-logo';
  const set = await e2e.app.inject({
    method: 'POST',
    url: '/api/auth/upload-logo',
    headers: { cookie: owner.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      media.logo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  if (set.statusCode !== 200) throw new Error(`logo upload failed: ${set.statusCode}`);
});
afterAll(() => e2e?.close());

async function uploadPage(options: { width: number; height: number; dark?: boolean }) {
  const page = await e2e.newPage(options);
  await signIn(page, owner, e2e.baseUrl);
  await page.goto('/upload');
  await page.getByRole('heading', { name: 'Upload Video', level: 1 }).waitFor();
  await page.getByLabel('Video file', { exact: true }).setInputFiles(media.clipPath);
  return page;
}

describe('the logo on an upload', () => {
  it("is the gym's logo by default, placed where the owner previews it, and stored exactly so", async () => {
    const page = await uploadPage({ width: 1024, height: 768 });
    const addLogo = page.getByRole('switch', { name: 'Add Logo' });
    expect(await addLogo.getAttribute('aria-checked')).toBe('true');
    await page.getByText("Your gym's logo from Customize is used").waitFor();
    expect(await page.getByText('Please select a logo file to continue').count()).toBe(0);

    await page.getByText('Bottom left', { exact: true }).click();
    await page.getByLabel(/^Size:/).fill('10');
    await page.getByLabel(/^Opacity:/).fill('60');
    await page.getByText('Size: 10% of the width').waitFor();

    // The preview follows ffmpeg's rule: 10% of the frame's width, 3% margins, 60% opaque.
    const frame = (await page.getByTestId('logo-preview').boundingBox())!;
    const logo = page.getByTestId('logo-preview-logo');
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    const box = (await logo.boundingBox())!;
    expect(box.width / frame.width).toBeCloseTo(0.1, 2);
    expect((box.x - frame.x) / frame.width).toBeCloseTo(0.03, 2);
    expect((frame.y + frame.height - (box.y + box.height)) / frame.width).toBeCloseTo(0.03, 2);
    expect(await logo.evaluate((el) => getComputedStyle(el).opacity)).toBe('0.6');
    // The video's first frame is under it.
    await expect
      .poll(() =>
        page
          .getByTestId('logo-preview')
          .locator('video')
          .evaluate((v: HTMLVideoElement) => v.readyState),
      )
      .toBeGreaterThanOrEqual(2);

    await page.getByRole('button', { name: 'Upload Video' }).click();
    await expect
      .poll(
        async () =>
          (await e2e.database.db.select().from(videos).where(eq(videos.userId, owner.id)))[0] ??
          null,
        { timeout: 30_000 },
      )
      .toMatchObject({
        addLogo: true,
        logoCorner: 'bottom-left',
        logoSizePercent: 10,
        logoOpacityPercent: 60,
      });
  });

  it('looks right at 390, 1024 and 1440 px, light and dark', async () => {
    for (const { name, width, height } of VIEWPORTS) {
      for (const dark of [false, true]) {
        const page = await uploadPage({ width, height, dark });
        await page.getByTestId('logo-options').waitFor();
        await page.getByTestId('logo-options').scrollIntoViewIfNeeded();
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, `upload-logo-options-${name}-${dark ? 'dark' : 'light'}`);
        await page.context().close();
      }
    }
  });
});
