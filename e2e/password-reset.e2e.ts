import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  INVALID_RESET_LINK,
  PASSWORD_RESET_DONE,
  RESET_REQUESTED,
} from '@shared/password-reset.contract';
import { startSmtpServer, type TestSmtpServer } from '@server/test/smtp-server';
import {
  SHOTS_DIR,
  screenshot,
  seriousA11yViolations,
  startE2E,
  type E2E,
} from './support/harness';
import { onboardOwner } from './support/seed';

let smtp: TestSmtpServer;
let e2e: E2E;
beforeAll(async () => {
  smtp = await startSmtpServer();
  e2e = await startE2E({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Cadence <no-reply@cadence.test>' },
    mail: { worker: true, settings: { pollingIntervalSeconds: 0.5 } },
  });
});
afterAll(async () => {
  await e2e?.close();
  await smtp?.close();
});

async function requestLink(page: Page, email: string) {
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await dialog.getByRole('status').getByText(RESET_REQUESTED).waitFor();
  return dialog;
}

const linkIn = (text: string | undefined) =>
  /http:\/\/\S+\/reset-password\?token=[\w-]{43}/.exec(text ?? '')?.[0];

describe('forgot password', () => {
  it('requests a link on the sign-in card, opens the emailed link, sets a password and signs in with it', async () => {
    const owner = await onboardOwner(e2e.app, {
      email: 'reset.me@spinhouse.example',
      companyName: 'Spin House',
      slug: 'spin-house',
    });
    const page = await e2e.newPage({ width: 1440, height: 900 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Already have an account? Sign in' }).click();
    const dialog = await requestLink(page, owner.email);
    // The dialog's submit did not submit the sign-in form around its trigger.
    expect(await page.getByText('Email is required').count()).toBe(0);
    await screenshot(page, 'forgot-password-1440-light');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    const mail = await smtp.waitFor((m) => m.subject === 'Reset your Cadence password');
    const link = linkIn(mail.text);
    expect(link?.startsWith(e2e.baseUrl)).toBe(true);

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'reset-password-1440-light');
    await page.getByLabel('New password', { exact: true }).fill('a fresh start 2026');
    await page.getByLabel('Confirm new password').fill('a fresh start 2027');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm new password').fill('a fresh start 2026');
    await page.getByRole('button', { name: 'Set new password' }).click();

    await page.locator('[data-slot=toast]').getByText(PASSWORD_RESET_DONE).waitFor();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill('a fresh start 2026');
    // Signed in, the card reloads the app on /dashboard.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await reloaded;
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    // The link worked once.
    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill('another start 2026');
    await page.getByLabel('Confirm new password').fill('another start 2026');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('alert').getByText(INVALID_RESET_LINK).waitFor();
    await page.getByRole('button', { name: 'Request a new link' }).waitFor();
  });

  it('says so at once for a broken link, and offers a new one; the admin login offers it too', async () => {
    for (const dark of [false, true]) {
      for (const width of [390, 1440]) {
        const theme = dark ? 'dark' : 'light';
        const page = await e2e.newPage({ width, height: width < 500 ? 844 : 900, dark });
        await page.goto('/reset-password?token=broken');
        await page.getByRole('alert').getByText(INVALID_RESET_LINK).waitFor();
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, `reset-link-invalid-${width}-${theme}`);

        await page.goto('/reset-password?token=' + 'A'.repeat(43));
        await page.getByLabel('New password', { exact: true }).waitFor();
        await screenshot(page, `reset-password-${width}-${theme}`);

        await page.goto('/admin');
        const dialog = await requestLink(page, 'nobody@spinhouse.example');
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, `admin-forgot-password-${width}-${theme}`);
        await dialog.getByRole('button', { name: 'Close' }).first().click();

        await page.goto('/');
        await page.getByRole('button', { name: 'Already have an account? Sign in' }).click();
        await page.getByRole('button', { name: 'Forgot password?' }).waitFor();
        await page
          .locator('#auth-card')
          .screenshot({ path: path.join(SHOTS_DIR, `sign-in-card-${width}-${theme}.png`) });
      }
    }
  });
});
