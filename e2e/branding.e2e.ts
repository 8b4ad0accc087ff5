import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@server/db/schema/users';
import { BRANDING_LOCKS } from '@shared/branding.contract';
import {
  CHROMIUM_PATH,
  screenshot,
  seriousA11yViolations,
  startE2E,
  VIEWPORTS,
  type E2E,
} from './support/harness';
import { onboardOwner, seedVideos, signIn, type SeededOwner } from './support/seed';

let e2e: E2E;

/**
 * Serves /gym/{slug}'s HTML without the gym the server writes into it (EMBEDDED_GYM_ID), as when
 * the page is reached inside the app: the page then asks GET /api/gym/{slug} itself.
 */
async function withoutEmbeddedGym(page: Page, slug: string): Promise<void> {
  await page.route(
    (url) => url.pathname === `/gym/${slug}`,
    async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const stripped = html.replace(
        /<script type="application\/json" id="cadence-gym">[^<]*<\/script>/,
        '',
      );
      expect(stripped).not.toBe(html);
      await route.fulfill({ response, body: stripped });
    },
  );
}
let ride: SeededOwner; // a gym with classes, customised in the test below
let empty: SeededOwner; // a gym with no classes: the demo variant
let files: string;
let logoPng: string;

beforeAll(async () => {
  e2e = await startE2E();
  ride = await onboardOwner(e2e.app, {
    email: 'owner@ridehouse.example',
    companyName: 'Ride House',
    slug: 'ride-house',
  });
  empty = await onboardOwner(e2e.app, {
    email: 'owner@quiet.example',
    companyName: 'Quiet Wheels',
    slug: 'quiet-wheels',
  });
  // Colours, logo, description and the page icon come with Full branding (Spin Master); the plans'
  // gates have their own journey (branding-plans.e2e.ts).
  await e2e.database.db.update(users).set({ plan: 'spin-master' }).where(eq(users.id, ride.id));
  await seedVideos(e2e.database, ride.id, [
    { title: 'Hill Climb Power', status: 'enhanced', duration: 3900, minutesAgo: 1 },
    { title: 'Sunrise Sprints', status: 'enhanced', duration: 1800, minutesAgo: 2 },
    { title: 'Tempo Builder', status: 'enhanced', duration: 2700, minutesAgo: 3 },
    { title: 'Still Being Enhanced', status: 'processing' },
    { title: 'Waiting In Line', status: 'uploaded' },
    { title: 'Broken Upload', status: 'failed' },
  ]);
  files = await mkdtemp(path.join(tmpdir(), 'cadence-branding-e2e-'));
  // A 'logo': a teal disc with a white ring, 800 x 400, so the re-encoded 512-wide version shows.
  logoPng = path.join(files, 'ride-house-logo.png');
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400"><rect width="800" height="400" rx="60" fill="#14b8a6"/>' +
    '<circle cx="400" cy="200" r="130" fill="none" stroke="#fff" stroke-width="40"/></svg>';
  await writeFile(logoPng, await sharp(Buffer.from(svg)).png().toBuffer());
  await writeFile(path.join(files, 'notes.txt'), 'not an image');
});
afterAll(async () => {
  await e2e?.close();
  if (files) await rm(files, { recursive: true, force: true });
});

async function toast(page: Page, title: string) {
  await page
    .locator('[data-slot=toast-title]', { hasText: title })
    .first()
    .waitFor({ timeout: 15_000 });
}

async function ownerPage(
  owner: SeededOwner,
  options: { width?: number; height?: number; dark?: boolean } = {},
) {
  const page = await e2e.newPage(options);
  await page.goto('/');
  await signIn(page, owner, e2e.baseUrl);
  return page;
}

