import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstructorResponse } from '@shared/class-details.contract';
import type { VideoResponse } from '@shared/videos.contract';
import {
  screenshot,
  seriousA11yViolations,
  SHOTS_DIR,
  startE2E,
  VIEWPORTS,
  type E2E,
} from './support/harness';
import { onboardOwner, seedVideos, signIn, type SeededOwner } from './support/seed';

/**
 * Issue #20 part 1, class details: the owner adds an instructor with a photo and gives a class its
 * instructor, difficulty, type and music in the library; the public page shows them on the card,
 * counts real minutes and levels, and a rider on a tablet filters by level, length and search,
 * the filters kept in the address through a reload.
 */

let e2e: E2E;
let owner: SeededOwner;
let files: string;
let photoFile: string;
const SLUG = 'pedal-house';
const CLASSES = {
  recovery: 'Recovery Ride',
  hill: 'Hill Climb',
  sprint: 'Sprint Intervals',
  tempo: 'Tempo Builder',
};

async function toast(page: Page, title: string) {
  await page
    .locator('[data-slot=toast-title]', { hasText: title })
    .first()
    .waitFor({ timeout: 15_000 });
}

/**
 * Every size and theme of a screen, from one page per theme (resized, not reloaded); a dialog is
 * shot as the screen shows it, then scrolled to its end (`dialog`).
 */
async function shots(
  open: (page: Page) => Promise<void>,
  name: string,
  { signedIn = true, dialog = false, reopen = false } = {},
): Promise<void> {
  for (const dark of [false, true]) {
    const page = await e2e.newPage({
      width: VIEWPORTS[0].width,
      height: VIEWPORTS[0].height,
      dark,
    });
    if (signedIn) await signIn(page, owner, e2e.baseUrl);
    await open(page);
    for (const { name: size, width, height } of VIEWPORTS) {
      await page.setViewportSize({ width, height });
      // A page that lays itself out as it opens (the chips' scroll) opens again at each size.
      if (reopen) await open(page);
      // Dialogs and chips settle after a resize (and the dialog's opening transition).
      await page.waitForTimeout(250);
      const file = `class-details-${name}-${size}-${dark ? 'dark' : 'light'}`;
      if (!dialog) {
        await screenshot(page, file);
        continue;
      }
      await page.screenshot({ path: path.join(SHOTS_DIR, `${file}.png`) });
      await page.getByRole('dialog').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await page.screenshot({ path: path.join(SHOTS_DIR, `${file}-end.png`) });
      await page.getByRole('dialog').evaluate((el) => el.scrollTo(0, 0));
    }
    await page.close();
  }
}

beforeAll(async () => {
  e2e = await startE2E();
  owner = await onboardOwner(e2e.app, {
    email: 'jo@pedalhouse.example',
    companyName: 'Pedal House',
    slug: SLUG,
  });
  const rows = await seedVideos(e2e.database, owner.id, [
    { title: CLASSES.recovery, status: 'enhanced', duration: 900, minutesAgo: 1 },
    { title: CLASSES.hill, status: 'enhanced', duration: 2700, minutesAgo: 2 },
    { title: CLASSES.sprint, status: 'enhanced', duration: 1800, minutesAgo: 3 },
    { title: CLASSES.tempo, status: 'enhanced', duration: 1500, minutesAgo: 4 },
  ]);
  // A second instructor and an Advanced class, through the API: the filters then have choices.
  const added = await e2e.app.inject({
    method: 'POST',
    url: '/api/auth/instructors',
    headers: { cookie: owner.cookie },
    payload: { name: 'Leo Brandt' },
  });
  expect(added.statusCode, added.body).toBe(201);
  const leo = added.json<InstructorResponse>().instructor;
  const hill = await e2e.app.inject({
    method: 'PATCH',
    url: `/api/auth/videos/${rows[1]!.id}`,
    headers: { cookie: owner.cookie },
    payload: { instructorId: leo.id, difficulty: 'Advanced', classType: 'Power' },
  });
  expect(hill.statusCode, hill.body).toBe(200);

  files = await mkdtemp(path.join(tmpdir(), 'cadence-class-details-'));
  photoFile = path.join(files, 'maya.png');
  await writeFile(
    photoFile,
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#7c3aed' } })
      .png()
      .toBuffer(),
  );
});
afterAll(async () => {
  await e2e?.close();
  if (files) await rm(files, { recursive: true, force: true });
});

