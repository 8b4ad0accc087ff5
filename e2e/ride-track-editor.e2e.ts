import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIDE_TRACK_MESSAGES, type TempoPoint } from '@shared/ride-track';
import type { OwnerRideTrack } from '@shared/ride-track.contract';
import { classTempo } from '@server/db/schema/ride-tracks';
import { videos } from '@server/db/schema/videos';
import { loadConfig } from '@server/config';
import { mediaKeys } from '@server/media/media-paths';
import { openObjectStore } from '@server/storage/create-object-store';
import {
  screenshot,
  seriousA11yViolations,
  SHOTS_DIR,
  startE2E,
  VIEWPORTS,
  type E2E,
} from './support/harness';
import { seedRealClass } from './support/real-class';
import { onboardOwner, seedVideos, signIn, type SeededOwner } from './support/seed';

/**
 * Issue #20 part 3, the owner's ride track editor: from the library to a class's track; scrub,
 * split at the playhead, drag a boundary (pointer and keys), pick a segment's values, undo and
 * redo, save, and the same track after a reload; a bad value answered under its field; the
 * music's suggestion; removing a track; leaving with unsaved changes asks first.
 */

let e2e: E2E;
let owner: SeededOwner;
/** A real 20-second class that plays in the editor. */
let hillId: string;
/** A seeded 45-minute class with its music's tempo (its file does not play). */
let enduranceId: string;
const HILL = 'Hill Sprint';
const ENDURANCE = 'Endurance Builder';

/** A class's music: steady stretches at these BPM, one point every 5 s, a gap with no beat. */
function tempoOf(stretches: Array<[from: number, bpm: number | null]>, duration: number) {
  const points: TempoPoint[] = [];
  for (let at = 0; at < duration; at += 5) {
    const bpm = [...stretches].reverse().find(([from]) => at >= from)![1];
    points.push({ atSeconds: at, bpm });
  }
  return points;
}

async function toast(page: Page, title: string) {
  await page
    .locator('[data-slot=toast-title]', { hasText: title })
    .first()
    .waitFor({ timeout: 15_000 });
}

const segmentsOf = (page: Page) =>
  page.getByRole('listbox', { name: 'Segments' }).getByRole('option');
const labels = (page: Page) =>
  segmentsOf(page).evaluateAll((options) => options.map((o) => o.getAttribute('aria-label')));
const playhead = (page: Page) => page.getByRole('slider', { name: 'Playhead' });
const form = (page: Page) => page.getByTestId('segment-form');
/** Picks a choice chip of the form (a radio inside its label). */
const pick = (page: Page, name: string) =>
  form(page)
    .locator('label')
    .filter({ has: page.getByRole('radio', { name, exact: true }) })
    .click();
const nameField = (page: Page) => form(page).getByRole('textbox', { name: 'Name', exact: true });
const cueField = (page: Page) => form(page).getByRole('textbox', { name: 'Cue', exact: true });

/** Presses at `fraction` of an element's width (its vertical middle). */
async function pressAt(page: Page, target: Locator, fraction: number) {
  const box = (await target.boundingBox())!;
  await page.mouse.click(box.x + box.width * fraction, box.y + box.height / 2);
}

async function openEditor(page: Page, id: string, title: string) {
  await page.goto(`/videos/${id}/ride-track`);
  await page.getByRole('heading', { name: `Ride track: ${title}`, level: 1 }).waitFor();
  await segmentsOf(page).first().waitFor();
}

async function ownerView(page: Page, id: string): Promise<OwnerRideTrack> {
  const res = await page.request.get(`/api/auth/videos/${id}/ride-track`);
  expect(res.status()).toBe(200);
  return (await res.json()) as OwnerRideTrack;
}