/** Sets colours and uploads the logo through the API, as /customize does. */
async function brandThroughApi(
  owner: SeededOwner,
  colours: { primaryColor: string; secondaryColor: string },
) {
  const put = await e2e.app.inject({
    method: 'PUT',
    url: '/api/auth/branding',
    headers: { cookie: owner.cookie },
    payload: {
      gymName: 'Ride House Cycling',
      description: 'Climbs, sprints and good music, every day.',
      ...colours,
    },
  });
  expect(put.statusCode).toBe(200);
  const boundary = 'cadenceE2Eboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    await sharp(logoPng).toBuffer(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const upload = await e2e.app.inject({
    method: 'POST',
    url: '/api/auth/upload-logo',
    headers: { cookie: owner.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(upload.statusCode).toBe(200);
}

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

describe('the public gym page', () => {
  it('shows the loading skeleton with four class cards, then the gym', async () => {
    const page = await e2e.newPage({ width: 1024, height: 768 });
    await withoutEmbeddedGym(page, 'quiet-wheels');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/gym/quiet-wheels', async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto('/gym/quiet-wheels');
    await page.getByTestId('gym-loading').waitFor();
    expect(await page.getByTestId('class-skeleton').count()).toBe(4);
    release();
    await page.getByRole('heading', { level: 1, name: 'Quiet Wheels' }).waitFor();
    expect(await page.getByTestId('gym-loading').count()).toBe(0);
  });

  it("shows 'Gym Not Found' with Go Home for an unknown slug, and the error message when loading fails", async () => {
    const page = await e2e.newPage({ width: 390, height: 844 });
    const response = await page.goto('/gym/no-such-gym-here');
    expect(response?.status()).toBe(404);
    const card = page.getByTestId('gym-not-found');
    await card.waitFor();
    expect(await card.getByRole('heading', { name: 'Gym Not Found' }).isVisible()).toBe(true);
    await card
      .getByText("The gym you're looking for doesn't exist or the link may be incorrect.")
      .waitFor();
    await screenshot(page, 'gym-not-found-phone-light');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await card.getByRole('link', { name: 'Go Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Get Started Free' }).first().waitFor();

    // No slug at all: the same card (and no reload loop).
    expect((await page.goto('/gym/'))?.status()).toBe(404);
    await page.getByTestId('gym-not-found').waitFor();

    const failing = await e2e.newPage();
    await withoutEmbeddedGym(failing, 'ride-house');
    await failing.route('**/api/gym/ride-house', (route) =>
      route.fulfill({ status: 500, body: '{"message":"boom"}' }),
    );
    await failing.goto('/gym/ride-house');
    await failing.getByText('Unable to load gym data. Please try again later.').waitFor();
  });

  it('shows the demo variant, clearly marked, when the gym has no classes', async () => {
    const page = await e2e.newPage({ width: 1024, height: 768 });
    await page.goto('/gym/quiet-wheels');
    await page.getByTestId('demo-notice').waitFor();
    expect(await page.getByTestId('demo-notice').textContent()).toBe(
      "Sample classes — your instructor's classes will appear here",
    );
    const cards = page.getByTestId('class-card');
    expect(await cards.count()).toBe(4);
    const summary = await cards.evaluateAll((els) =>
      els.map((el) => [
        el.querySelector('h3')?.textContent,
        el.querySelector('[data-difficulty]')?.textContent,
        el.textContent?.match(/\d+ min/)?.[0],
      ]),
    );
    expect(summary).toEqual([
      ['High Intensity Interval Training', 'Advanced', '45 min'],
      ['Morning Energy Boost', 'Intermediate', '30 min'],
      ["Beginner's Spin Journey", 'Beginner', '35 min'],
      ['Cardio Burn Challenge', 'Advanced', '50 min'],
    ]);
    // Two columns on a tablet.
    const tops = await cards.evaluateAll((els) =>
      els.slice(0, 2).map((el) => el.getBoundingClientRect().top),
    );
    expect(tops[0]).toBe(tops[1]);
    expect(await page.getByTestId('stat-classes').textContent()).toContain('4');
    // The samples keep sample figures.
    expect(await page.getByTestId('stat-minutes').textContent()).toBe('150+Minutes of Content');
    expect(await page.getByTestId('stat-levels').textContent()).toBe('3Difficulty Levels');
    // A sample class has nothing to play: Start Class says so and the page stays.
    await cards
      .first()
      .getByRole('button', { name: /Start Class/ })
      .click();
    await page.getByText('Sample class', { exact: true }).first().waitFor();
    expect(new URL(page.url()).search).toBe('');
    // No logo: the two-letter initials; the tab takes the gym's name.
    expect(await page.getByTestId('gym-initials').textContent()).toBe('QW');
    expect(await page.title()).toBe('Quiet Wheels');
  });

  it('lists only the ready classes, each with instructor, difficulty, duration and Start Class', async () => {
    const page = await e2e.newPage({ width: 1024, height: 768 });
    const gymRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/gym/')) gymRequests.push(request.url());
    });
    await page.goto('/gym/ride-house');
    await page.getByRole('heading', { level: 1, name: 'Ride House' }).waitFor();
    await page.getByText('Choose your spin class and get ready to sweat').waitFor();
    // The gym came with the page's HTML: no second round trip before the classes show.
    expect(gymRequests).toEqual([]);
    for (const badge of ['Available 24/7', 'All Levels Welcome', 'High Energy']) {
      await page.getByText(badge, { exact: true }).waitFor();
    }
    const titles = await page.getByTestId('class-card').locator('h3').allTextContents();
    expect(titles).toEqual(['Hill Climb Power', 'Sunrise Sprints', 'Tempo Builder']);
    expect(await page.getByTestId('demo-notice').count()).toBe(0);
    const first = page.getByTestId('class-card').first();
    await first.getByText('with Instructor').waitFor();
    expect(await first.locator('[data-difficulty]').textContent()).toBe('Intermediate');
    await first.getByText('1 h 5 min').waitFor();
    // Real figures (issue #20): 65 + 30 + 45 minutes of ready classes, all at the default level.
    expect(await page.getByTestId('stat-minutes').textContent()).toBe('140Minutes of Content');
    expect(await page.getByTestId('stat-levels').textContent()).toBe('1Difficulty Level');

    // Start Class opens the class player (e2e/rider.e2e.ts plays a real stream); these seeded rows
    // have no media, so the player says so, and Classes goes back to the list.
    await first.getByRole('button', { name: /Start Class/ }).click();
    const player = page.getByTestId('class-player');
    await player.getByRole('heading', { name: 'Hill Climb Power' }).waitFor();
    expect(new URL(page.url()).searchParams.get('class')).toMatch(/^[0-9a-f-]{36}$/);
    await player.getByTestId('player-error').waitFor();
    await player.getByRole('button', { name: 'Classes', exact: true }).click();
    await player.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
  });

  it('follows an old slug to the gym under its new one', async () => {
    const moving = await onboardOwner(e2e.app, {
      email: 'owner@moving.example',
      companyName: 'Moving Spin',
      slug: 'moving-spin-old',
    });
    const res = await e2e.app.inject({
      method: 'PUT',
      url: '/api/auth/slug',
      headers: { cookie: moving.cookie },
      payload: { slug: 'moving-spin-new' },
    });
    expect(res.statusCode).toBe(200);
    const page = await e2e.newPage();
    await page.goto('/gym/moving-spin-old');
    await page.waitForURL('**/gym/moving-spin-new');
    await page.getByRole('heading', { level: 1, name: 'Moving Spin' }).waitFor();
  });

  it('is open to a signed-in owner who has not finished onboarding', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    const reg = await page.request.post('/api/auth/register', {
      data: {
        email: 'half@onboarded.example',
        password: 'owner-pass-123',
        firstName: 'Half',
        lastName: 'Way',
      },
    });
    expect(reg.status()).toBe(201);
    await page.goto('/gym/ride-house');
    await page.getByRole('heading', { level: 1, name: 'Ride House' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/gym/ride-house');
  });
});

