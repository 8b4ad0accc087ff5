import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgramsView } from '@shared/programs.contract';
import {
  screenshot,
  seriousA11yViolations,
  SHOTS_DIR,
  startE2E,
  VIEWPORTS,
  type E2E,
} from './support/harness';
import { ensurePlaying, showControls, waitForHlsFrame } from './support/player';
import { CLIP_SECONDS, seedRealClass } from './support/real-class';
import { onboardOwner, seedVideos, signIn, type SeededOwner } from './support/seed';

/**
 * Issue #20 part 2, programs: the owner makes a program of three classes with a cover and puts
 * them in order; the public page lists it; a rider on a tablet opens it, rides its first class to
 * the end, and after a reload the program says what is next (and Start over forgets it).
 */

let e2e: E2E;
let owner: SeededOwner;
let files: string;
let coverFile: string;
const SLUG = 'cadence-cycle';
const TITLE = '4-week beginner build';
const CLASSES = { base: 'Base Ride', hill: 'Hill Climb', sprint: 'Sprint Finish' };
/** The order the owner leaves them in. */
const ORDER = [CLASSES.sprint, CLASSES.base, CLASSES.hill];
let ids: Record<keyof typeof CLASSES, string>;

async function toast(page: Page, title: string) {
  await page
    .locator('[data-slot=toast-title]', { hasText: title })
    .first()
    .waitFor({ timeout: 15_000 });
}

const orderTitles = (page: Page) =>
  page.getByTestId('program-order').getByTestId('program-order-title').allTextContents();

beforeAll(async () => {
  e2e = await startE2E();
  owner = await onboardOwner(e2e.app, {
    email: 'ana@cadencecycle.example',
    companyName: 'Cadence Cycle',
    slug: SLUG,
  });
  // Real classes (20 s each, HLS): the rider plays the first to its end.
  ids = {
    base: await seedRealClass(e2e, owner.id, CLASSES.base),
    hill: await seedRealClass(e2e, owner.id, CLASSES.hill),
    sprint: await seedRealClass(e2e, owner.id, CLASSES.sprint),
  };
  // One more in the library that stays out of the program, and one still processing.
  await seedVideos(e2e.database, owner.id, [
    { title: 'Recovery Spin', status: 'enhanced', duration: 1200 },
    { title: 'Tempo Builder', status: 'processing', duration: 1500 },
  ]);
  files = await mkdtemp(path.join(tmpdir(), 'cadence-programs-'));
  coverFile = path.join(files, 'cover.png');
  const art = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f97316"/><stop offset="1" stop-color="#7c2d12"/></linearGradient></defs><rect width="1600" height="1000" fill="url(#g)"/><circle cx="1150" cy="520" r="260" fill="rgba(255,255,255,.18)"/><circle cx="520" cy="620" r="170" fill="rgba(0,0,0,.15)"/></svg>`;
  await writeFile(coverFile, await sharp(Buffer.from(art)).png().toBuffer());
});
afterAll(async () => {
  await e2e?.close();
  if (files) await rm(files, { recursive: true, force: true });
});

