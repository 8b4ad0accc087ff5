import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  screenshot,
  seriousA11yViolations,
  SHOTS_DIR,
  startE2E,
  type E2E,
} from './support/harness';
import { onboardOwner, seedVideos } from './support/seed';

/** The public page on a tablet on a bike (issue #15, part 4), measured at three sizes. */
const SIZES = [
  { name: 'landscape', width: 1024, height: 768 },
  { name: 'portrait', width: 768, height: 1024 },
  { name: 'phone', width: 390, height: 844 },
] as const;

let e2e: E2E;
let firstId: string;

beforeAll(async () => {
  e2e = await startE2E();
  const owner = await onboardOwner(e2e.app, {
    email: 'owner@saddle.example',
    companyName: 'Saddle Up Studio',
    slug: 'saddle-up',
  });
  const rows = await seedVideos(e2e.database, owner.id, [
    { title: 'Hill Climb Power Hour', status: 'enhanced', duration: 600, minutesAgo: 1 },
    { title: 'Sunrise Sprints', status: 'enhanced', duration: 1800, minutesAgo: 2 },
    { title: 'Tempo Builder', status: 'enhanced', duration: 2700, minutesAgo: 3 },
    { title: 'Recovery Spin', status: 'enhanced', duration: 1200, minutesAgo: 4 },
  ]);
  firstId = rows[0]!.id;
});
afterAll(async () => {
  await e2e?.close();
});

/** This tablet stopped 2:30 into the first class (a quarter of its 10 minutes). */
async function openGym(page: Page) {
  await page.addInitScript(
    (key) => localStorage.setItem(key, JSON.stringify({ position: 150, at: Date.now() })),
    `cadence-resume:${firstId}`,
  );
  await page.goto('/gym/saddle-up');
  await page.getByTestId('class-card').first().waitFor();
}

/** The smallest font size of any visible text in the element (screen-reader-only text aside). */
const smallestText = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((cards) => {
    let smallest = Infinity;
    for (const card of cards) {
      const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !node.textContent?.trim() || parent.closest('.sr-only')) continue;
        smallest = Math.min(smallest, parseFloat(getComputedStyle(parent).fontSize));
      }
    }
    return smallest;
  });

describe.each(SIZES)('the public gym page at $width x $height', ({ name, width, height }) => {
  it('has a compact hero and two whole class cards with their Start Class above the fold, in large text', async () => {
    const page = await e2e.newPage({ width, height });
    await openGym(page);

    const hero = await page.getByTestId('gym-hero').boundingBox();
    expect(hero!.height).toBeLessThanOrEqual(120);
    // Its badges all show, none cut off at the edge.
    const badges = page.getByRole('list', { name: 'What to expect' }).getByRole('listitem');
    for (const badge of await badges.all()) {
      const box = (await badge.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }

    const cards = page.getByTestId('class-card');
    for (const index of [0, 1]) {
      const card = await cards.nth(index).boundingBox();
      const start = await cards
        .nth(index)
        .getByRole('button', { name: /Start Class/ })
        .boundingBox();
      expect(card!.y).toBeGreaterThanOrEqual(hero!.height);
      expect(card!.y + card!.height).toBeLessThanOrEqual(height);
      expect(start!.y + start!.height).toBeLessThanOrEqual(height);
      expect(start!.height).toBeGreaterThanOrEqual(48);
    }

    // Readable from the saddle: titles of 20 px and more, every other word on a card 18 px or more.
    expect(await smallestText(page, '[data-testid=class-card] h3')).toBeGreaterThanOrEqual(20);
    expect(await smallestText(page, '[data-testid=class-card]')).toBeGreaterThanOrEqual(18);

    // The class in progress on this tablet: its position, in words and as a bar.
    const mark = page.getByTestId('class-in-progress');
    expect(await mark.count()).toBe(1);
    expect(await mark.textContent()).toBe('In progress · 2:30');
    expect(await cards.first().getByTestId('class-in-progress').count()).toBe(1);
    const bar = await cards
      .first()
      .getByTestId('class-progress-bar')
      .evaluate((el) => {
        const fill = el.firstElementChild!.getBoundingClientRect().width;
        return fill / el.getBoundingClientRect().width;
      });
    expect(bar).toBeCloseTo(0.25, 1);

    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS_DIR, `gym-tablet-${name}-fold-light.png`) });
    await screenshot(page, `gym-tablet-${name}-light`);

    const dark = await e2e.newPage({ width, height, dark: true });
    await openGym(dark);
    await dark.screenshot({ path: path.join(SHOTS_DIR, `gym-tablet-${name}-fold-dark.png`) });
    await screenshot(dark, `gym-tablet-${name}-dark`);
  });

  it('starts a class from a tap anywhere on its card', async () => {
    const page = await e2e.newPage({ width, height });
    await openGym(page);
    const second = page.getByTestId('class-card').nth(1);
    const id = await second
      .getByRole('button', { name: /Start Class/ })
      .getAttribute('data-class-id');
    // A tap on the title, then one on the picture's corner: well away from the Start Class button.
    const title = (await second.locator('h3').boundingBox())!;
    await page.mouse.click(title.x + title.width / 2, title.y + title.height / 2);
    await page.getByTestId('class-player').waitFor();
    expect(new URL(page.url()).search).toBe(`?class=${id}`);
    await page.goBack();
    await page.getByTestId('class-player').waitFor({ state: 'detached' });
    const box = (await second.boundingBox())!;
    await page.mouse.click(box.x + 12, box.y + 12);
    await page.getByTestId('class-player').waitFor();
    expect(new URL(page.url()).search).toBe(`?class=${id}`);
  });
});
