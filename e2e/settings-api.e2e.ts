import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@server/db/schema/users';
import { webhookEndpoints } from '@server/db/schema/webhooks';
import { API_KEY_MESSAGES, API_KEY_PREFIX } from '@shared/api-keys.contract';
import { WEBHOOK_MESSAGES, WEBHOOK_SECRET_PREFIX } from '@shared/webhooks.contract';
import {
  screenshot,
  seriousA11yViolations,
  startE2E,
  VIEWPORTS,
  type E2E,
} from './support/harness';
import { onboardOwner, signIn, type SeededOwner } from './support/seed';

/**
 * Issue #19 parts 1 and 4, Settings > API: an Elite Studio owner makes a read key, sees its secret
 * once, uses it on /api/v1 and revokes it; registers a webhook endpoint on a local receiver, sends
 * a test event and finds it in the delivery log; off Elite the screen shows the lock and what was
 * made before stays listed and can be removed.
 */

let e2e: E2E;
let owner: SeededOwner;
let receiver: Server;
let hookUrl: string;
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];

beforeAll(async () => {
  // The receiver is on loopback: the operator's setting lets webhooks reach it (development).
  e2e = await startE2E({ env: { WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' } });
  owner = await onboardOwner(e2e.app, {
    email: 'kai@peakcycle-api.example',
    companyName: 'Peak Cycle',
    slug: 'peak-cycle-api',
  });
  await e2e.database.db.update(users).set({ plan: 'elite-studio' }).where(eq(users.id, owner.id));
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/cadence`;
});
afterAll(async () => {
  await e2e?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function apiPage(who: SeededOwner, options: Parameters<E2E['newPage']>[0] = {}) {
  const page = await e2e.newPage(options);
  await signIn(page, who, e2e.baseUrl);
  await page.goto('/settings/api');
  await page.getByRole('heading', { name: 'API and webhooks', level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Webhooks', level: 2 }).waitFor();
  return page;
}

async function toast(page: Page, title: string) {
  await page
    .locator('[data-slot=toast-title]', { hasText: title })
    .first()
    .waitFor({ timeout: 15_000 });
}

/** A dialog's screenshot once its opening transition is over. */
async function dialogShot(page: Page, name: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished),
    ),
  );
  await screenshot(page, name);
}

const listClasses = (secret: string) =>
  fetch(`${e2e.baseUrl}/api/v1/classes`, { headers: { Authorization: `Bearer ${secret}` } });

describe('Settings > API on Elite Studio', () => {
  it('makes a read key, shows its secret once, and revokes it', async () => {
    const page = await e2e.newPage({ width: 1440, height: 900 });
    await signIn(page, owner, e2e.baseUrl);
    // The way in: Settings' own card.
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Manage API keys and webhooks' }).click();
    await page.waitForURL('**/settings/api');
    await page.getByRole('heading', { name: 'API and webhooks', level: 1 }).waitFor();
    await page.getByText('No API keys yet').waitFor();
    expect(await page.getByTestId('locked-note').count()).toBe(0);
    expect(
      await page
        .getByRole('link', { name: /API reference/ })
        .first()
        .getAttribute('href'),
    ).toBe('/api/docs');

    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    // Nameless: refused under the field, in the contract's words.
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByText(API_KEY_MESSAGES.nameRequired).waitFor();
    await dialog.getByLabel('Name').fill('Booking site');
    expect(await dialog.getByRole('combobox', { name: 'Access' }).textContent()).toBe('Read only');
    await dialog.getByRole('button', { name: 'Create key' }).click();

    // The secret, once: Escape does not lose it.
    const shown = page.getByRole('dialog', { name: '“Booking site” is ready' });
    await shown.getByText(API_KEY_MESSAGES.created).waitFor();
    const secret = (await shown.getByTestId('secret-value').textContent())!;
    expect(secret.startsWith(API_KEY_PREFIX)).toBe(true);
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    expect(await focused()).toBe('Copy');
    await page.keyboard.press('Escape');
    expect(await shown.isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialogShot(page, 'settings-api-key-secret-desktop-light');
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await shown.waitFor({ state: 'detached' });
    expect(await page.getByTestId('secret-value').count()).toBe(0);
    expect(await focused()).toBe('Create key');

    const row = page.getByTestId('api-key').filter({ hasText: 'Booking site' });
    expect(await row.getByText('Read only').isVisible()).toBe(true);
    expect(await row.getByText(`${API_KEY_PREFIX}…${secret.slice(-4)}`).isVisible()).toBe(true);
    await row.getByText('Never used').waitFor();

    // The key works on /api/v1, and the screen shows its use.
    expect((await listClasses(secret)).status).toBe(200);
    await page.reload();
    await row.getByText('Last used just now').waitFor();

    await row.getByRole('button', { name: 'Revoke Booking site' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke “Booking site”?' });
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await toast(page, API_KEY_MESSAGES.revoked);
    await row.getByText('Revoked', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
    expect((await listClasses(secret)).status).toBe(401);
  });

  it('adds a webhook endpoint, sends a test event and shows it delivered in the log', async () => {
    const page = await apiPage(owner, { width: 390, height: 844 });
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an endpoint' });
    const url = dialog.getByLabel('URL');
    // The server's refusal lands under the URL; no event chosen lands under the events.
    await url.fill(hookUrl.replace('http://', 'http://user:secret@'));
    await dialog.getByRole('checkbox', { name: 'Class ready' }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await dialog.getByText(WEBHOOK_MESSAGES.urlCredentials).waitFor();
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('checkbox', { name: 'Class ready' }).uncheck();
    await url.fill(hookUrl);
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await dialog.getByText(WEBHOOK_MESSAGES.eventsRequired).waitFor();
    await dialog.getByLabel('Description').fill('Booking site');
    await dialog.getByRole('checkbox', { name: 'Class ready' }).check();
    await dialog.getByRole('checkbox', { name: 'Class failed' }).check();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialogShot(page, 'settings-api-webhook-add-phone-light');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const shown = page.getByRole('dialog', { name: 'Endpoint added' });
    await shown.getByText(WEBHOOK_MESSAGES.created).waitFor();
    const secret = (await shown.getByTestId('secret-value').textContent())!;
    expect(secret.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true);
    await dialogShot(page, 'settings-api-webhook-secret-phone-light');
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await shown.waitFor({ state: 'detached' });

    const endpoint = page.getByTestId('webhook-endpoint');
    await endpoint.getByRole('heading', { name: hookUrl }).waitFor();
    expect(await endpoint.getByRole('list', { name: 'Events' }).textContent()).toBe(
      'Class readyClass failed',
    );
    await endpoint.getByText(`${WEBHOOK_SECRET_PREFIX}…${secret.slice(-4)}`).waitFor();

    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await toast(page, WEBHOOK_MESSAGES.testSent);
    await page.getByText(/^Delivered: HTTP 200 in \d+ ms$/).waitFor();
    const delivery = endpoint.getByTestId('delivery').first();
    await delivery.waitFor();
    expect(await delivery.getByTestId('delivery-status').textContent()).toBe('Succeeded');
    expect(await delivery.getByText('Test event').isVisible()).toBe(true);
    expect(await delivery.getByTestId('delivery-facts').textContent()).toMatch(
      /^HTTP 200 · \d+ ms · 1 attempt$/,
    );
    // The receiver got it, signed the Standard Webhooks way.
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'webhook.test' });
    expect(received[0]!.headers['webhook-signature']).toMatch(/^v1,/);

    // Edit: the form starts from the endpoint as saved.
    await endpoint.getByRole('button', { name: `Edit ${hookUrl}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit endpoint' });
    expect(await edit.getByLabel('URL').inputValue()).toBe(hookUrl);
    expect(await edit.getByRole('checkbox', { name: 'Class failed' }).isChecked()).toBe(true);
    await edit.getByRole('checkbox', { name: 'Class deleted' }).check();
    await edit.getByRole('button', { name: 'Save endpoint' }).click();
    await toast(page, WEBHOOK_MESSAGES.saved);
    await edit.waitFor({ state: 'detached' });
    expect(await endpoint.getByRole('list', { name: 'Events' }).textContent()).toBe(
      'Class readyClass failedClass deleted',
    );

    // The switch: off by the owner, then on again.
    const enabled = endpoint.getByRole('switch', { name: 'Receive events' });
    await enabled.click();
    await toast(page, WEBHOOK_MESSAGES.disabled);
    await endpoint.getByText(WEBHOOK_MESSAGES.disabledByOwner).waitFor();
    await enabled.click();
    await toast(page, WEBHOOK_MESSAGES.enabled);
    expect(await enabled.getAttribute('aria-checked')).toBe('true');
  });

  it('shows an endpoint that turned itself off prominently, at every size and theme', async () => {
    await e2e.database.db
      .update(webhookEndpoints)
      .set({
        disabledAt: new Date(),
        disabledReason: WEBHOOK_MESSAGES.disabledAfterFailures(5),
        failureStreak: 5,
      })
      .where(eq(webhookEndpoints.userId, owner.id));
    for (const dark of [false, true]) {
      const page = await apiPage(owner, { dark });
      const endpoint = page.getByTestId('webhook-endpoint');
      await endpoint
        .getByTestId('webhook-disabled-reason')
        .getByText(WEBHOOK_MESSAGES.disabledAfterFailures(5))
        .waitFor();
      await endpoint.getByRole('button', { name: 'Delivery log' }).click();
      await endpoint.getByTestId('delivery').first().waitFor();
      if (!dark) expect(await seriousA11yViolations(page)).toEqual([]);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        // Long URLs and secrets wrap instead of widening the page (once it has laid itself out
        // for the new width: the sidebar folds away on a phone after its media query fires).
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
          .toBeLessThanOrEqual(viewport.width);
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `settings-api-${viewport.name}-${dark ? 'dark' : 'light'}`);
      }
      await page.context().close();
    }
  });
});