beforeAll(async () => {
  e2e = await startE2E();
  owner = await onboardOwner(e2e.app, {
    email: 'sam@spinloft.example',
    companyName: 'Spin Loft',
    slug: 'spin-loft',
  });
  hillId = await seedRealClass(e2e, owner.id, HILL);
  // Ingest stores whole seconds (the seeded row keeps ffprobe's figure).
  await e2e.database.db.update(videos).set({ duration: '20' }).where(eq(videos.id, hillId));
  const [endurance] = await seedVideos(e2e.database, owner.id, [
    { title: ENDURANCE, status: 'enhanced', duration: 2700, minutesAgo: 5 },
  ]);
  enduranceId = endurance!.id;
  // Its poster: the real class's (its own file does not exist), so the editor shows a frame.
  const store = await openObjectStore(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/cadence-e2e' }),
    Date.now,
  );
  try {
    await store.put(mediaKeys.poster(enduranceId), await store.get(mediaKeys.poster(hillId)), {
      contentType: 'image/jpeg',
    });
  } finally {
    await store.close();
  }
  await e2e.database.db.insert(classTempo).values({
    videoId: enduranceId,
    points: tempoOf(
      [
        [0, 96],
        [300, 128],
        [900, 90],
        [1500, 150],
        [1800, 100],
        [2080, null],
        [2100, 88],
        [2400, 70],
      ],
      2700,
    ),
    detector: 'e2e',
    speed: null,
  });
});
afterAll(async () => {
  await e2e?.close();
});

