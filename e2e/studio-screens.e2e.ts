import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatScreenCode,
  screenAuthorization,
  SCREEN_PAIRINGS_PATH,
  SCREEN_TIMETABLE_PATH,
  type ScreenPairingStarted,
  type ScreenPairingStatus,
  type ScreenTimetableResponse,
} from '@shared/screens';
import {
  screenshot,
  seriousA11yViolations,
  startE2E,
  VIEWPORTS,
  type E2E,
} from './support/harness';
import { onboardOwner, seedVideos, signIn, type SeededOwner } from './support/seed';

/**
 * Issue #21 part 3, the owner's studio screens (decision 0049): a screen asks for a code through
 * the real pairing API, the owner types it on /screens, the screen picks its token up and reads its
 * timetable; the owner sets classes on the week (an overlap is refused in words naming the other
 * class) and removes the screen: its token is refused at once.
 */

let e2e: E2E;
let owner: SeededOwner;
let token = '';

async function toast(page: Page, title: string) {
  await page
    .locator('[data-slot=toast-title]', { hasText: title })
    .first()
    .waitFor({ timeout: 15_000 });
}

/** What a screen does: POST for a code, then poll with its pairing id. */
async function screenAsksForCode(): Promise<ScreenPairingStarted> {
  const res = await fetch(`${e2e.baseUrl}${SCREEN_PAIRINGS_PATH}`, { method: 'POST' });
  expect(res.status).toBe(201);
  return (await res.json()) as ScreenPairingStarted;
}

const screenTimetable = (bearer: string) =>
  fetch(`${e2e.baseUrl}${SCREEN_TIMETABLE_PATH}`, {
    headers: { authorization: screenAuthorization(bearer) },
  });

beforeAll(async () => {
  e2e = await startE2E();
  owner = await onboardOwner(e2e.app, {
    email: 'ana@ironspin.example',
    companyName: 'Iron Spin',
    slug: 'iron-spin-screens',
  });
  await seedVideos(e2e.database, owner.id, [
    { title: 'Hill Climb', status: 'enhanced', duration: 2700 },
    { title: 'Sprint Intervals', status: 'enhanced', duration: 1200 },
    { title: 'Recovery Spin', status: 'enhanced', duration: 1800 },
    { title: 'Tempo Builder', status: 'processing', duration: 1500 },
  ]);
});
afterAll(async () => {
  await e2e?.close();
});

