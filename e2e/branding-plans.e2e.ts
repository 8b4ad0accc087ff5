import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@server/db/schema/users';
import { BRANDING_LOCKS } from '@shared/branding.contract';
import type { PlanId } from '@shared/plans';
import {
  screenshot,
  seriousA11yViolations,
  startE2E,
  VIEWPORTS,
  type E2E,
} from './support/harness';
import { onboardOwner, seedVideos, signIn, type SeededOwner } from './support/seed';

/**
 * Issue #18 part 3: branding per plan in the browser. A Spin Starter page has Cadence's look and
 * "Powered by Cadence"; an Elite Studio owner sets a hero image and a display font that the public
 * page shows; a downgrade hides them at once (and keeps them).
 */

let e2e: E2E;
let files: string;
let heroJpeg: string;
let logoPng: string;
let starter: SeededOwner;
let elite: SeededOwner;

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};
const setPlan = (owner: SeededOwner, plan: PlanId) =>
  e2e.database.db.update(users).set({ plan }).where(eq(users.id, owner.id));

async function brand(owner: SeededOwner) {
  // Saved on Elite Studio, as an owner who later moved plans would have it.
  await setPlan(owner, 'elite-studio');
  const put = await e2e.app.inject({
    method: 'PUT',
    url: '/api/auth/branding',
    headers: { cookie: owner.cookie },
    payload: {
      gymName: 'Ride House',
      description: 'Climbs, sprints and good music, every day.',
      primaryColor: '#14b8a6',
      secondaryColor: '#0f172a',
    },
  });
  expect(put.statusCode).toBe(200);
  const boundary = 'cadenceE2Eboundary';
  const upload = await e2e.app.inject({
    method: 'POST',
    url: '/api/auth/upload-logo',
    headers: { cookie: owner.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      await sharp(logoPng).toBuffer(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(upload.statusCode).toBe(200);
}

beforeAll(async () => {
  e2e = await startE2E();
  files = await mkdtemp(path.join(tmpdir(), 'cadence-branding-plans-'));
  // A 'studio photo': warm light across a dark room, 2400 x 1000.
  const photo =
    '<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1000"><defs>' +
    '<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e293b"/><stop offset="0.55" stop-color="#7c2d12"/><stop offset="1" stop-color="#f59e0b"/></linearGradient>' +
    '</defs><rect width="2400" height="1000" fill="url(#g)"/>' +
    Array.from(
      { length: 9 },
      (_, i) =>
        `<circle cx="${300 + i * 240}" cy="${620 + (i % 3) * 60}" r="90" fill="none" stroke="#fde68a" stroke-opacity="0.5" stroke-width="18"/>`,
    ).join('') +
    '</svg>';
  heroJpeg = path.join(files, 'studio.jpg');
  await writeFile(heroJpeg, await sharp(Buffer.from(photo)).jpeg({ quality: 85 }).toBuffer());
  logoPng = path.join(files, 'logo.png');
  await writeFile(
    logoPng,
    await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" rx="80" fill="#14b8a6"/><circle cx="200" cy="200" r="110" fill="none" stroke="#fff" stroke-width="36"/></svg>',
      ),
    )
      .png()
      .toBuffer(),
  );

  starter = await onboardOwner(e2e.app, {
    email: 'owner@starter.example',
    companyName: 'Starter Spin',
    slug: 'starter-spin',
  });
  elite = await onboardOwner(e2e.app, {
    email: 'owner@ridehouse-elite.example',
    companyName: 'Ride House',
    slug: 'ride-house-elite',
  });
  for (const owner of [starter, elite]) {
    await seedVideos(e2e.database, owner.id, [
      { title: 'Hill Climb Power', status: 'enhanced', duration: 3900, minutesAgo: 1 },
      { title: 'Sunrise Sprints', status: 'enhanced', duration: 1800, minutesAgo: 2 },
      { title: 'Tempo Builder', status: 'enhanced', duration: 2700, minutesAgo: 3 },
    ]);
  }
  // The Spin Starter once had Elite Studio: colours, logo and description saved, and kept.
  await brand(starter);
  await setPlan(starter, 'spin-starter');
  await brand(elite);
});
afterAll(async () => {
  await e2e?.close();
  if (files) await rm(files, { recursive: true, force: true });
});

async function ownerPage(owner: SeededOwner, options: Parameters<E2E['newPage']>[0] = {}) {
  const page = await e2e.newPage(options);
  await page.goto('/');
  await signIn(page, owner, e2e.baseUrl);
  return page;
}

async function toast(page: Page, title: string) {
  await page
    .locator('[data-slot=toast-title]', { hasText: title })
    .first()
    .waitFor({ timeout: 15_000 });
}

async function publicPage(slug: string, options: Parameters<E2E['newPage']>[0] = {}) {
  const page = await e2e.newPage({ width: 1024, height: 768, ...options });
  await page.goto(`/gym/${slug}`);
  await page.getByTestId('class-card').first().waitFor();
  return page;
}

describe('Spin Starter', () => {
  it("shows Cadence's default look and a small 'Powered by Cadence', whatever was saved before", async () => {
    const page = await publicPage('starter-spin');
    const hero = page.getByTestId('gym-hero');
    expect(await hero.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb('#1a1a1a'));
    const start = page
      .getByTestId('class-card')
      .first()
      .getByRole('button', { name: /Start Class/ });
    expect(await start.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb('#ff4500'));
    // No logo (the initials), the default description, Cadence's tab icon.
    expect(await page.getByTestId('gym-initials').textContent()).toBe('RH');
    expect(await page.getByTestId('gym-logo').count()).toBe(0);
    await page
      .getByText('Premium fitness experience with state-of-the-art equipment and expert trainers.')
      .waitFor();
    expect(await page.locator('link[rel~="icon"]').getAttribute('href')).toBe('/favicon.svg');
    const powered = page.getByTestId('powered-by');
    await powered.scrollIntoViewIfNeeded();
    const link = powered.getByRole('link', { name: 'Powered by Cadence' });
    expect(await link.getAttribute('href')).toBe('/');
    // Small: the page's fine print.
    expect(await powered.evaluate((el) => getComputedStyle(el).fontSize)).toBe('14px');
    await screenshot(page, 'branding-plans-public-spin-starter-tablet');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it.each(VIEWPORTS)(
    'shows the locked options on /customize with the plan that unlocks each ($name, light and dark)',
    async ({ name, width, height }) => {
      for (const dark of [false, true]) {
        const page = await ownerPage(starter, { width, height, dark });
        await page.goto('/customize');
        await page.getByRole('heading', { name: 'Gym Customization' }).waitFor();
        const notes = page.getByTestId('locked-note');
        await notes.first().waitFor();
        const words = await notes.allTextContents();
        for (const lock of Object.values(BRANDING_LOCKS)) {
          expect(words.some((w) => w.startsWith(lock))).toBe(true);
        }
        // Shown, not changeable: the colours, the description, the font; no upload buttons.
        expect(await page.getByRole('button', { name: 'Blue #3b82f6' }).first().isDisabled()).toBe(
          true,
        );
        expect(await page.getByLabel('Description').getAttribute('readonly')).not.toBeNull();
        expect(await page.getByRole('radio', { name: 'Oswald' }).isDisabled()).toBe(true);
        expect(await page.getByRole('button', { name: 'Upload Logo' }).count()).toBe(0);
        expect(await page.getByRole('button', { name: /Upload Image/ }).count()).toBe(0);
        await screenshot(
          page,
          `branding-plans-customize-starter-${name}-${dark ? 'dark' : 'light'}`,
        );
        if (!dark) expect(await seriousA11yViolations(page)).toEqual([]);
        await page.context().close();
      }
    },
  );

  it("saves the gym's name (the locked values go back as they are); a lock's link leads to Subscription", async () => {
    const page = await ownerPage(starter, { width: 1440, height: 900 });
    await page.goto('/customize');
    await page.getByLabel('Gym name').fill('Starter Spin');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Changes saved');
    const row = await e2e.database.db.select().from(users).where(eq(users.id, starter.id));
    expect(row[0]).toMatchObject({ companyName: 'Starter Spin', brandPrimaryColor: '#14b8a6' });
    await page.getByRole('link', { name: 'Upgrade to Power Cycle' }).first().click();
    await page.waitForURL('**/subscription');
  });
});

describe('Elite Studio', () => {
  it('sets a hero image and a display font that the public page shows', async () => {
    const page = await ownerPage(elite, { width: 1440, height: 900 });
    await page.goto('/customize');
    const card = page.getByTestId('full-customization-card');
    await card.waitFor();
    expect(await page.getByTestId('locked-note').count()).toBe(0);
    await page.getByTestId('hero-input').setInputFiles(heroJpeg);
    await toast(page, 'Success!');
    const heroImg = card.getByTestId('customize-hero').locator('img');
    await heroImg.waitFor();
    expect(await heroImg.getAttribute('srcset')).toMatch(/640w, .+1280w, .+1920w$/);
    await card.getByRole('radio', { name: 'Bebas Neue' }).check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Changes saved');
    await page.getByLabel('Live preview').click();
    await page.getByTestId('branding-preview').getByTestId('gym-hero-image').waitFor();
    await screenshot(page, 'branding-plans-customize-elite-desktop-light');

    for (const { name, width, height } of VIEWPORTS) {
      for (const dark of [false, true]) {
        const rider = await publicPage('ride-house-elite', { width, height, dark });
        const hero = rider.getByTestId('gym-hero-image');
        await expect
          .poll(() =>
            hero.evaluate((img) => [
              (img as HTMLImageElement).complete,
              (img as HTMLImageElement).naturalWidth > 0,
            ]),
          )
          .toEqual([true, true]);
        // The srcset picks a file for the screen's width (never the 1920 one on a phone).
        const chosen = await hero.evaluate((img) => (img as HTMLImageElement).currentSrc);
        if (name === 'phone') expect(chosen).not.toMatch(/-1920\.webp$/);
        const h1 = rider.getByRole('heading', { level: 1, name: 'Ride House' });
        expect(await h1.evaluate((el) => getComputedStyle(el).fontFamily)).toContain(
          'Cadence Bebas Neue',
        );
        await expect
          .poll(() =>
            rider.evaluate(async () => {
              await document.fonts.ready;
              return document.fonts.check("700 24px 'Cadence Bebas Neue'", 'Ride House');
            }),
          )
          .toBe(true);
        expect(await rider.getByTestId('powered-by').count()).toBe(0);
        // Full branding: the logo's icon in the tab.
        expect(await rider.locator('link[rel~="icon"]').getAttribute('href')).toMatch(/-64\.png$/);
        await screenshot(rider, `branding-plans-public-elite-${name}-${dark ? 'dark' : 'light'}`);
        if (name === 'tablet' && !dark) {
          expect(await seriousA11yViolations(rider)).toEqual([]);
          // On a tablet two whole class cards still show without scrolling (issue #15).
          const second = await rider
            .getByTestId('class-card')
            .nth(1)
            .evaluate((el) => el.getBoundingClientRect().bottom);
          expect(second).toBeLessThanOrEqual(height);
        }
        await rider.context().close();
      }
    }
  });

  it('a downgrade hides the hero and the font at once, keeps them, and an upgrade brings them back', async () => {
    const before = await publicPage('ride-house-elite');
    await before.getByTestId('gym-hero-image').waitFor();
    const change = (planId: PlanId) =>
      e2e.app.inject({
        method: 'PUT',
        url: '/api/auth/plan',
        headers: { cookie: elite.cookie },
        payload: { planId },
      });
    // Spin Starter's two classes are fewer than this gym has: Power Cycle, which lacks both too.
    expect((await change('power-cycle')).statusCode).toBe(200);

    const after = await publicPage('ride-house-elite');
    expect(await after.getByTestId('gym-hero-image').count()).toBe(0);
    const h1 = after.getByRole('heading', { level: 1, name: 'Ride House' });
    expect(await h1.evaluate((el) => getComputedStyle(el).fontFamily)).not.toContain('Bebas');
    await after.getByTestId('powered-by').waitFor();
    expect(
      await after.getByTestId('gym-hero').evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe(rgb('#0f172a'));
    await screenshot(after, 'branding-plans-public-elite-downgraded-tablet');

    const owner = await ownerPage(elite, { width: 1024, height: 768 });
    await owner.goto('/customize');
    await owner
      .getByText('Your hero image is kept: your class page shows it again on Elite Studio.')
      .waitFor();
    expect(await owner.getByRole('radio', { name: 'Bebas Neue' }).isChecked()).toBe(true);

    expect((await change('elite-studio')).statusCode).toBe(200);
    const back = await publicPage('ride-house-elite');
    await back.getByTestId('gym-hero-image').waitFor();
    expect(await back.getByTestId('powered-by').count()).toBe(0);
  });

  it('shows Power Cycle and Spin Master their own share of the same saved branding', async () => {
    for (const plan of ['power-cycle', 'spin-master'] as const) {
      const res = await e2e.app.inject({
        method: 'PUT',
        url: '/api/auth/plan',
        headers: { cookie: elite.cookie },
        payload: { planId: plan },
      });
      expect(res.statusCode).toBe(200);
      const page = await publicPage('ride-house-elite');
      // Custom branding: the logo and the colours.
      await page.getByTestId('gym-logo').waitFor();
      expect(
        await page.getByTestId('gym-hero').evaluate((el) => getComputedStyle(el).backgroundColor),
      ).toBe(rgb('#0f172a'));
      expect(await page.getByTestId('gym-hero-image').count()).toBe(0);
      const full = plan === 'spin-master';
      expect(await page.getByTestId('powered-by').count()).toBe(full ? 0 : 1);
      expect(await page.getByTestId('gym-description').textContent()).toBe(
        full
          ? 'Climbs, sprints and good music, every day.'
          : 'Premium fitness experience with state-of-the-art equipment and expert trainers.',
      );
      const icon = await page.locator('link[rel~="icon"]').getAttribute('href');
      if (full) expect(icon).toMatch(/-64\.png$/);
      else expect(icon).toBe('/favicon.svg');
      await screenshot(page, `branding-plans-public-${plan}-tablet`);
      await page.context().close();
    }
  });
});