describe('ride track editor', () => {
  it('the owner splits, drags, picks values, undoes and redoes, saves and reloads', async () => {
    const page = await e2e.newPage({ width: 1280, height: 900 });
    await signIn(page, owner, e2e.baseUrl);

    // From the library: the card's menu, then the edit dialog says there is no track yet.
    await page.goto('/videos');
    await page.getByRole('button', { name: `Actions for ${HILL}` }).click();
    await page.getByRole('menuitem', { name: 'Ride track' }).click();
    await page.getByRole('heading', { name: `Ride track: ${HILL}`, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/videos/${hillId}/ride-track`);

    // A new track: one segment covering the class.
    expect(await labels(page)).toEqual(['Segment 1 of 1: Warm-up, 0:00 to 0:20']);
    expect(await page.getByTestId('ride-track-status').textContent()).toBe('Not saved yet');
    // No tempo was detected in this class: the suggestion says why it is not there.
    await page.getByText(RIDE_TRACK_MESSAGES.noTempo).waitFor();
    expect(await page.getByRole('button', { name: 'Start from the music' }).isDisabled()).toBe(
      true,
    );

    // Scrub: a click half way along the ruler puts the playhead, and the video, at 0:10.
    const video = page.getByTestId('ride-track-video');
    await video.evaluate((v: HTMLVideoElement) =>
      v.readyState >= 1
        ? undefined
        : new Promise((resolve) => v.addEventListener('loadedmetadata', resolve, { once: true })),
    );
    await pressAt(page, playhead(page), 0.5);
    expect(await playhead(page).getAttribute('aria-valuenow')).toBe('10');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => Math.round(v.currentTime)))
      .toBe(10);
    // The arrow keys scrub too.
    await playhead(page).press('ArrowRight');
    await playhead(page).press('Shift+ArrowLeft');
    expect(await playhead(page).getAttribute('aria-valuenow')).toBe('1');
    await playhead(page).press('Shift+ArrowRight');
    await playhead(page).press('ArrowLeft');
    expect(await page.getByTestId('ride-track-time').textContent()).toBe('0:10 / 0:20');

    // S splits at the playhead; the new second half is selected.
    await page.keyboard.press('s');
    expect(await labels(page)).toEqual([
      'Segment 1 of 2: Warm-up, 0:00 to 0:10',
      'Segment 2 of 2: Warm-up, 0:10 to 0:20',
    ]);
    expect(await segmentsOf(page).nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('ride-track-notice').textContent()).toBe('Split at 0:10');
    // Too near an edge: refused, with why.
    await page.getByRole('button', { name: 'Split at playhead' }).click();
    expect(await page.getByTestId('ride-track-notice').textContent()).toContain(
      'at least 5 seconds',
    );
    expect(await segmentsOf(page).count()).toBe(2);

    // Drag the boundary to 0:14 with the pointer.
    const boundary = page.getByRole('slider', { name: 'Boundary between Warm-up and Warm-up' });
    const strip = (await page.getByRole('listbox', { name: 'Segments' }).boundingBox())!;
    const handle = (await boundary.boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(strip.x + strip.width * 0.6, handle.y + handle.height / 2, { steps: 4 });
    await page.mouse.move(strip.x + strip.width * 0.7, handle.y + handle.height / 2, { steps: 4 });
    await page.mouse.up();
    expect(await boundary.getAttribute('aria-valuenow')).toBe('14');
    // The video shows the moment the boundary is at.
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => Math.round(v.currentTime)))
      .toBe(14);
    // And with the keys: a second, ten with Shift, never closer than 5 s to the segment's end.
    await boundary.focus();
    await boundary.press('ArrowLeft');
    expect(await boundary.getAttribute('aria-valuenow')).toBe('13');
    await boundary.press('Shift+ArrowRight');
    expect(await boundary.getAttribute('aria-valuenow')).toBe('15');
    await boundary.press('ArrowLeft');
    expect(await labels(page)).toEqual([
      'Segment 1 of 2: Warm-up, 0:00 to 0:14',
      'Segment 2 of 2: Warm-up, 0:14 to 0:20',
    ]);

    // The selected segment's values.
    await form(page).getByRole('button', { name: 'Climb', exact: true }).click();
    expect(await nameField(page).inputValue()).toBe('Climb');
    await form(page).getByLabel('Lowest cadence, RPM').fill('80');
    await form(page).getByLabel('Highest cadence, RPM').fill('90');
    await form(page).getByLabel('Resistance').selectOption('7');
    await pick(page, 'Zone 4 · Hard');
    await pick(page, 'Standing');
    await cueField(page).fill('Out of the saddle');
    const climb =
      'Segment 2 of 2: Climb, 0:14 to 0:20, 80–90 RPM · resistance 7 · zone 4 · standing';
    expect((await labels(page))[1]).toBe(climb);
    expect(await page.getByTestId('ride-track-status').textContent()).toBe('Unsaved changes');

    // Undo the cue (one step for the typing) and standing; redo both (button and keys).
    await page.keyboard.press('Control+z');
    expect(await cueField(page).inputValue()).toBe('');
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await form(page).getByRole('radio', { name: 'Seated' }).isChecked()).toBe(true);
    expect((await labels(page))[1]).toBe(
      'Segment 2 of 2: Climb, 0:14 to 0:20, 80–90 RPM · resistance 7 · zone 4',
    );
    await page.getByRole('button', { name: 'Redo' }).click();
    await page.keyboard.press('Shift+Control+z');
    expect(await cueField(page).inputValue()).toBe('Out of the saddle');
    expect((await labels(page))[1]).toBe(climb);

    // Segment 1: selected with the keys, given a name of the owner's own.
    const list = page.getByRole('listbox', { name: 'Segments' });
    await list.focus();
    await list.press('ArrowLeft');
    expect(await segmentsOf(page).first().getAttribute('aria-selected')).toBe('true');
    await nameField(page).fill('Easy spin');
    await pick(page, 'Zone 2 · Light');

    await page.getByRole('button', { name: 'Save track' }).click();
    await toast(page, 'Ride track saved');
    await expect.poll(() => page.getByTestId('ride-track-status').textContent()).toMatch(/^Saved /);
    const expected = [
      {
        startSeconds: 0,
        endSeconds: 14,
        name: 'Easy spin',
        cadence: null,
        resistance: null,
        zone: 2,
        position: 'seated',
        cue: '',
      },
      {
        startSeconds: 14,
        endSeconds: 20,
        name: 'Climb',
        cadence: { min: 80, max: 90 },
        resistance: 7,
        zone: 4,
        position: 'standing',
        cue: 'Out of the saddle',
      },
    ];
    expect((await ownerView(page, hillId)).rideTrack?.segments).toEqual(expected);

    // After a reload: the same track.
    await page.reload();
    await segmentsOf(page).first().waitFor();
    expect(await labels(page)).toEqual(['Segment 1 of 2: Easy spin, 0:00 to 0:14, zone 2', climb]);
    await pressAt(page, list, 0.9);
    expect(await cueField(page).inputValue()).toBe('Out of the saddle');
    expect(await form(page).getByLabel('Resistance').inputValue()).toBe('7');

    // The library's edit dialog says the class has one.
    await page.goto('/videos');
    await page.getByRole('button', { name: `Edit ${HILL}` }).click();
    const summary = page
      .getByRole('dialog', { name: 'Edit video' })
      .getByTestId('ride-track-summary');
    await expect.poll(() => summary.textContent()).toContain('2 segments, saved');
    await summary.getByRole('link', { name: 'Edit ride track' }).click();
    await page.getByRole('heading', { name: `Ride track: ${HILL}`, level: 1 }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('a bad value is answered under its field, against its segment; leaving unsaved asks first', async () => {
    const page = await e2e.newPage({ width: 1024, height: 768 });
    await signIn(page, owner, e2e.baseUrl);
    await openEditor(page, hillId, HILL);
    const list = page.getByRole('listbox', { name: 'Segments' });
    await pressAt(page, list, 0.9);

    // The lowest cadence above the highest: the server's words under the cadence of segment 2.
    await form(page).getByLabel('Lowest cadence, RPM').fill('95');
    await page.getByRole('button', { name: 'Save track' }).click();
    const message = form(page).getByText(RIDE_TRACK_MESSAGES.cadence);
    await message.waitFor();
    expect(await form(page).getByLabel('Highest cadence, RPM').getAttribute('aria-invalid')).toBe(
      'true',
    );
    const problems = page.getByTestId('ride-track-problems');
    expect(await problems.getByRole('button').textContent()).toBe(
      `Segment 2 (Climb): ${RIDE_TRACK_MESSAGES.cadence}`,
    );
    expect(await segmentsOf(page).nth(1).getAttribute('aria-label')).toContain('has a problem');
    // From the list of problems to the field, whichever segment is selected.
    await list.focus();
    await list.press('Home');
    await problems.getByRole('button').click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Lowest cadence, RPM');
    // Fixed: the message goes; the track saves.
    await form(page).getByLabel('Highest cadence, RPM').fill('100');
    await message.waitFor({ state: 'detached' });
    expect(await problems.count()).toBe(0);

    // Unsaved: leaving through the sidebar asks first; Cancel stays.
    await page.getByRole('link', { name: 'Video Library' }).first().click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    expect(new URL(page.url()).pathname).toBe(`/videos/${hillId}/ride-track`);
    await page.getByRole('button', { name: 'Save track' }).click();
    await toast(page, 'Ride track saved');
    expect((await ownerView(page, hillId)).rideTrack?.segments[1]?.cadence).toEqual({
      min: 95,
      max: 100,
    });
    // Saved: leaving asks nothing.
    await page.getByRole('link', { name: 'Video Library' }).first().click();
    await page.getByRole('heading', { name: 'Video Library', level: 1 }).waitFor();

    // Unsaved again: confirmed, it leaves without saving.
    await openEditor(page, hillId, HILL);
    await pressAt(page, page.getByRole('listbox', { name: 'Segments' }), 0.2);
    await cueField(page).fill('Find your rhythm');
    await page.getByRole('link', { name: 'Video Library' }).last().click();
    await page.getByRole('alertdialog', { name: 'Leave without saving?' }).waitFor();
    await page.getByRole('button', { name: 'Leave without saving' }).click();
    await page.getByRole('heading', { name: 'Video Library', level: 1 }).waitFor();
    expect((await ownerView(page, hillId)).rideTrack?.segments[0]?.cue).toBe('');
  });

  it('starts from the music, and removes a track', async () => {
    const page = await e2e.newPage({ width: 1440, height: 900 });
    await signIn(page, owner, e2e.baseUrl);
    await openEditor(page, enduranceId, ENDURANCE);
    const view = await ownerView(page, enduranceId);
    expect(view.suggestion?.length).toBeGreaterThan(3);
    await page.getByTestId('ride-track-tempo').waitFor();

    await page.getByRole('button', { name: 'Start from the music' }).click();
    expect(await segmentsOf(page).count()).toBe(view.suggestion!.length);
    expect((await labels(page))[0]).toMatch(/^Segment 1 of \d+: Warm-up, 0:00 to /);
    // The owner edits one, and can go back to the single segment.
    await pressAt(page, page.getByRole('listbox', { name: 'Segments' }), 0.5);
    await cueField(page).fill('Hold it steady');
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    expect(await segmentsOf(page).count()).toBe(1);
    await page.keyboard.press('Control+y');
    expect(await segmentsOf(page).count()).toBe(view.suggestion!.length);

    await page.getByRole('button', { name: 'Save track' }).click();
    await toast(page, 'Ride track saved');
    expect((await ownerView(page, enduranceId)).rideTrack?.segments).toEqual(view.suggestion);

    // Zoomed in four times, the timeline scrolls and keeps the playhead in view.
    await pressAt(page, playhead(page), 0.7);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    const timeline = page.getByTestId('ride-track-timeline');
    const scroll = () =>
      timeline.evaluate((box) => ({
        ratio: Math.round(box.scrollWidth / box.clientWidth),
        left: box.scrollLeft,
      }));
    await expect.poll(async () => (await scroll()).ratio).toBe(4);
    expect((await scroll()).left).toBeGreaterThan(0);
    const shown = (await timeline.boundingBox())!;
    const line = (await page.getByTestId('ride-track-playhead').boundingBox())!;
    expect(line.x).toBeGreaterThan(shown.x);
    expect(line.x).toBeLessThan(shown.x + shown.width);
    // The keys move it on.
    await playhead(page).press('Shift+ArrowRight');
    expect(await playhead(page).getAttribute('aria-valuenow')).toBe('1900');
    await page.waitForTimeout(250);
    // As seen: a full-page capture lays the page out again, which resets the timeline's scroll.
    await page.screenshot({
      path: path.join(SHOTS_DIR, 'ride-track-editor-zoomed-desktop-light.png'),
    });

    await page.getByRole('button', { name: 'Remove track' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove this ride track?' });
    await confirm.getByRole('button', { name: 'Remove track' }).click();
    await toast(page, 'Ride track removed');
    expect(await labels(page)).toEqual(['Segment 1 of 1: Warm-up, 0:00 to 45:00']);
    expect(await page.getByTestId('ride-track-status').textContent()).toBe('Not saved yet');
    expect((await ownerView(page, enduranceId)).rideTrack).toBeNull();
  });

  it('screenshots at three widths, light and dark', async () => {
    // The 45-minute class with the music's track saved, one segment's cue written.
    const suggestion = (
      await e2e.app.inject({
        method: 'GET',
        url: `/api/auth/videos/${enduranceId}/ride-track`,
        headers: { cookie: owner.cookie },
      })
    ).json<OwnerRideTrack>().suggestion!;
    const saved = await e2e.app.inject({
      method: 'PUT',
      url: `/api/auth/videos/${enduranceId}/ride-track`,
      headers: { cookie: owner.cookie },
      payload: { segments: suggestion },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    for (const dark of [false, true]) {
      const page = await e2e.newPage({
        width: VIEWPORTS[0].width,
        height: VIEWPORTS[0].height,
        dark,
      });
      await signIn(page, owner, e2e.baseUrl);
      await openEditor(page, enduranceId, ENDURANCE);
      await pressAt(page, page.getByRole('listbox', { name: 'Segments' }), 0.42);
      for (const { name, width, height } of VIEWPORTS) {
        await page.setViewportSize({ width, height });
        await page.waitForTimeout(250);
        await screenshot(page, `ride-track-editor-${name}-${dark ? 'dark' : 'light'}`);
      }
      // The real class, with a problem shown, at a tablet's size.
      if (!dark) {
        await page.setViewportSize({ width: 1024, height: 768 });
        await openEditor(page, hillId, HILL);
        await pressAt(page, page.getByRole('listbox', { name: 'Segments' }), 0.9);
        await form(page).getByLabel('Highest cadence, RPM').fill('');
        await page.getByRole('button', { name: 'Save track' }).click();
        await page.getByTestId('ride-track-problems').waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(250);
        await screenshot(page, 'ride-track-editor-problem-tablet-light');
      }
      await page.close();
    }
  });
});