describe('/customize', () => {
  it('checks the logo file in the browser, warns about unreadable colours and previews live', async () => {
    await e2e.database.db.update(users).set({ plan: 'spin-master' }).where(eq(users.id, empty.id));
    const page = await ownerPage(empty, { width: 1440, height: 900 });
    await page.goto('/customize');
    await page.getByRole('heading', { name: 'Gym Customization' }).waitFor();

    await page.getByTestId('logo-input').setInputFiles(path.join(files, 'notes.txt'));
    await toast(page, 'Invalid file type');
    await page.getByText('Please select an image file.').first().waitFor();

    // Purple on the default dark secondary reads at under 4.5:1.
    await page.getByRole('button', { name: 'Purple #a855f7' }).first().click();
    await page.getByTestId('contrast-warning').waitFor();
    await page.getByRole('button', { name: 'Orange #ff4500' }).first().click();
    await page.getByTestId('contrast-warning').waitFor({ state: 'detached' });

    // The description counter.
    const description = page.getByLabel('Description');
    await description.fill('Quiet rides.');
    expect(await page.getByTestId('description-count').textContent()).toBe('12/500');

    // The preview shows the demo classes and follows the draft name and colours.
    await page.getByLabel('Live preview').click();
    const preview = page.getByTestId('branding-preview');
    await preview.getByTestId('demo-notice').waitFor();
    await page.getByLabel('Gym name').fill('Quiet Wheels Studio');
    await preview.getByText('Quiet Wheels Studio').waitFor();
    await page.getByRole('button', { name: 'Blue #3b82f6' }).first().click();
    const previewButton = preview.getByRole('button', { name: /Start Class/ }).first();
    await expect
      .poll(() => previewButton.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe(rgb('#3b82f6'));
  });

  it('saves colours and a logo that then show on /gym/{slug}, in the sidebar and the tab', async () => {
    const page = await ownerPage(ride, { width: 1440, height: 900 });
    await page.goto('/customize');
    await page.getByRole('heading', { name: 'Gym Customization' }).waitFor();

    await page.getByTestId('logo-input').setInputFiles(logoPng);
    await toast(page, 'Success!');
    await page.getByText('Logo uploaded successfully.').first().waitFor();
    const logoSrc = await page.getByTestId('customize-logo').locator('img').getAttribute('src');
    expect(logoSrc).toMatch(/^\/api\/logos\/.+-512\.png$/);
    // The sidebar takes the logo from the current user.
    await expect
      .poll(() => page.locator('[data-slot=sidebar-header] img').getAttribute('src'))
      .toBe(logoSrc);

    await page.getByRole('button', { name: 'Teal #14b8a6' }).first().click();
    const secondaryHex = page
      .getByTestId('colour-secondary')
      .getByLabel('Secondary color hex value');
    await secondaryHex.fill('#0f172a');
    await page.getByLabel('Gym name').fill('Ride House Cycling');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Changes saved');
    await expect
      .poll(() => page.getByTestId('sidebar-company-name').textContent())
      .toBe('Ride House Cycling');

    const rider = await e2e.newPage({ width: 1024, height: 768 });
    await rider.goto('/gym/ride-house');
    await rider.getByRole('heading', { level: 1, name: 'Ride House Cycling' }).waitFor();
    const hero = rider.getByTestId('gym-hero');
    expect(await hero.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb('#0f172a'));
    expect(await hero.locator('h1').evaluate((el) => getComputedStyle(el).color)).toBe(
      rgb('#ffffff'),
    );
    const start = rider
      .getByTestId('class-card')
      .first()
      .getByRole('button', { name: /Start Class/ });
    expect(await start.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb('#14b8a6'));
    // Teal is light: the text on it is the near-black that reads at 4.5:1, not white.
    expect(await start.evaluate((el) => getComputedStyle(el).color)).toBe(rgb('#111111'));
    // The tagline keeps the teal: it reads on the dark navy.
    expect(
      await rider.getByTestId('gym-tagline').evaluate((el) => getComputedStyle(el).color),
    ).toBe(rgb('#14b8a6'));

    const logo = rider.getByTestId('gym-logo');
    expect(await logo.getAttribute('src')).toBe(logoSrc);
    await expect
      .poll(() =>
        logo.evaluate((img) => [
          (img as HTMLImageElement).complete,
          (img as HTMLImageElement).naturalWidth,
        ]),
      )
      .toEqual([true, 512]);
    expect(await rider.title()).toBe('Ride House Cycling');
    expect(await rider.locator('link[rel~="icon"]').getAttribute('href')).toBe(
      logoSrc!.replace('-512.png', '-64.png'),
    );

    // Reset to Default brings back the product's colours and the default logo once saved.
    await page.getByRole('button', { name: 'Reset to Default' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Changes saved');
    const reset = await e2e.app.inject({ method: 'GET', url: '/api/gym/ride-house' });
    expect(reset.json()).toMatchObject({
      gymLogo: null,
      branding: {
        primaryColor: '#ff4500',
        secondaryColor: '#1a1a1a',
        description:
          'Premium fitness experience with state-of-the-art equipment and expert trainers.',
      },
    });
  });

  it('offers the custom domain on Spin Master, and an upgrade hint otherwise', async () => {
    await e2e.database.db.update(users).set({ plan: 'power-cycle' }).where(eq(users.id, empty.id));
    const page = await ownerPage(empty);
    await page.goto('/customize');
    const card = page.getByTestId('custom-domain-card');
    await card.getByText(BRANDING_LOCKS.customDomain).waitFor();
    expect(
      await card.getByRole('link', { name: 'Upgrade to Spin Master' }).getAttribute('href'),
    ).toBe('/subscription');

    await e2e.database.db.update(users).set({ plan: 'spin-master' }).where(eq(users.id, empty.id));
    const master = await ownerPage(empty);
    await master.goto('/customize');
    const domainCard = master.getByTestId('custom-domain-card');
    await domainCard.getByLabel('Domain').fill('classes.quietwheels.example');
    await domainCard.getByRole('button', { name: 'Save domain' }).click();
    await toast(master, 'Custom domain saved');

    // Pending until the owner proves the domain is theirs: the TXT record to add, and Verify.
    const status = domainCard.getByTestId('domain-status');
    await status.getByText('Waiting for verification').waitFor();
    const record = domainCard.getByTestId('domain-record');
    const name = await record.locator('dd').nth(1).textContent();
    const value = await record.locator('dd').nth(2).textContent();
    expect(name).toBe('_cadence-challenge.classes.quietwheels.example');
    expect(value).toMatch(/^cadence-verify=[0-9a-f]{32}$/);
    await screenshot(master, 'customize-domain-pending');
    // The same card on a phone, dark: readable, and no serious axe findings.
    const phone = await ownerPage(empty, { width: 390, height: 844, dark: true });
    await phone.goto('/customize');
    await phone.getByTestId('domain-record').waitFor();
    await phone.getByTestId('custom-domain-card').scrollIntoViewIfNeeded();
    await screenshot(phone, 'customize-domain-pending-phone-dark');
    expect(await seriousA11yViolations(phone)).toEqual([]);

    await status.getByRole('button', { name: 'Verify' }).click();
    await toast(master, 'Domain not verified');
    await domainCard
      .getByRole('alert')
      .getByText(/No TXT record was found/)
      .waitFor();

    e2e.dns.publish(name!, [value!]);
    await status.getByRole('button', { name: 'Verify' }).click();
    await toast(master, 'Custom domain verified');
    await domainCard.getByTestId('domain-status').getByText('Verified', { exact: true }).waitFor();
    expect(await domainCard.getByTestId('domain-record').count()).toBe(0);
    await screenshot(master, 'customize-domain-verified');
  });
});

describe('a custom domain in the browser', () => {
  it('shows the gym page at / for a request whose Host is the gym domain', async () => {
    await e2e.database.db
      .update(users)
      // A verified domain (only those serve the gym page).
      .set({
        plan: 'spin-master',
        customDomain: 'ride.ridehouse.example',
        customDomainVerifiedAt: new Date(),
      })
      .where(eq(users.id, ride.id));
    const port = new URL(e2e.baseUrl).port;
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--host-resolver-rules=MAP ride.ridehouse.example 127.0.0.1',
      ],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
      const gymRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/gym/')) gymRequests.push(request.url());
      });
      await page.goto(`http://ride.ridehouse.example:${port}/`);
      await page.getByTestId('gym-hero').waitFor();
      expect(await page.locator('h1').textContent()).toBe(await page.title());
      expect(await page.getByTestId('class-card').count()).toBe(3);
      // The public page's own build, with the gym in its HTML: no request for it.
      expect(await page.locator('script[src*="/assets/gym-"]').count()).toBe(1);
      expect(gymRequests).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe('screenshots and accessibility', () => {
  it('/customize and /gym/{slug} at 390, 1024 and 1440, light and dark: no serious or critical axe findings', async () => {
    // The gym as an owner would leave it: their colours and logo.
    await brandThroughApi(ride, { primaryColor: '#14b8a6', secondaryColor: '#0f172a' });
    const problems: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      for (const vp of VIEWPORTS) {
        const owner = await ownerPage(ride, {
          width: vp.width,
          height: vp.height,
          dark: theme === 'dark',
        });
        await owner.goto('/customize');
        await owner.getByRole('heading', { name: 'Gym Customization' }).waitFor();
        await owner.getByLabel('Live preview').click();
        await owner.getByTestId('branding-preview').waitFor();
        await screenshot(owner, `customize-${vp.name}-${theme}`);
        problems.push(
          ...(await seriousA11yViolations(owner)).map((v) => `customize ${vp.name} ${theme}: ${v}`),
        );

        const rider = await e2e.newPage({
          width: vp.width,
          height: vp.height,
          dark: theme === 'dark',
        });
        await rider.goto('/gym/ride-house');
        await rider.getByTestId('gym-hero').waitFor();
        await rider.waitForFunction(() => [...document.images].every((img) => img.complete));
        await screenshot(rider, `gym-${vp.name}-${theme}`);
        problems.push(
          ...(await seriousA11yViolations(rider)).map((v) => `gym ${vp.name} ${theme}: ${v}`),
        );

        const demo = await e2e.newPage({
          width: vp.width,
          height: vp.height,
          dark: theme === 'dark',
        });
        await demo.goto('/gym/quiet-wheels');
        await demo.getByTestId('demo-notice').waitFor();
        await screenshot(demo, `gym-demo-${vp.name}-${theme}`);
        problems.push(
          ...(await seriousA11yViolations(demo)).map((v) => `gym demo ${vp.name} ${theme}: ${v}`),
        );
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
