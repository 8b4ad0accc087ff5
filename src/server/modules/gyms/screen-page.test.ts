import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDomain, fakeTxtResolver } from '../../test/fake-dns';
import { onboardedGym, startTestApp, type TestApp } from '../../test/harness';
import { screenPageHtml } from './screen-page';

/** GET /screen (issue #21 part 3, decision 0050): the gym build's page, as a studio screen's. */

let t: TestApp;
let webDist: string;
const dns = fakeTxtResolver();
/** A stand-in for the built gym.html. */
const GYM_HTML =
  '<!doctype html><html><head><meta name="theme-color" content="#ff4500" />' +
  '<title>Cadence</title><script type="module" crossorigin src="/assets/gym-abc.js"></script>' +
  '</head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'cadence-screen-page-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>App</title>');
  await writeFile(path.join(webDist, 'gym.html'), GYM_HTML);
  // The build's manifest: the screen's chunk and the player, loaded on demand.
  await mkdir(path.join(webDist, '.vite'));
  await writeFile(
    path.join(webDist, '.vite', 'manifest.json'),
    JSON.stringify({
      'gym.html': { file: 'assets/gym-abc.js', dynamicImports: ['screen.tsx', 'player.tsx'] },
      'screen.tsx': { file: 'assets/screen-s.js', imports: ['gym.html'] },
      'player.tsx': { file: 'assets/player-p.js', imports: ['gym.html'] },
    }),
  );
  t = await startTestApp({
    env: { APP_HOSTS: 'app.cadence.test' },
    deps: { web: 'static', webDist, txtResolver: dns.resolver },
  });
}, 240_000);
afterAll(async () => {
  await t?.close();
  if (webDist) await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: 'app.cadence.test', ...headers } });

describe('the studio screen page', () => {
  it('serves the gym build, titled as a screen, not indexed, never cached', async () => {
    const res = await get('/screen');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/gym-abc.js">');
    expect(res.body).toContain('<title>Studio screen · Cadence</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).toContain('<meta name="theme-color" content="#000000" />');
    // No gym in it: a screen learns its gym from its timetable.
    expect(res.body).not.toContain('cadence-gym');
  });

  it('carries its build, and its service worker opens it with no network (decision 0050)', async () => {
    const page = await get('/screen');
    const version = page.headers['x-cadence-build'];
    expect(version).toMatch(/^[0-9a-f]{12,}$/);
    const res = await get('/screen/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/screen');
    const config = JSON.parse(/const CONFIG = (.*);\n/.exec(res.body)![1]!);
    // The page and the build's shell, the screen's chunk and the player; no public answer (the
    // screen keeps its timetable itself).
    expect(config).toEqual({
      version,
      scope: '/screen',
      page: '/screen',
      api: null,
      precache: ['/assets/gym-abc.js'],
      onDemand: ['/assets/screen-s.js', '/assets/player-p.js'],
    });
    // The manifest itself is the server's to read, not the web's.
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
  });

  it('keeps its query (a screen may be opened with one) and gzips for browsers that take it', async () => {
    const res = await get('/screen?from=tv', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(screenPageHtml(GYM_HTML));
  });

  it('is the main app elsewhere: /screen/ and /screens are not the screen page', async () => {
    for (const url of ['/screens', '/screen/x']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>App</title>');
    }
  });

  it("on a gym's custom domain every page path is the gym's page, /screen too", async () => {
    const owner = await onboardedGym(t, 'spin-master');
    await connectDomain(t.app, dns, owner.cookie, 'classes.screen-gym.test');
    const res = await get('/screen', { host: 'classes.screen-gym.test' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Studio screen');
    expect(res.body).toContain('cadence-gym');
  });

  it('writes nothing of a request into the page', () => {
    expect(screenPageHtml('<head><title>x</title></head>')).toBe(
      '<head><title>Studio screen · Cadence</title>  <meta name="robots" content="noindex" />\n  </head>',
    );
  });
});
