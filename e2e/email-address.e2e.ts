import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  EMAIL_VERIFIED,
  emailChanged,
  INVALID_EMAIL_LINK,
} from '@shared/email-verification.contract';
import { startSmtpServer, type TestSmtpServer } from '@server/test/smtp-server';
import {
  screenshot,
  seriousA11yViolations,
  startE2E,
  VIEWPORTS,
  type E2E,
} from './support/harness';

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

const email = 'lena@cyclehouse.example';
const newEmail = 'front.desk+lena@cyclehouse.example';
const password = 'rolling hills 42';

const linkIn = (text: string | undefined) =>
  /http:\/\/\S+\/verify-email\?token=[\w-]{43}/.exec(text ?? '')?.[0];
const mailTo = (address: string, subject: string) =>
  smtp.waitFor((m) => [m.to ?? []].flat().some((a) => a.text === address) && m.subject === subject);

const banner = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Please verify your email address' });

describe('verified addresses', () => {
  it('sign up → the emailed link verifies → the banner is gone; change the email → confirm → sign in with it', async () => {
    const page = await e2e.newPage({ width: 1440, height: 900 });
    await page.goto('/');
    const toRegister = page.getByText("Don't have an account? Sign up");
    if (await toRegister.isVisible()) await toRegister.click();
    await page.getByLabel('First name').fill('Lena');
    await page.getByLabel('Last name').fill('Cycle');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/onboarding');
    const onboarded = await page.request.post('/api/auth/complete-onboarding', {
      data: { companyName: 'Cycle House', companyType: 'gym', companySlug: 'cycle-house' },
    });
    expect(onboarded.ok()).toBe(true);

    await page.goto('/dashboard');
    await banner(page).waitFor();
    await banner(page).getByText(email).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    for (const dark of [false, true]) {
      for (const { width, height } of VIEWPORTS) {
        const shot = await e2e.newPage({ width, height, dark });
        await shot.context().addCookies(await page.context().cookies());
        await shot.goto('/dashboard');
        await banner(shot).waitFor();
        await screenshot(shot, `verify-banner-${width}-${dark ? 'dark' : 'light'}`);
        await shot.close();
      }
    }

    const mail = await mailTo(email, 'Verify your Cadence email address');
    const link = linkIn(mail.text);
    expect(link?.startsWith(e2e.baseUrl)).toBe(true);
    await page.goto(link!);
    await page.getByRole('status').getByText(EMAIL_VERIFIED).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'verify-email-done-1440-light');
    await page.getByRole('link', { name: 'Go to dashboard' }).click();
    await page.getByRole('heading', { name: /^Welcome( back)?, Lena!$/ }).waitFor();
    expect(await banner(page).count()).toBe(0);

    // The link worked once.
    await page.goto(link!);
    await page.getByRole('alert').getByText(INVALID_EMAIL_LINK).waitFor();

    // Change the email in Settings: it waits for its confirmation.
    await page.goto('/settings');
    const field = page.getByLabel('Email', { exact: true });
    await field.fill(newEmail);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Enter your current password to change your email').waitFor();
    await page.getByLabel('Current password').fill(password);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.locator('[data-slot=toast]', { hasText: 'Confirm your new email' }).waitFor();
    const pending = page.getByRole('status').filter({ hasText: 'Waiting for confirmation of' });
    await pending.getByText(newEmail).waitFor();
    expect(await field.inputValue()).toBe(email);
    expect(await seriousA11yViolations(page)).toEqual([]);
    for (const dark of [false, true]) {
      for (const { width, height } of VIEWPORTS) {
        const shot = await e2e.newPage({ width, height, dark });
        await shot.context().addCookies(await page.context().cookies());
        await shot.goto('/settings');
        await shot.getByText('Waiting for confirmation of').waitFor();
        await screenshot(shot, `settings-email-pending-${width}-${dark ? 'dark' : 'light'}`);
        await shot.close();
      }
    }
    await mailTo(email, 'Your Cadence email address is being changed');
    const confirm = await mailTo(newEmail, 'Confirm your new Cadence email address');

    // Opened signed out (another browser): the change applies.
    const other = await e2e.newPage({ width: 390, height: 844 });
    await other.goto(linkIn(confirm.text)!);
    await other.getByRole('status').getByText(emailChanged(newEmail)).waitFor();
    await screenshot(other, 'verify-email-changed-390-light');
    // The change signed out the account's other sessions (the first browser's too).
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await other.getByRole('link', { name: 'Sign in' }).click();
    const toSignIn = other.getByText('Already have an account? Sign in');
    if (await toSignIn.isVisible()) await toSignIn.click();
    await other.getByLabel('Email').fill(newEmail);
    await other.getByLabel('Password', { exact: true }).fill(password);
    await other.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    await other.waitForURL('**/dashboard');
    await other.getByRole('heading', { name: /^Welcome( back)?, Lena!$/ }).waitFor();
    expect(await banner(other).count()).toBe(0);
  }, 300_000);

  it('says so for a broken link, signed out, on a phone and in dark mode', async () => {
    for (const dark of [false, true]) {
      const page = await e2e.newPage({ width: 390, height: 844, dark });
      await page.goto('/verify-email?token=broken');
      await page.getByRole('alert').getByText(INVALID_EMAIL_LINK).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `verify-email-invalid-390-${dark ? 'dark' : 'light'}`);
      await page.getByRole('link', { name: 'Sign in' }).waitFor();
    }
  });
});
