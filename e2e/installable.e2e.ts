import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startE2E, type E2E } from './support/harness';
import { onboardOwner, seedVideos } from './support/seed';

/**
 * The public gym page as an installable app (issue #21 part 1, decision 0045): a manifest of the
 * gym's own, a service worker scoped to the page, and the page opening with its classes offline.
 */

const SLUG = 'spoke-and-pedal';
const PAGE = `/gym/${SLUG}`;
const GYM_NAME = 'Spoke & Pedal Cycling Studio';
const CLASSES = ['Hill Climb Power Hour', 'Sunrise Sprints', 'Tempo Builder'];
const OFFLINE = "You're offline.";

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
  const owner = await onboardOwner(e2e.app, {
    email: 'owner@spoke.example',
    companyName: GYM_NAME,
    slug: SLUG,
  });
  await seedVideos(
    e2e.database,
    owner.id,
    CLASSES.map((title, i) => ({ title, status: 'enhanced', duration: 1200, minutesAgo: i + 1 })),
  );
});
afterAll(async () => {
  await e2e?.close();
});

/** Opens the page and waits until its worker is active: the next load is controlled by it. */
async function install(page: Page) {
  await page.goto(PAGE);
  await page.getByText(CLASSES[0]!).first().waitFor();
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active!;
    if (worker.state !== 'activated') {
      await new Promise<void>((resolve) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()),
      );
    }
    return { scope: registration.scope, script: worker.scriptURL };
  });
}

/** The URLs every cache of this origin holds. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((r) => r.url));
    }
    return { names: await caches.keys(), urls };
  });

describe('the gym page as an app', () => {
  it("links a manifest of the gym's own: name, colours, scope, icons", async () => {
    const page = await e2e.newPage();
    await page.goto(PAGE);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe(`${PAGE}/manifest.webmanifest`);
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await res.json();
    const answer = await (await page.request.get(`/api/gym/${SLUG}`)).json();
    expect(manifest).toMatchObject({
      name: GYM_NAME,
      short_name: 'Spoke',
      start_url: PAGE,
      scope: PAGE,
      display: 'standalone',
      theme_color: answer.branding.secondaryColor,
      background_color: answer.branding.secondaryColor,
    });
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(
      answer.branding.secondaryColor,
    );

    // Both icons are real PNG squares of their size, cacheable for good.
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512']);
    for (const icon of manifest.icons as Array<{ src: string; sizes: string }>) {
      const png = await page.request.get(icon.src);
      expect(png.status()).toBe(200);
      expect(png.headers()['content-type']).toBe('image/png');
      expect(png.headers()['cache-control']).toContain('immutable');
      const meta = await sharp(await png.body()).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
    const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(touch).toBe(manifest.icons[0].src);
  });

  it('registers a worker that controls the page after a reload, and opens offline with its classes', async () => {
    const page = await e2e.newPage({ width: 1024, height: 768 });
    // A cache of an earlier build of this page goes when the worker activates; another page's stays.
    await page.goto(PAGE);
    await page.evaluate(async () => {
      await caches.open('cadence-gym:/gym/spoke-and-pedal:an-old-build');
      await caches.open('cadence-gym:/gym/spoke-and-pedal-two:an-old-build');
    });
    const { scope, script } = await install(page);
    expect(new URL(scope).pathname).toBe(PAGE);
    expect(new URL(script).pathname).toBe(`${PAGE}/sw.js`);

    await page.reload();
    await page.getByText(CLASSES[0]!).first().waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(script);
    const { names, urls } = await cachedUrls(page);
    expect(names).not.toContain('cadence-gym:/gym/spoke-and-pedal:an-old-build');
    expect(names).toContain('cadence-gym:/gym/spoke-and-pedal-two:an-old-build');
    // Only this origin's page, its public answer and the build's files: no other API or media.
    for (const url of urls) {
      const { origin, pathname } = new URL(url);
      expect(origin).toBe(e2e.baseUrl);
      expect(
        pathname === PAGE ||
          pathname === `/api/gym/${SLUG}` ||
          pathname.startsWith('/assets/') ||
          ['/theme-init.js', '/favicon.svg'].includes(pathname),
        pathname,
      ).toBe(true);
    }
    expect(urls.map((u) => new URL(u).pathname)).toContain(PAGE);

    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: GYM_NAME }).isVisible()).toBe(true);
    for (const title of CLASSES) await page.getByText(title).first().waitFor();
    const note = page.getByTestId('offline-note');
    await expect.poll(() => note.textContent()).toContain(OFFLINE);
    // Nothing else is answered from the worker's copies: another API route fails offline.
    const health = await page.evaluate(() =>
      fetch('/api/health').then(
        (r) => r.status,
        () => 'failed',
      ),
    );
    expect(health).toBe('failed');

    // Back online, the note goes at once, and after a reload too.
    await page.context().setOffline(false);
    await expect.poll(() => note.textContent()).toBe('');
    await page.reload();
    await page.getByText(CLASSES[0]!).first().waitFor();
    expect(await note.textContent()).toBe('');
  });

  it('an old slug, an unknown one and a hostile one get a clean 404 for its app files', async () => {
    const page = await e2e.newPage();
    for (const path of [
      '/gym/no-such-gym/manifest.webmanifest',
      '/gym/no-such-gym/sw.js',
      `/gym/%3Cscript%3E/manifest.webmanifest`,
      `${PAGE}/icons/000000000000-192.png`,
      `${PAGE}/icons/..%2F..%2Fetc%2Fpasswd`,
    ]) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(404);
      expect(res.headers()['content-type'], path).toContain('application/json');
    }
  });

  const WIDTHS = [390, 1024, 1440] as const;
  for (const dark of [false, true]) {
    it(`shows the offline page at ${WIDTHS.join(', ')} px (${dark ? 'dark' : 'light'})`, async () => {
      for (const width of WIDTHS) {
        const page = await e2e.newPage({ width, height: 900, dark });
        await install(page);
        await page.reload();
        await page.getByText(CLASSES[0]!).first().waitFor();
        await page.context().setOffline(true);
        await page.reload();
        await page.getByText(CLASSES[0]!).first().waitFor();
        await expect.poll(() => page.getByTestId('offline-note').textContent()).toContain(OFFLINE);
        await screenshot(page, `installable-offline-${width}-${dark ? 'dark' : 'light'}`);
        await page.context().setOffline(false);
      }
    });
  }
});