describe('Settings > API off Elite Studio', () => {
  it('shows the lock; keys and endpoints made before stay listed and can be removed', async () => {
    const starter = await onboardOwner(e2e.app, {
      email: 'noa@spinstarter-api.example',
      companyName: 'Spin Starter',
      slug: 'spin-starter-api',
    });
    const fresh = await apiPage(starter, { width: 390, height: 844 });
    const locks = fresh.getByTestId('locked-note');
    await locks.first().waitFor();
    expect(await locks.allTextContents()).toEqual([
      `${API_KEY_MESSAGES.locked} Upgrade to Elite Studio`,
      `${WEBHOOK_MESSAGES.locked} Upgrade to Elite Studio`,
    ]);
    expect(await fresh.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    expect(await fresh.getByRole('button', { name: 'Add endpoint' }).count()).toBe(0);
    expect(await seriousA11yViolations(fresh)).toEqual([]);
    await screenshot(fresh, 'settings-api-locked-phone-light');

    // The Elite owner moves down: the revoked key and the endpoint stay, the endpoint can go.
    await e2e.database.db.update(users).set({ plan: 'spin-master' }).where(eq(users.id, owner.id));
    const page = await apiPage(owner, { width: 1024, height: 768 });
    await page.getByTestId('locked-note').first().waitFor();
    await page.getByTestId('api-key').filter({ hasText: 'Booking site' }).waitFor();
    const endpoint = page.getByTestId('webhook-endpoint');
    expect(await endpoint.getByRole('button', { name: 'Send test event' }).count()).toBe(0);
    expect(await endpoint.getByRole('switch', { name: 'Receive events' }).isDisabled()).toBe(true);
    await screenshot(page, 'settings-api-locked-tablet-light');
    await endpoint.getByRole('button', { name: `Delete ${hookUrl}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete this endpoint?' })
      .getByRole('button', { name: 'Delete endpoint' })
      .click();
    await toast(page, WEBHOOK_MESSAGES.deleted);
    await endpoint.waitFor({ state: 'detached' });
    await page.getByText('No endpoints yet').waitFor();
  });
});
