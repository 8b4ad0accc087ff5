import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATIONS_PATH } from '@shared/locations.contract';
import { GYM_BUILD_HEADER } from '@shared/gym-app.contract';
import { connectDomain, fakeTxtResolver } from '../../test/fake-dns';
import { onboardedGym, startTestApp, type TestApp } from '../../test/harness';
import { logoMultipart } from '../../test/security/route-world';

/**
 * The gym page as an app (issue #21 part 1, decision 0045): GET /gym/{slug}/manifest.webmanifest,
 * /gym/{slug}/icons/{version}-{size}.png and /gym/{slug}/sw.js, on the app's host and on a custom
 * domain, and the page's links to them.
 */

let t: TestApp;
let dataDir: string;
let logo: Buffer;
const dns = fakeTxtResolver();
/** A stand-in for the built gym.html: a script, a stylesheet, theme-init.js and the icon. */
const GYM_HTML =
  '<!doctype html><html><head><meta name="theme-color" content="#ff4500" />' +
  '<link rel="icon" type="image/svg+xml" href="/favicon.svg" /><title>Cadence</title>' +
  '<script src="/theme-init.js"></script>' +
  '<script type="module" crossorigin src="/assets/gym-abc.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/gym-def.css"></head>' +
  '<body><div id="root"></div></body></html>';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cadence-gym-app-'));
  const webDist = path.join(dataDir, 'web');
  await mkdir(path.join(webDist, 'assets'), { recursive: true });
  await writeFile(path.join(webDist, 'index.html'), GYM_HTML);
  await writeFile(path.join(webDist, 'gym.html'), GYM_HTML);
  for (const font of ['oswald-latin-700-normal-AbC1.woff2', 'montserrat-latin-700-normal-X.woff2'])
    await writeFile(path.join(webDist, 'assets', font), 'font');
  // The build's manifest: the player, loaded on demand.
  await mkdir(path.join(webDist, '.vite'));
  await writeFile(
    path.join(webDist, '.vite', 'manifest.json'),
    JSON.stringify({
      'gym.html': { file: 'assets/gym-abc.js', dynamicImports: ['player.tsx'] },
      'player.tsx': { file: 'assets/player-p.js', css: ['assets/player-q.css'] },
    }),
  );
  t = await startTestApp({
    env: { APP_HOSTS: 'app.cadence.test', DATA_DIR: dataDir },
    deps: { web: 'static', webDist, txtResolver: dns.resolver },
  });
  logo = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#00a0ff' } })
    .png()
    .toBuffer();
}, 240_000);
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const get = (url: string, host = 'app.cadence.test') =>
  t.app.inject({ method: 'GET', url, headers: { host } });

type Owner = Awaited<ReturnType<typeof onboardedGym>>;
const send = (owner: Owner, method: 'PUT' | 'POST', url: string, payload: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: owner.cookie },
    payload: payload as string,
  });

async function brand(
  owner: Owner,
  gymName: string,
  secondaryColor = '#102a43',
  more: Record<string, unknown> = {},
) {
  const res = await send(owner, 'PUT', '/api/auth/branding', {
    gymName,
    description: 'Ride with us.',
    primaryColor: '#ff4500',
    secondaryColor,
    removeLogo: false,
    ...more,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function manifestOf(slug: string, host?: string) {
  const res = await get(`/gym/${slug}/manifest.webmanifest`, host);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    theme_color: string;
    icons: Array<{ src: string; sizes: string; type: string }>;
  };
}

/** A PNG's size and the colour of two of its pixels (the middle and a corner). */
async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    return `#${[0, 1, 2].map((c) => data[i + c]!.toString(16).padStart(2, '0')).join('')}`;
  };
  const mid = Math.floor(info.width / 2);
  return { size: `${info.width}x${info.height}`, middle: at(mid, mid), corner: at(1, 1) };
}