describe('programs', () => {
  it('the owner creates a program of three classes with a cover and puts them in order', async () => {
    const page = await e2e.newPage({ width: 1280, height: 900 });
    await signIn(page, owner, e2e.baseUrl);
    await page.goto('/programs');
    await page.getByRole('heading', { name: 'Programs', level: 1 }).waitFor();
    // In the sidebar beside Instructors.
    await page.getByRole('link', { name: 'Programs' }).waitFor();
    await page.getByText('No programs yet').waitFor();
    expect(await page.getByTestId('programs-count').textContent()).toBe('0 of 20 programs');
    await screenshot(page, 'programs-owner-empty-desktop-light');

    await page.getByRole('button', { name: 'Create program' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a program' });
    // Empty: the contract's words under the title.
    await dialog.getByRole('button', { name: 'Create program' }).click();
    await dialog.getByText('Enter the program’s title').waitFor();
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog.getByLabel('Description').fill('Two easy rides a week to build your base.');
    await dialog.getByLabel('Classes per week').selectOption('2');
    await dialog.getByTestId('program-cover-input').setInputFiles(coverFile);
    await dialog.getByTestId('program-cover-preview').waitFor();

    const add = dialog.getByLabel('Class to add');
    // A class still processing is offered, marked as not ready.
    expect(await add.locator('option', { hasText: 'Tempo Builder (not ready yet)' }).count()).toBe(
      1,
    );
    for (const title of [CLASSES.base, CLASSES.hill, CLASSES.sprint]) {
      await add.selectOption({ label: title });
      await dialog.getByRole('button', { name: 'Add class' }).click();
    }
    expect(await orderTitles(page)).toEqual([CLASSES.base, CLASSES.hill, CLASSES.sprint]);
    const labels = dialog.getByTestId('program-order-item').locator('p.uppercase');
    expect(await labels.allTextContents()).toEqual([
      'Week 1 · Day 1',
      'Week 1 · Day 2',
      'Week 2 · Day 1',
    ]);

    // Sprint Finish to the top: a click, then the keyboard (the focus stays on the class moved).
    await dialog.getByRole('button', { name: `Move ${CLASSES.sprint} up` }).click();
    expect(await orderTitles(page)).toEqual([CLASSES.base, CLASSES.sprint, CLASSES.hill]);
    const up = dialog.getByRole('button', { name: `Move ${CLASSES.sprint} up` });
    await expect.poll(() => up.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await orderTitles(page)).toEqual(ORDER);
    // At the top its Up is disabled: the focus went to its Down.
    const down = dialog.getByRole('button', { name: `Move ${CLASSES.sprint} down` });
    await expect.poll(() => down.evaluate((el) => el === document.activeElement)).toBe(true);
    // Each move is a thumb-sized target.
    expect((await down.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    await dialog.getByRole('button', { name: 'Create program' }).click();
    await toast(page, 'Program created');
    const card = page.getByTestId('program-card');
    await card.waitFor();
    expect(await card.getByRole('heading').textContent()).toBe(TITLE);
    // Three 20 s classes: one minute, two weeks at two a week.
    expect(await card.getByTestId('program-figures').textContent()).toBe(
      '3 classes · 2 weeks · 1 min',
    );
    await card.getByTestId('program-cover').waitFor();

    const saved = (await (await page.request.get('/api/auth/programs')).json()) as ProgramsView;
    expect(saved.programs).toHaveLength(1);
    expect(saved.programs[0]).toMatchObject({ title: TITLE, classesPerWeek: 2 });
    expect(saved.programs[0]!.classes.map((c) => c.id)).toEqual([ids.sprint, ids.base, ids.hill]);
    expect(saved.programs[0]!.cover?.src).toMatch(/^\/api\/program-covers\//);

    // Editing reopens it as saved.
    await card.getByRole('button', { name: `Edit ${TITLE}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${TITLE}` });
    expect(await edit.getByLabel('Title').inputValue()).toBe(TITLE);
    expect(await orderTitles(page)).toEqual(ORDER);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('a rider opens it on the public page, finishes its first class, and after a reload sees what is next', async () => {
    const page = await e2e.newPage({ width: 1024, height: 768 });
    await page.goto(`/gym/${SLUG}`);
    const strip = page.getByTestId('gym-programs');
    const card = strip.getByTestId('program-card');
    await card.waitFor();
    expect(await card.textContent()).toContain('3 classes · 2 weeks');
    expect(await card.getByTestId('program-progress').count()).toBe(0);
    // The classes stay on the first screen below the programs.
    await page.getByTestId('class-card').first().waitFor();

    await card.click();
    const view = page.getByTestId('program-view');
    await view.waitFor();
    expect(new URL(page.url()).searchParams.get('program')).toMatch(/^[0-9a-f-]{36}$/);
    await view.getByRole('heading', { name: TITLE }).waitFor();
    const rows = view.getByTestId('program-class');
    expect(await rows.locator('span.uppercase').allTextContents()).toEqual([
      'Week 1 · Day 1',
      'Week 1 · Day 2',
      'Week 2 · Day 1',
    ]);
    expect(await rows.locator('span.truncate').allTextContents()).toEqual(ORDER);
    const next = view.getByTestId('program-next');
    expect(await next.locator('p').first().textContent()).toBe('Next: Week 1 · Day 1');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Start: the program's first class, played to its end.
    await next.getByRole('button', { name: new RegExp(`^Start\\W+${CLASSES.sprint}$`) }).click();
    await waitForHlsFrame(page);
    await ensurePlaying(page);
    expect(await page.getByTestId('player-title').textContent()).toBe(CLASSES.sprint);
    await showControls(page);
    await page.getByTestId('progress').fill(String(CLIP_SECONDS - 2));
    await page.getByRole('heading', { name: 'Class complete' }).waitFor({ timeout: 20_000 });
    // The class after it in the program (not in the page's list) is offered next.
    await page
      .getByRole('button', { name: new RegExp(`^Start next class.*${CLASSES.base}$`) })
      .waitFor();
    await page.getByRole('button', { name: 'Back to classes' }).click();
    await page.getByTestId('class-player').waitFor({ state: 'detached' });
    await expect.poll(() => next.locator('p').first().textContent()).toBe('Next: Week 1 · Day 2');

    await page.reload();
    await view.waitFor();
    expect(await next.locator('p').first().textContent()).toBe('Next: Week 1 · Day 2');
    expect(await next.textContent()).toContain(CLASSES.base);
    expect(await rows.first().textContent()).toContain('Done');
    // Back to every class: the program's card says where this tablet is.
    await view.getByRole('button', { name: 'All classes' }).click();
    await expect
      .poll(() => card.getByTestId('program-progress').textContent())
      .toBe('Next: Week 1 · Day 2');
    await expect.poll(() => card.evaluate((el) => el === document.activeElement)).toBe(true);

    // Start over, asked first.
    await card.click();
    await view.getByRole('button', { name: 'Start over' }).click();
    await view.getByRole('button', { name: 'Yes, start over' }).click();
    expect(await next.locator('p').first().textContent()).toBe('Next: Week 1 · Day 1');
  });

  it('screenshots: the Programs screen and its dialog, the public page with its program, open', async () => {
    const seeds = [
      {
        name: 'owner',
        signedIn: true,
        open: async (page: Page) => {
          await page.goto('/programs');
          await page.getByTestId('program-cover').waitFor();
        },
      },
      {
        name: 'dialog',
        signedIn: true,
        dialog: true,
        open: async (page: Page) => {
          await page.goto('/programs');
          await page.getByRole('button', { name: `Edit ${TITLE}` }).click();
          await page.getByTestId('program-order').waitFor();
          await page.getByTestId('program-cover-preview').waitFor();
        },
      },
      {
        name: 'gym',
        signedIn: false,
        open: async (page: Page) => {
          await page.goto(`/gym/${SLUG}`);
          await page.getByTestId('gym-programs').getByTestId('program-card').waitFor();
        },
      },
      {
        name: 'gym-program',
        signedIn: false,
        open: async (page: Page) => {
          await page.goto(`/gym/${SLUG}`);
          await page.getByTestId('program-card').click();
          await page.getByTestId('program-view').waitFor();
        },
      },
    ];
    for (const { name, signedIn, open, dialog = false } of seeds) {
      for (const dark of [false, true]) {
        for (const { name: size, width, height } of VIEWPORTS) {
          const page = await e2e.newPage({ width, height, dark });
          if (signedIn) await signIn(page, owner, e2e.baseUrl);
          // A tablet part way through the program (its first class ridden).
          await page.addInitScript(
            ([key, id]) => localStorage.setItem(key!, JSON.stringify([id])),
            [`cadence-program:${SLUG}:${await programId()}`, ids.sprint],
          );
          await open(page);
          await page.waitForTimeout(300);
          const file = `programs-${name}-${size}-${dark ? 'dark' : 'light'}`;
          if (dialog) {
            await page.screenshot({ path: path.join(SHOTS_DIR, `${file}.png`) });
            await page.getByRole('dialog').evaluate((el) => el.scrollTo(0, el.scrollHeight));
            await page.screenshot({ path: path.join(SHOTS_DIR, `${file}-end.png`) });
          } else {
            await screenshot(page, file);
          }
          await page.close();
        }
      }
    }
  });
});

async function programId(): Promise<string> {
  const res = await e2e.app.inject({
    method: 'GET',
    url: '/api/auth/programs',
    headers: { cookie: owner.cookie },
  });
  return res.json<ProgramsView>().programs[0]!.id;
}
