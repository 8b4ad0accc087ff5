import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  screenshot,
  seriousA11yViolations,
  startE2E,
  VIEWPORTS,
  type E2E,
} from './support/harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
  // Another gym already holds 'iron-spin', so the wizard must refuse it.
  const other = await e2e.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: 'other@example.com', password: 'other-pass', firstName: 'O', lastName: 'G' },
  });
  const cookie = `cadence.sid=${other.cookies.find((c) => c.name === 'cadence.sid')!.value}`;
  await e2e.app.inject({
    method: 'POST',
    url: '/api/auth/complete-onboarding',
    headers: { cookie },
    payload: { companyName: 'Iron Spin', companyType: 'gym', companySlug: 'iron-spin' },
  });
});
afterAll(() => e2e?.close());

const email = 'maya@ironspin.example';
const password = 'pedal-hard-42';

async function toast(page: Page, title: string) {
  await page.getByText(title, { exact: true }).first().waitFor({ timeout: 10_000 });
}

describe('a new owner signs up, onboards, signs out and signs in', () => {
  it('register → onboarding (Back, a taken slug) → dashboard → sign out → sign in', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started Free' }).first().waitFor();

    // The auth card starts on sign-in or register; make sure we are on register.
    const toRegister = page.getByText("Don't have an account? Sign up");
    if (await toRegister.isVisible()) await toRegister.click();
    await page.getByLabel('First name').fill('Maya');
    await page.getByLabel('Last name').fill('Iron');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/onboarding');

    // Step 1: company info, with the product's validation messages.
    await page.getByLabel('Company name').fill('I');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Company name must be at least 2 characters').waitFor();
    await page.getByText('Please select a company type').waitFor();
    await page.getByLabel('Company name').fill('Iron Spin!! Studio');
    await page.getByLabel('Company type').click();
    await page.getByRole('option', { name: 'Fitness Studio' }).click();
    await page.getByLabel('Description').fill('Rhythm rides and climbs.');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 2: the slug is prefilled from the business name.
    const slug = page.getByLabel('Public URL');
    await expect(slug.inputValue()).resolves.toBe('iron-spin-studio');

    // Back keeps the data.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Company name').inputValue()).resolves.toBe('Iron Spin!! Studio');
    await expect(page.getByLabel('Description').inputValue()).resolves.toBe(
      'Rhythm rides and climbs.',
    );
    await page.getByRole('button', { name: 'Continue' }).click();

    // A taken slug is said under the field as it is typed, with free ones to pick.
    await slug.fill('iron-spin');
    await page.getByText('This URL slug is already taken. Please try another.').first().waitFor();
    await page.getByRole('button', { name: 'iron-spin-studio' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('This URL slug is already taken. Please try another.').first().waitFor();
    await expect(page.getByRole('button', { name: 'Complete Setup' }).count()).resolves.toBe(0);

    await slug.fill('iron-spin-studio');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 3 and Back from it.
    await page.getByRole('button', { name: 'Complete Setup' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(slug.inputValue()).resolves.toBe('iron-spin-studio');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.waitForURL('**/dashboard');
    await toast(page, 'Cadence');
    await page.getByText("Your account setup is complete. Let's get started!").first().waitFor();
    await page.getByText('Iron Spin!! Studio').first().waitFor();

    // Onboarded owners are sent from /onboarding to /dashboard, and unknown paths show the 404.
    await page.goto('/onboarding');
    await page.waitForURL('**/dashboard');
    await page.goto('/no-such-page');
    await page.getByText('404 Page Not Found').waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();

    // Sign out, then sign in again.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /log out/i }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Get Started Free' }).first().waitFor();
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Get Started Free' }).first().waitFor(); // signed out: landing

    const toSignIn = page.getByText('Already have an account? Sign in');
    if (await toSignIn.isVisible()) await toSignIn.click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    // Under the password, where it happened.
    await page.locator('#login-password-error').getByText('Invalid email or password').waitFor();

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Iron Spin!! Studio').first().waitFor();
  });

  it('a signed-in owner who has not onboarded is always sent to /onboarding', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    const res = await page.request.post('/api/auth/register', {
      data: { email: 'new@example.com', password: 'new-owner-pass', firstName: 'N', lastName: 'O' },
    });
    expect(res.status()).toBe(201);
    for (const path of ['/dashboard', '/videos', '/', '/anything']) {
      await page.goto(path);
      await page.waitForURL('**/onboarding');
    }
  });
});

describe('the theme', () => {
  it("follows the system's dark mode until the visitor picks one, then keeps the pick", async () => {
    const page = await e2e.newPage({ systemDark: true });
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started Free' }).first().waitFor();
    expect(await isDark()).toBe(true);

    await page.getByRole('button', { name: 'Toggle theme' }).first().click();
    expect(await isDark()).toBe(false);
    await page.reload();
    await page.getByRole('button', { name: 'Get Started Free' }).first().waitFor();
    expect(await isDark()).toBe(false);
  });
});

describe('the screens look finished and pass axe', () => {
  it('landing, onboarding and dashboard at phone, tablet and desktop, light and dark', async () => {
    const problems: string[] = [];
    for (const dark of [false, true]) {
      for (const vp of VIEWPORTS) {
        const theme = dark ? 'dark' : 'light';
        const page = await e2e.newPage({ width: vp.width, height: vp.height, dark });
        await page.goto('/');
        await page.getByRole('button', { name: 'Get Started Free' }).first().waitFor();
        await screenshot(page, `landing-${vp.name}-${theme}`);
        problems.push(
          ...(await seriousA11yViolations(page)).map((v) => `landing ${vp.name} ${theme}: ${v}`),
        );

        const who = `${vp.name}-${theme}@example.com`;
        await page.request.post('/api/auth/register', {
          data: { email: who, password: 'screens-pass', firstName: 'S', lastName: 'C' },
        });
        await page.goto('/onboarding');
        await page.getByLabel('Company name').waitFor();
        await screenshot(page, `onboarding-${vp.name}-${theme}`);
        problems.push(
          ...(await seriousA11yViolations(page)).map((v) => `onboarding ${vp.name} ${theme}: ${v}`),
        );

        await page.request.post('/api/auth/complete-onboarding', {
          data: {
            companyName: 'Screen Gym',
            companyType: 'gym',
            companySlug: `screen-${vp.name}-${theme}`,
          },
        });
        await page.goto('/dashboard');
        await page.getByText('Screen Gym').first().waitFor();
        await screenshot(page, `dashboard-${vp.name}-${theme}`);
        problems.push(
          ...(await seriousA11yViolations(page)).map((v) => `dashboard ${vp.name} ${theme}: ${v}`),
        );
        await page.context().close();
      }
    }
    expect(problems).toEqual([]);
  }, 400_000);
});