describe('studio screens', () => {
  it('pairs a screen with the code it shows, sets the week, refuses an overlap and revokes', async () => {
    const page = await e2e.newPage({ width: 1440, height: 900 });
    await signIn(page, owner, e2e.baseUrl);
    await page.goto('/screens');
    await page.getByRole('heading', { name: 'Studio screens', level: 1 }).waitFor();
    await page.getByText('No screens yet').waitFor();
    await page.getByText('No classes on this timetable').waitFor();
    await screenshot(page, 'studio-screens-empty-desktop-light');

    // The screen shows a code; the owner types it in lower case with its dash.
    const pairing = await screenAsksForCode();
    const form = page.getByRole('form', { name: 'Pair a screen' });
    // A wrong code first: the server's words on the field.
    await form.getByLabel('Code on the screen').fill('ZZZ-ZZZ');
    await form.getByLabel('Name').fill('Spin room TV');
    await form.getByRole('button', { name: 'Pair screen' }).click();
    await form.getByText('That code is not valid or has expired.').waitFor();
    await form.getByLabel('Code on the screen').fill(formatScreenCode(pairing.code).toLowerCase());
    await form.getByRole('button', { name: 'Pair screen' }).click();
    await toast(page, 'Screen paired');
    const row = page.getByTestId('screen-row').filter({ hasText: 'Spin room TV' });
    await row.getByTestId('screen-last-seen').filter({ hasText: 'never' }).waitFor();

    // The screen's next poll: its token, once.
    const polled = await fetch(`${e2e.baseUrl}${SCREEN_PAIRINGS_PATH}/${pairing.pairingId}`);
    const status = (await polled.json()) as ScreenPairingStatus;
    expect(status.status).toBe('paired');
    token = status.status === 'paired' ? status.token : '';
    expect((await screenTimetable(token)).status).toBe(200);
    await page.reload();
    await row.getByTestId('screen-last-seen').filter({ hasText: 'just now' }).waitFor();

    // Monday 07:00 Hill Climb on every screen.
    const main = page.getByTestId('timetable-page').first();
    await main.getByRole('button', { name: /Add class/ }).click();
    let dialog = page.getByRole('dialog');
    await dialog
      .getByLabel('Class', { exact: true })
      .selectOption({ label: 'Hill Climb · 45 min' });
    await dialog.getByLabel('Day').selectOption({ label: 'Monday' });
    await dialog.getByLabel('Start time').fill('07:00');
    // Only the ready classes offered on this page are offered.
    expect(
      await dialog.getByLabel('Class', { exact: true }).locator('option').allTextContents(),
    ).toEqual([
      'Choose a class',
      'Hill Climb · 45 min',
      'Recovery Spin · 30 min',
      'Sprint Intervals · 20 min',
    ]);
    await dialog.getByRole('button', { name: 'Add class' }).click();
    await toast(page, 'Class added to the timetable');
    await dialog.waitFor({ state: 'detached' });

    // Sprint at 07:30 the same Monday: refused on the start time, in the server's words.
    await main.getByRole('button', { name: /Add class/ }).click();
    dialog = page.getByRole('dialog');
    await dialog
      .getByLabel('Class', { exact: true })
      .selectOption({ label: 'Sprint Intervals · 20 min' });
    await dialog.getByLabel('Start time').fill('07:30');
    await dialog.getByRole('button', { name: 'Add class' }).click();
    await dialog
      .getByText('This overlaps "Hill Climb" on Monday at 07:00 on the same screen.')
      .waitFor();
    await screenshot(page, 'studio-screens-overlap-desktop-light');
    await dialog.getByLabel('Start time').fill('07:45');
    await dialog.getByRole('button', { name: 'Add class' }).click();
    await toast(page, 'Class added to the timetable');
    // And Recovery on Thursday evening, only on the spin room TV.
    await main.getByRole('button', { name: /Add class/ }).click();
    dialog = page.getByRole('dialog');
    await dialog
      .getByLabel('Class', { exact: true })
      .selectOption({ label: 'Recovery Spin · 30 min' });
    await dialog.getByLabel('Day').selectOption({ label: 'Thursday' });
    await dialog.getByLabel('Start time').fill('18:30');
    await dialog.getByLabel('Every screen of this page').uncheck();
    await expect(dialog.getByLabel('Spin room TV').isChecked()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Add class' }).click();
    await toast(page, 'Class added to the timetable');

    const entries = main.getByTestId('timetable-entry');
    await expect.poll(() => entries.count()).toBe(3);
    const shown = (await entries.allInnerTexts()).map((text) =>
      text.split('\n').filter(Boolean).slice(0, 3).join(' / '),
    );
    // Times of day as this browser writes them ('18:30' or '06:30 PM'), like its Start time field.
    const timeOfDay = (time: string) =>
      page.evaluate((t) => {
        const [hour = 0, minute = 0] = t.split(':').map(Number);
        return new Intl.DateTimeFormat(undefined, {
          hour: '2-digit',
          minute: '2-digit',
          timeZone: 'UTC',
        }).format(Date.UTC(2000, 0, 1, hour, minute));
      }, time);
    expect(shown).toEqual([
      `${await timeOfDay('07:00')} / Hill Climb / 45 min · Every screen`,
      `${await timeOfDay('07:45')} / Sprint Intervals / 20 min · Every screen`,
      `${await timeOfDay('18:30')} / Recovery Spin / 30 min · Spin room TV`,
    ]);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The screen's answer names the classes it plays (the week's within 36 h, when they are).
    const answer = (await (await screenTimetable(token)).json()) as ScreenTimetableResponse;
    expect(answer.screen.name).toBe('Spin room TV');
    expect(answer.gym).toMatchObject({ slug: 'iron-spin-screens', name: 'Iron Spin' });
    for (const entry of answer.entries) expect(entry.endsAt).toBeGreaterThan(Date.now());
    await page.close();

    for (const dark of [false, true]) {
      for (const { name, width, height } of VIEWPORTS) {
        const shot = await e2e.newPage({ width, height, dark });
        await signIn(shot, owner, e2e.baseUrl);
        await shot.goto('/screens');
        await shot.getByTestId('timetable-entry').first().waitFor();
        await screenshot(shot, `studio-screens-${name}-${dark ? 'dark' : 'light'}`);
        await shot.close();
      }
    }

    // Remove: the confirm says it stops at once; the token is refused on its next request.
    const last = await e2e.newPage({ width: 1024, height: 768 });
    await signIn(last, owner, e2e.baseUrl);
    await last.goto('/screens');
    await last.getByRole('button', { name: 'Remove Spin room TV' }).click();
    const confirm = last.getByRole('alertdialog');
    await confirm.getByText('The screen stops at once').waitFor();
    await screenshot(last, 'studio-screens-remove-tablet-light');
    await confirm.getByRole('button', { name: 'Remove screen' }).click();
    await toast(last, 'Screen removed');
    await last.getByText('No screens yet').waitFor();
    // Its only-for-this-screen class went with it.
    await expect.poll(() => last.getByTestId('timetable-entry').count()).toBe(2);
    const refused = await screenTimetable(token);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      message: 'This screen was removed by the studio.',
      code: 'screen_revoked',
    });
    await last.close();
  }, 180_000);
});