describe("the gym page's manifest", () => {
  it("names the gym, takes the hero's colour and starts at the page", async () => {
    const owner = await onboardedGym(t, 'spin-master');
    await brand(owner, 'Spoke & Pedal Cycling Studio');
    const res = await get(`/gym/${owner.slug}/manifest.webmanifest`);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers.vary).toMatch(/\bhost\b/i);
    expect(res.json()).toMatchObject({
      id: `/gym/${owner.slug}`,
      name: 'Spoke & Pedal Cycling Studio',
      short_name: 'Spoke',
      start_url: `/gym/${owner.slug}`,
      scope: `/gym/${owner.slug}`,
      display: 'standalone',
      theme_color: '#102a43',
      background_color: '#102a43',
    });

    // The page links it, its icon and its colour, and says which build it is.
    const page = await get(`/gym/${owner.slug}`);
    const manifest = await manifestOf(owner.slug);
    expect(page.headers[GYM_BUILD_HEADER]).toMatch(/^[0-9a-f]{16}$/);
    expect(page.body).toContain(
      `<link rel="manifest" href="/gym/${owner.slug}/manifest.webmanifest" />`,
    );
    expect(page.body).toContain(`<link rel="apple-touch-icon" href="${manifest.icons[0]!.src}" />`);
    expect(page.body).toContain('<meta name="theme-color" content="#102a43" />');
    expect(page.body).not.toContain('<meta name="theme-color" content="#ff4500" />');
  });

  it("keeps a hostile name as text: the manifest is JSON and the page's title is escaped", async () => {
    const owner = await onboardedGym(t, 'spin-master');
    const name = `</script><img src=x onerror="alert(1)"> "Spin" & co`;
    await brand(owner, name);
    const res = await get(`/gym/${owner.slug}/manifest.webmanifest`);
    expect(res.json().name).toBe(name);
    const page = await get(`/gym/${owner.slug}`);
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toContain('&lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });

  it("scopes a further location's page to its own slug, with its own name", async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const res = await send(owner, 'POST', LOCATIONS_PATH, {
      name: 'Harbour',
      slug: `harbour-${owner.slug}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const manifest = await manifestOf(`harbour-${owner.slug}`);
    expect(manifest).toMatchObject({
      start_url: `/gym/harbour-${owner.slug}`,
      scope: `/gym/harbour-${owner.slug}`,
    });
    expect(manifest.name).toContain('Harbour');
    expect(manifest.icons[0]!.src).toMatch(new RegExp(`^/gym/harbour-${owner.slug}/icons/`));
  });

  it('on a custom domain: the app is the whole domain, and only that gym answers there', async () => {
    const owner = await onboardedGym(t, 'spin-master');
    await connectDomain(t.app, dns, owner.cookie, 'ride.spoke-app.com');
    const manifest = await manifestOf(owner.slug, 'ride.spoke-app.com');
    expect(manifest).toMatchObject({ start_url: '/', scope: '/' });
    const other = await onboardedGym(t, 'spin-master');
    for (const file of ['manifest.webmanifest', 'sw.js']) {
      expect((await get(`/gym/${other.slug}/${file}`, 'ride.spoke-app.com')).statusCode).toBe(404);
      // The same gym on the app's host is its slug page.
      expect((await get(`/gym/${owner.slug}/${file}`)).statusCode).toBe(200);
    }
    const worker = await get(`/gym/${owner.slug}/sw.js`, 'ride.spoke-app.com');
    expect(worker.headers['service-worker-allowed']).toBe('/');
    expect(worker.body).toContain('"api":"/api/gym/by-host"');
  });
});

describe("the gym page's icons", () => {
  it('draws a default (Cadence mark on the gym colour) at 192 and 512, cached for good', async () => {
    const owner = await onboardedGym(t, 'spin-master');
    await brand(owner, 'Mark Gym', '#204060');
    const { icons } = await manifestOf(owner.slug);
    expect(icons.map((i) => [i.sizes, i.type])).toEqual([
      ['192x192', 'image/png'],
      ['512x512', 'image/png'],
    ]);
    for (const icon of icons) {
      const res = await get(icon.src);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const seen = await pixels(res.rawPayload);
      expect(seen.size).toBe(icon.sizes);
      expect(seen.corner).toBe('#204060');
    }
  });

  it('draws the stored logo in the middle; a new logo or colour is a new address, the old one a 404', async () => {
    const owner = await onboardedGym(t, 'spin-master');
    await brand(owner, 'Logo Gym', '#204060');
    const before = (await manifestOf(owner.slug)).icons[1]!.src;
    const multipart = logoMultipart(logo);
    const proper = await t.app.inject({
      method: 'POST',
      url: '/api/auth/upload-logo',
      headers: { cookie: owner.cookie, ...multipart.headers },
      payload: multipart.payload,
    });
    expect(proper.statusCode, proper.body).toBe(200);

    const after = (await manifestOf(owner.slug)).icons[1]!.src;
    expect(after).not.toBe(before);
    expect((await get(before)).statusCode).toBe(404);
    const seen = await pixels((await get(after)).rawPayload);
    expect(seen).toEqual({ size: '512x512', middle: '#00a0ff', corner: '#204060' });
  });

  it('answers a clean 404 for names it does not hand out', async () => {
    const owner = await onboardedGym(t, 'spin-master');
    const src = (await manifestOf(owner.slug)).icons[0]!.src;
    const version = src.split('/').at(-1)!.split('-')[0]!;
    for (const file of [
      `${version}-256.png`,
      `${version}-192.webp`,
      `${version}-192-1.png`,
      `000000000000-192.png`,
      `${version}-192.png${'x'.repeat(60)}`,
      '..%2F..%2Fgym.html',
      '%00.png',
    ]) {
      const res = await get(`/gym/${owner.slug}/icons/${file}`);
      expect(res.statusCode, file).toBe(404);
      expect(res.headers['content-type'], file).toContain('application/json');
    }
  });
});

describe("the gym page's service worker", () => {
  it("is allowed the page's scope and pre-caches the build's shell, what the page loads on demand and the gym's font", async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const res = await get(`/gym/${owner.slug}/sw.js`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe(`/gym/${owner.slug}`);
    const config = JSON.parse(/^const CONFIG = (.*);$/m.exec(res.body)![1]!);
    const page = await get(`/gym/${owner.slug}`);
    expect(config).toEqual({
      version: page.headers[GYM_BUILD_HEADER],
      scope: `/gym/${owner.slug}`,
      page: `/gym/${owner.slug}`,
      api: `/api/gym/${owner.slug}`,
      precache: ['/favicon.svg', '/theme-init.js', '/assets/gym-abc.js', '/assets/gym-def.css'],
      onDemand: ['/assets/player-p.js', '/assets/player-q.css'],
    });

    // A display font the gym chose (Full customization) is part of its shell.
    await brand(owner, 'Iron Spin', '#1a1a1a', { displayFont: 'oswald' });
    const withFont = await get(`/gym/${owner.slug}/sw.js`);
    expect(withFont.body).toContain('"/assets/oswald-latin-700-normal-AbC1.woff2"');
    expect(withFont.body).not.toContain('montserrat');
  });

  it('answers a clean 404 for an unknown, old, malformed or hostile slug; a hostile host is no domain', async () => {
    const owner = await onboardedGym(t, 'spin-master');
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/slug',
      headers: { cookie: owner.cookie },
      payload: { slug: `${owner.slug}-new` },
    });
    expect(moved.statusCode).toBe(200);
    for (const [slug, host] of [
      [owner.slug, undefined], // the old slug: the page redirects, its app files do not exist
      ['nobody-rides-here', undefined],
      ['UPPER', undefined],
      ['x'.repeat(80), undefined],
      ['%3Cscript%3E', undefined],
      [`${owner.slug}-new`, 'evil.example.com'],
      [`${owner.slug}-new`, 'bad_host..com:99999'],
    ] as const) {
      for (const file of ['manifest.webmanifest', 'sw.js', 'icons/abc-192.png']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/gym/${slug}/${file}`,
          headers: host ? { host } : {},
        });
        if (host) {
          // A host that is no gym's domain is treated as the app's: the slug's own files (never
          // the scope '/'), and the icon's made-up version is still a 404.
          expect(res.statusCode, `${slug} ${host} ${file}`).toBe(
            file.startsWith('icons') ? 404 : 200,
          );
          if (file === 'sw.js') {
            expect(res.headers['service-worker-allowed']).toBe(`/gym/${slug}`);
          }
          continue;
        }
        expect(res.statusCode, `${slug} ${host} ${file}`).toBe(404);
        expect(res.headers['content-type']).toContain('application/json');
      }
    }
  });
});
