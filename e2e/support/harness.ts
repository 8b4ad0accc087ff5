import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { WEB_DIST, buildApp, type AppDeps } from '@server/app';
import { loadConfig } from '@server/config';
import type { Database } from '@server/db/client';
import { fakeTxtResolver, type FakeTxtResolver } from '@server/test/fake-dns';
import { freshDatabase } from '@server/test/harness';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SHOTS_DIR = path.resolve('artifacts/screenshots');

export interface E2E {
  baseUrl: string;
  app: FastifyInstance;
  /** The app's database, for seeding rows the UI cannot create quickly. */
  database: Database;
  /** The DNS the custom-domain verification reads (TXT records published by the test). */
  dns: FakeTxtResolver;
  browser: Browser;
  /** `dark`: the visitor picked the dark theme; `systemDark`: the system's scheme is dark. */
  newPage(options?: {
    width?: number;
    height?: number;
    dark?: boolean;
    systemDark?: boolean;
  }): Promise<Page>;
  close(): Promise<void>;
}

export interface E2EOptions {
  /** Extra environment variables for loadConfig (e.g. SMTP_URL and MAIL_FROM). */
  env?: Record<string, string>;
  /** The mail queue's worker and settings (journeys that read the email the app sends). */
  mail?: AppDeps['mail'];
  /** The media jobs' queue (a journey that checks what the app queues). */
  media?: AppDeps['media'];
}

/** The real app on a free port, serving the built web app, and a real Chromium. */
export async function startE2E(options: E2EOptions = {}): Promise<E2E> {
  // E2E_WEB_DIST lets a developer test a build made elsewhere (`WEB_OUT_DIR=… npm run build`).
  const webDist = process.env.E2E_WEB_DIST ?? WEB_DIST;
  if (!['index.html', 'gym.html'].every((file) => existsSync(path.join(webDist, file)))) {
    throw new Error(
      `No web build (index.html and gym.html) in ${webDist}: run \`npm run build\` first (npm test does).`,
    );
  }
  const database = await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/cadence-e2e',
    ...options.env,
  });
  const dns = fakeTxtResolver();
  const app = await buildApp({
    config,
    database,
    web: 'static',
    webDist,
    txtResolver: dns.resolver,
    mail: options.mail,
    media: options.media,
    // Every JSON answer the browser gets is checked against its contract's response schema.
    checkResponses: true,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  const contexts: BrowserContext[] = [];
  return {
    baseUrl,
    app,
    database,
    dns,
    browser,
    async newPage({ width = 1280, height = 800, dark = false, systemDark = false } = {}) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width, height },
        colorScheme: systemDark ? 'dark' : 'light',
      });
      if (dark) await context.addInitScript(() => localStorage.setItem('cadence-theme', 'dark'));
      contexts.push(context);
      return context.newPage();
    },
    async close() {
      await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
      await browser.close();
      await app.close();
      await database.dispose();
    },
  };
}

/** Saves a full-page screenshot under artifacts/screenshots for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** axe's serious and critical violations on the page, as readable lines. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