describe('class details', () => {
  it('the owner adds an instructor with a photo and gives a class its details', async () => {
    const page = await e2e.newPage();
    await signIn(page, owner, e2e.baseUrl);
    await page.goto('/instructors');
    await page.getByRole('heading', { name: 'Instructors', level: 1 }).waitFor();
    expect(await page.getByTestId('instructors-count').textContent()).toBe('1 of 50 instructors');

    await page.getByRole('button', { name: 'Add instructor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an instructor' });
    // Empty: the contract's words under the field.
    await dialog.getByRole('button', { name: 'Add instructor' }).click();
    await dialog.getByText('Enter the instructor’s name').waitFor();
    await dialog.getByLabel('Name').fill('Maya Torres');
    await dialog.getByRole('button', { name: 'Add instructor' }).click();
    await toast(page, 'Instructor added');
    const maya = page.getByTestId('instructor-row').filter({ hasText: 'Maya Torres' });
    await maya.waitFor();
    expect(await maya.getByTestId('instructor-initials').textContent()).toBe('MT');

    await maya.getByTestId('instructor-photo-input').setInputFiles(photoFile);
    await toast(page, 'Photo saved');
    await maya.getByTestId('instructor-photo').waitFor();
    await maya.getByRole('button', { name: 'Remove photo of Maya Torres' }).waitFor();

    // The library's edit dialog: instructor, difficulty, type and a track.
    await page.goto('/videos');
    await page.getByRole('button', { name: `Edit ${CLASSES.recovery}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit video' });
    await edit.getByLabel('Instructor').selectOption({ label: 'Maya Torres' });
    await edit.getByText('Beginner', { exact: true }).click();
    await edit.getByRole('button', { name: 'Climb', exact: true }).click();
    expect(await edit.getByLabel('Class type', { exact: true }).inputValue()).toBe('Climb');
    await edit.getByRole('button', { name: 'Add track' }).click();
    await edit.getByLabel('Artist, track 1').fill('Robyn');
    await edit.getByLabel('Title, track 1').fill('Dancing On My Own');
    // A start that is no time: the contract's words under the row; then a real one.
    await edit.getByLabel('Start, track 1').fill('4:5');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit
      .getByText('A track starts at a time within the class (minutes and seconds)')
      .waitFor();
    await edit.getByLabel('Start, track 1').fill('4:05');
    await edit.getByLabel('Equipment notes').fill('A towel and a water bottle');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Video updated');

    const saved = await page.request.get('/api/auth/user/videos');
    const video = (await saved.json()).find(
      (v: VideoResponse['video']) => v.title === CLASSES.recovery,
    );
    expect(video).toMatchObject({
      difficulty: 'Beginner',
      classType: 'Climb',
      equipmentNotes: 'A towel and a water bottle',
      music: [{ artist: 'Robyn', title: 'Dancing On My Own', startSeconds: 245 }],
    });
    expect(video.instructorId).toEqual(expect.any(String));
  });

  it('the public page shows them and filters by level, length and search, kept in the address', async () => {
    const page = await e2e.newPage({ width: 1024, height: 768 });
    await page.goto(`/gym/${SLUG}`);
    const cards = page.getByTestId('class-card');
    await cards.first().waitFor();
    const titles = () => cards.locator('h3').allTextContents();

    const recovery = cards.filter({ hasText: CLASSES.recovery });
    expect(await recovery.getByTestId('class-instructor').textContent()).toBe('with Maya Torres');
    await recovery.getByTestId('instructor-photo').waitFor();
    expect(await recovery.locator('[data-difficulty]').textContent()).toBe('Beginner');
    expect(await recovery.getByTestId('class-type').textContent()).toBe('Climb');
    // The defaults where the owner set none.
    const tempo = cards.filter({ hasText: CLASSES.tempo });
    expect(await tempo.getByTestId('class-instructor').textContent()).toBe('with Instructor');
    expect(await tempo.locator('[data-difficulty]').textContent()).toBe('Intermediate');
    // Real figures: 15 + 45 + 30 + 25 minutes, three levels.
    expect(await page.getByTestId('stat-minutes').textContent()).toContain('115');
    expect(await page.getByTestId('stat-levels').textContent()).toContain('3');

    // Two taps: Beginner, then under 20 minutes (chips of 44 px and more).
    const filters = page.getByTestId('class-filters');
    const beginner = filters.getByRole('button', { name: 'Beginner' });
    expect((await beginner.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await beginner.click();
    await expect.poll(titles).toEqual([CLASSES.recovery]);
    await filters.getByRole('button', { name: 'Under 20 min' }).click();
    expect(new URL(page.url()).search).toBe('?difficulty=Beginner&duration=under-20');
    expect(await page.getByTestId('class-count').textContent()).toBe('1 of 4 classes');
    await screenshot(page, 'class-details-gym-filtered-tablet-light');

    await page.reload();
    await cards.first().waitFor();
    expect(await titles()).toEqual([CLASSES.recovery]);
    expect(
      await filters.getByRole('button', { name: 'Beginner' }).getAttribute('aria-pressed'),
    ).toBe('true');
    // Start Class adds ?class= beside the filters; closing the player leaves them as they were
    // (these seeded rows have no media: the player says so).
    await recovery.getByRole('button', { name: /Start Class/ }).click();
    const player = page.getByTestId('class-player');
    await player.getByTestId('player-error').waitFor();
    const playing = new URL(page.url()).searchParams;
    expect([playing.get('difficulty'), playing.get('duration')]).toEqual(['Beginner', 'under-20']);
    expect(playing.get('class')).toMatch(/^[0-9a-f-]{36}$/);
    await player.getByRole('button', { name: 'Classes', exact: true }).click();
    await player.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('?difficulty=Beginner&duration=under-20');
    expect(await titles()).toEqual([CLASSES.recovery]);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(titles).toHaveLength(4);
    expect(new URL(page.url()).search).toBe('');

    // Search: title, instructor, type.
    const search = page.getByRole('searchbox', { name: 'Search classes' });
    await search.fill('tempo');
    await expect.poll(titles).toEqual([CLASSES.tempo]);
    expect(new URL(page.url()).searchParams.get('q')).toBe('tempo');
    await search.fill('leo');
    await expect.poll(titles).toEqual([CLASSES.hill]);
    await search.fill('yoga');
    await page.getByTestId('no-matching-classes').waitFor();
    await page
      .getByTestId('no-matching-classes')
      .getByRole('button', { name: 'Clear filters' })
      .click();
    await expect.poll(titles).toHaveLength(4);
    expect(await search.inputValue()).toBe('');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('screenshots: the instructors page, the edit dialog and the filtered public page', async () => {
    await shots(async (page) => {
      await page.goto('/instructors');
      await page.getByTestId('instructor-row').first().waitFor();
      await page.getByTestId('instructor-photo').waitFor();
    }, 'instructors');
    await shots(
      async (page) => {
        await page.goto('/videos');
        await page.getByRole('button', { name: `Edit ${CLASSES.recovery}` }).click();
        await page
          .getByRole('dialog', { name: 'Edit video' })
          .getByLabel('Artist, track 1')
          .waitFor();
        // The saved instructor shows once the roster's options are there.
        await expect.poll(() => page.getByLabel('Instructor').inputValue()).not.toBe('');
      },
      'edit-dialog',
      { dialog: true },
    );
    await shots(
      async (page) => {
        await page.goto(`/gym/${SLUG}?difficulty=Beginner&q=ride`);
        await page.getByTestId('class-card').first().waitFor();
      },
      'gym-filtered',
      { signedIn: false, reopen: true },
    );
  });
});
