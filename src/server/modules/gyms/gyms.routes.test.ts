import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDING_DEFAULTS } from '@shared/branding.contract';
import { users } from '../../db/schema/users';
import { createObjectStore } from '../../storage/create-object-store';
import type { ObjectStore } from '../../storage/object-store';
import { videos } from '../../db/schema/videos';
import { connectDomain, fakeTxtResolver } from '../../test/fake-dns';
import { registerOwner, startTestApp, type TestApp } from '../../test/harness';
import { isReadyForRiders } from './gyms.service';

let t: TestApp;
let webDist: string;
let store: ObjectStore;
const dns = fakeTxtResolver();
const INDEX_HTML =
  '<!doctype html><html><head><link rel="icon" type="image/svg+xml" href="/favicon.svg" /><title>Cadence</title></head><body><div id="root"></div></body></html>';
/** The public page's own build (vite.gym.config.ts): what /gym/{slug} and custom domains get. */
const GYM_HTML = INDEX_HTML.replace(
  '<div id="root"></div>',
  '<div id="root"></div><script type="module" src="/assets/gym.js"></script>',
);

/** The gym a served page carries (EMBEDDED_GYM_ID), as the page's script reads it. */
function embeddedGym(html: string): unknown {
  const json = /<script type="application\/json" id="cadence-gym">([^<]*)<\/script>/.exec(
    html,
  )?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

beforeAll(async () => {
  // The custom-domain tests need the app serving a web build: a one-file stand-in.
  webDist = await mkdtemp(path.join(tmpdir(), 'cadence-gyms-web-'));
  await writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
  await writeFile(path.join(webDist, 'gym.html'), GYM_HTML);
  store = await createObjectStore(
    { storage: { kind: 'local' }, dataDir: '/tmp/cadence-test' },
    { signingSecret: 'gyms-test-signing-secret-of-32-characters', now: Date.now },
  );
  t = await startTestApp({
    deps: { web: 'static', webDist, objectStore: store, txtResolver: dns.resolver },
  });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

let counter = 0;
async function gym(name = 'Iron Spin', slug = `gym-${++counter}-${Date.now().toString(36)}`) {
  const owner = await registerOwner(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/complete-onboarding',
    headers: { cookie: owner.cookie },
    payload: {
      companyName: name,
      companyType: 'gym',
      companySlug: slug,
      companyDescription: 'Ride with us.',
    },
  });
  expect(res.statusCode).toBe(200);
  return { ...owner, slug };
}

/** The owner moves the gym to a new slug (PUT /api/auth/slug); answers the slug now in use. */
async function changeSlug(owner: { cookie: string }, slug: string): Promise<string> {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/auth/slug',
    headers: { cookie: owner.cookie },
    payload: { slug },
  });
  expect(res.statusCode).toBe(200);
  return res.json().user.companySlug;
}

type Status = 'uploaded' | 'processing' | 'enhanced' | 'failed';
async function addVideo(
  userId: string,
  title: string,
  status: Status,
  extra: Partial<typeof videos.$inferInsert> = {},
  minutesAgo = 0,
) {
  const id = randomUUID();
  await t.database.db.insert(videos).values({
    id,
    userId,
    title,
    originalFileName: `${id}.mp4`,
    originalFileUrl: `/api/objects/uploads/${userId}/${id}`,
    fileSize: '1000',
    processingStatus: status,
    processingNotes: 'private admin note',
    enhancementNotes: 'private owner note',
    uploadedAt: new Date(Date.now() - minutesAgo * 60_000),
    ...extra,
  });
  return id;
}

const getGym = (slug: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/gym/${slug}`, headers });

describe('GET /api/gym/:gymSlug', () => {
  it('answers 404 with a message for an unknown slug (and for a malformed one)', async () => {
    for (const slug of ['nobody-rides-here', 'UPPER', 'x'.repeat(80), '%3Cscript%3E']) {
      const res = await getGym(slug);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json()).toEqual({ message: 'Gym not found' });
    }
  });

  it('lists only the enhanced videos, newest first, with formatted durations', async () => {
    const g = await gym();
    const ready1 = await addVideo(g.id, 'Hill Climb', 'enhanced', { duration: '3900' }, 10);
    const ready2 = await addVideo(g.id, 'Sprint Intervals', 'enhanced', { duration: null }, 1);
    await addVideo(g.id, 'Still Processing', 'processing', { duration: '1800' });
    await addVideo(g.id, 'Waiting', 'uploaded');
    await addVideo(g.id, 'Broken', 'failed');
    const other = await gym('Other Gym');
    await addVideo(other.id, 'Not Mine', 'enhanced');

    const res = await getGym(g.slug);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // No media yet, and no details set: the page's defaults (issue #20).
    const noMedia = {
      hlsUrl: null,
      mp4Url: null,
      posterUrl: null,
      instructor: null,
      difficulty: 'Intermediate',
      classType: null,
      equipmentNotes: null,
      rideTrackUrl: null,
      offline: null,
    };
    expect(body.videos).toEqual([
      {
        id: ready2,
        title: 'Sprint Intervals',
        duration: '45 min',
        thumbnailUrl: null,
        durationSeconds: null,
        ...noMedia,
      },
      {
        id: ready1,
        title: 'Hill Climb',
        duration: '1 h 5 min',
        thumbnailUrl: null,
        durationSeconds: 3900,
        ...noMedia,
      },
    ]);
  });

  it('answers the name, logo and branding with readable text colours', async () => {
    const g = await gym('Pedal House');
    await t.database.db
      .update(users)
      .set({
        // The logo's icon and the description come with Full branding (Spin Master).
        plan: 'spin-master',
        brandPrimaryColor: '#a855f7',
        brandSecondaryColor: '#1a1a1a',
        companyLogoUrl: `/api/logos/${randomUUID()}/abcdefabcdefabcdefabcdef-512.png`,
      })
      .where(eq(users.id, g.id));
    const body = (await getGym(g.slug)).json();
    expect(body).toMatchObject({
      slug: g.slug,
      gymName: 'Pedal House',
      gymLogo: expect.stringMatching(/-512\.png$/),
      gymLogoIcon: expect.stringMatching(/-64\.png$/),
      videos: [],
      branding: {
        primaryColor: '#a855f7',
        secondaryColor: '#1a1a1a',
        description: 'Ride with us.',
        primaryTextColor: '#111111',
        secondaryTextColor: '#ffffff',
        // Purple reads at under 4.5:1 on #1a1a1a: the accent falls back to the text colour.
        accentColor: '#ffffff',
      },
    });
  });

  it('shows the default description when the gym has none', async () => {
    const g = await gym();
    await t.database.db.update(users).set({ companyDescription: null }).where(eq(users.id, g.id));
    expect((await getGym(g.slug)).json().branding.description).toBe(BRANDING_DEFAULTS.description);
  });

  it('never answers anything private: exactly the public fields', async () => {
    const g = await gym();
    await addVideo(g.id, 'Public Class', 'enhanced', {
      enhancedFileUrl: '/api/objects/videos/secret/enhanced.mp4',
      enhancedKey: 'videos/secret/enhanced.mp4',
      duration: '2700',
    });
    const res = await getGym(g.slug);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'branding',
      'gymLogo',
      'gymLogoIcon',
      'gymName',
      'programs',
      'slug',
      'videos',
    ]);
    expect(Object.keys(body.videos[0]).sort()).toEqual([
      'classType',
      'difficulty',
      'duration',
      'durationSeconds',
      'equipmentNotes',
      'hlsUrl',
      'id',
      'instructor',
      'mp4Url',
      'offline',
      'posterUrl',
      'rideTrackUrl',
      'thumbnailUrl',
      'title',
    ]);
    expect(Object.keys(body.branding).sort()).toEqual([
      'accentColor',
      'description',
      'displayFont',
      'heroImage',
      'poweredByCadence',
      'primaryColor',
      'primaryTextColor',
      'secondaryColor',
      'secondaryTextColor',
    ]);
    // The player's MP4 is the public media route, never the stored key or the owner's address.
    expect(body.videos[0].mp4Url).toMatch(
      /^\/media\/videos\/[0-9a-f-]{36}\/enhanced\.mp4\?v=[\w-]+$/,
    );
    for (const secret of [
      g.email,
      g.id,
      'private',
      'objects/',
      'videos/secret',
      'password',
      'plan',
    ]) {
      expect(res.body, secret).not.toContain(secret);
    }
  });

  it('answers an old slug with a hint to the current one', async () => {
    const g = await gym('Moving Gym', `old-${Date.now().toString(36)}`);
    const current = await changeSlug(g, `new-${Date.now().toString(36)}`);
    const res = await getGym(g.slug);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirectTo: current });
    expect((await getGym(current)).json().gymName).toBe('Moving Gym');
  });

  it('is cacheable: public, max-age=60, an ETag, and 304 while nothing changed', async () => {
    const g = await gym();
    const id = await addVideo(g.id, 'Class One', 'enhanced');
    const first = await getGym(g.slug);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await getGym(g.slug, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // A change to a class (through the service that owns it: decision 0028) changes the tag.
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/auth/videos/${id}`,
      headers: { cookie: g.cookie },
      payload: { title: 'Class One, Longer' },
    });
    expect(renamed.statusCode).toBe(200);
    const changed = await getGym(g.slug, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().videos[0].title).toBe('Class One, Longer');
  });

  it('hands out stored thumbnails as signed links that load, keeps data: images, drops anything else', async () => {
    const g = await gym();
    const key = `videos/${randomUUID()}/thumb.jpg`;
    // A tiny stand-in file in the app's own object store.
    await store.put(key, Readable.from(Buffer.from('jpeg-bytes')));
    const stored = await addVideo(
      g.id,
      'Stored Thumb',
      'enhanced',
      { thumbnailUrl: store.addressFor(key) },
      3,
    );
    const inline = await addVideo(
      g.id,
      'Inline Thumb',
      'enhanced',
      { thumbnailUrl: 'data:image/png;base64,iVBORw0KGgo=' },
      2,
    );
    const bad = await addVideo(
      g.id,
      'Bad Thumb',
      'enhanced',
      { thumbnailUrl: 'javascript:alert(1)' },
      1,
    );

    const list = (await getGym(g.slug)).json().videos as Array<{
      id: string;
      thumbnailUrl: string | null;
    }>;
    const byId = Object.fromEntries(list.map((v) => [v.id, v.thumbnailUrl]));
    expect(byId[stored]).toMatch(/^\/api\/objects\/videos\/.+\?expires=\d+&signature=/);
    const loaded = await t.app.inject({ method: 'GET', url: byId[stored]! });
    expect(loaded.statusCode).toBe(200);
    expect(loaded.body).toBe('jpeg-bytes');
    expect(byId[inline]).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(byId[bad]).toBeNull();

    // The same link for the rest of the hour: the answer stays cacheable.
    const second = (await getGym(g.slug)).json().videos as Array<{
      id: string;
      thumbnailUrl: string | null;
    }>;
    expect(second.find((v) => v.id === stored)?.thumbnailUrl).toBe(byId[stored]);
  });

  it('gives the player its media: the HLS master, the enhanced MP4 and the poster, via public routes', async () => {
    const g = await gym();
    const id = randomUUID();
    await addVideo(g.id, 'Packaged', 'enhanced', {
      id,
      duration: '1200',
      enhancedKey: `videos/${id}/enhanced/v1.mp4`,
      enhancedFileUrl: `/media/videos/${id}/enhanced.mp4?v=v1`,
      thumbnailUrl: `/media/videos/${id}/thumbnail.jpg`,
      hlsUrl: `/media/videos/${id}/hls/abc123/master.m3u8`,
    });
    await addVideo(
      g.id,
      'Odd Stream',
      'enhanced',
      { hlsUrl: 'https://elsewhere.example/x.m3u8' },
      5,
    );
    const list = (await getGym(g.slug)).json().videos as Array<Record<string, unknown>>;
    expect(list[0]).toMatchObject({
      id,
      durationSeconds: 1200,
      hlsUrl: `/media/videos/${id}/hls/abc123/master.m3u8`,
      mp4Url: expect.stringMatching(
        new RegExp(`^/media/videos/${id}/enhanced\\.mp4\\?v=[\\w-]{12}$`),
      ),
      thumbnailUrl: `/media/videos/${id}/thumbnail.jpg`,
      posterUrl: `/media/videos/${id}/poster.jpg`,
    });
    // Only the pipeline's own ladder is handed to players; no enhanced file, no MP4.
    expect(list[1]).toMatchObject({
      title: 'Odd Stream',
      hlsUrl: null,
      mp4Url: null,
      posterUrl: null,
    });
  });

  it('names the offline file beside the published ladder (decision 0047), none without one', async () => {
    const g = await gym();
    const id = randomUUID();
    const hlsUrl = `/media/videos/${id}/hls/abc123/master.m3u8`;
    await addVideo(g.id, 'Saved', 'enhanced', { id, hlsUrl, offlineBytes: 1_234_567_890 }, 1);
    const older = randomUUID();
    await addVideo(
      g.id,
      'Packaged Before',
      'enhanced',
      { id: older, hlsUrl: `/media/videos/${older}/hls/def456/master.m3u8` },
      2,
    );
    // A size without a ladder of ours names nothing (no address to give).
    await addVideo(g.id, 'Unpackaged', 'enhanced', { offlineBytes: 10 }, 3);
    await addVideo(
      g.id,
      'Odd Stream',
      'enhanced',
      { hlsUrl: 'https://elsewhere.example/x.m3u8', offlineBytes: 10 },
      4,
    );
    const first = await getGym(g.slug);
    const list = first.json().videos as Array<{ title: string; offline: unknown }>;
    expect(list.map((v) => [v.title, v.offline])).toEqual([
      [
        'Saved',
        {
          url: `/media/videos/${id}/hls/abc123/offline.mp4`,
          bytes: 1_234_567_890,
          version: 'abc123',
        },
      ],
      ['Packaged Before', null],
      ['Unpackaged', null],
      ['Odd Stream', null],
    ]);
    // The address is the media route's: it serves the file once it is stored.
    await store.put(`videos/${id}/hls/abc123/offline.mp4`, Readable.from(Buffer.from('mp4')));
    const served = await t.app.inject({
      method: 'GET',
      url: `/media/videos/${id}/hls/abc123/offline.mp4`,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
  });
});

describe('isReadyForRiders (the one filter for listed classes)', () => {
  it.each([
    ['enhanced', null, true],
    ['enhanced', '/api/objects/videos/x/master.m3u8', true],
    ['processing', '/api/objects/videos/x/master.m3u8', false],
    ['uploaded', null, false],
    ['failed', null, false],
  ] as const)('%s with hls %j -> %j', (processingStatus, hlsUrl, ready) => {
    expect(isReadyForRiders({ processingStatus, hlsUrl })).toBe(ready);
  });
});

describe('GET /gym/{gymSlug}: the public page with its gym in the HTML', () => {
  const getPage = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves gym.html titled with the gym, carrying the same gym as the API and preloading the first pictures', async () => {
    const g = await gym('Page Gym');
    const key = `videos/${randomUUID()}/thumb.jpg`;
    await store.put(key, Readable.from(Buffer.from('jpeg-bytes')));
    await addVideo(g.id, 'First Ride', 'enhanced', { thumbnailUrl: store.addressFor(key) }, 2);
    await addVideo(
      g.id,
      'Second Ride',
      'enhanced',
      { thumbnailUrl: 'data:image/png;base64,AAAA' },
      1,
    );
    await addVideo(g.id, 'Third Ride', 'enhanced', { thumbnailUrl: store.addressFor(key) }, 0);
    const res = await getPage(`/gym/${g.slug}?class=x`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('src="/assets/gym.js"');
    expect(res.body).toContain('<title>Page Gym</title>');
    const api = (await getGym(g.slug)).json();
    expect(embeddedGym(res.body)).toEqual({ slug: g.slug, gym: api });
    // The first two classes' pictures, except a data: one (nothing to fetch); & escaped in the href.
    const preloads = [...res.body.matchAll(/<link rel="preload" as="image" href="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(preloads).toEqual([api.videos[0].thumbnailUrl.replace(/&/g, '&amp;')]);
    expect(api.videos[1].thumbnailUrl).toMatch(/^data:/);

    const head = await t.app.inject({ method: 'HEAD', url: `/gym/${g.slug}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.body).toBe('');

    const gzipped = await t.app.inject({
      method: 'GET',
      url: `/gym/${g.slug}`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    // Host too: on a custom domain every path (this one included) is that gym's page.
    expect(gzipped.headers.vary).toBe('host, accept-encoding');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(res.body);
    for (const refused of ['gzip;q=0', 'br, gzip; q=0.0', 'identity']) {
      const plain = await t.app.inject({
        method: 'GET',
        url: `/gym/${g.slug}`,
        headers: { 'accept-encoding': refused },
      });
      expect(plain.headers['content-encoding'], refused).toBeUndefined();
      expect(plain.body, refused).toBe(res.body);
    }
  });

  it("keeps $ patterns in the gym's text as they are: the page stays whole", async () => {
    const name = "Rides $<5 $& $' $` $$ Club";
    const g = await gym(name);
    await addVideo(g.id, "Sprint $' $` $&", 'enhanced');
    const res = await getPage(`/gym/${g.slug}`);
    expect(res.body).toContain('<title>Rides $&lt;5 $&amp; $&#39; $` $$ Club</title>');
    expect(res.body.match(/<\/head>/g)).toHaveLength(1);
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(embeddedGym(res.body)).toMatchObject({
      gym: { gymName: name, videos: [{ title: "Sprint $' $` $&" }] },
    });
  });

  it("escapes the gym's own text: a name cannot close the script or the title", async () => {
    const g = await gym('</script><script>alert(1)</script>');
    const res = await getPage(`/gym/${g.slug}`);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>',
    );
    expect(embeddedGym(res.body)).toMatchObject({
      gym: { gymName: '</script><script>alert(1)</script>' },
    });
  });

  it('redirects an old slug to the current one, keeping the query', async () => {
    const g = await gym('Renamed Gym', `was-${Date.now().toString(36)}`);
    const current = await changeSlug(g, `now-${Date.now().toString(36)}`);
    const res = await getPage(`/gym/${g.slug}?class=abc`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/gym/${current}?class=abc`);
  });

  it('moves /gym/{slug}/ to /gym/{slug}, keeping the query', async () => {
    const res = await getPage('/gym/some-gym/?class=abc');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/gym/some-gym?class=abc');
  });

  it('answers an unknown or malformed slug with the page (it shows Gym Not Found) and a 404 status', async () => {
    for (const url of ['/gym/nobody-rides-here', '/gym/UPPER', `/gym/${'x'.repeat(80)}`, '/gym/']) {
      const res = await getPage(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(GYM_HTML);
    }
  });
});

describe('custom domains (Host header)', () => {
  // Changed with verification: a domain serves only once verified (through the fake DNS here).
  async function gymWithDomain(domain: string, plan = 'spin-master') {
    const g = await gym('Domain Gym');
    await t.database.db.update(users).set({ plan }).where(eq(users.id, g.id));
    const res = await connectDomain(t.app, dns, g.cookie, domain);
    expect(res.branding.customDomainStatus).toBe('verified');
    return g;
  }

  it('answers GET /api/gym/by-host with the gym whose domain the Host names, 404 for any other host', async () => {
    const g = await gymWithDomain('classes.domain-gym.com');
    await addVideo(g.id, 'Domain Class', 'enhanced');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/gym/by-host',
      headers: { host: 'Classes.Domain-Gym.com:443' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      slug: g.slug,
      gymName: 'Domain Gym',
      videos: [{ title: 'Domain Class' }],
    });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    // Publicly cacheable, so a shared cache must keep one answer per Host (the 404 too).
    expect(res.headers.vary).toMatch(/\bhost\b/i);

    const other = await t.app.inject({
      method: 'GET',
      url: '/api/gym/by-host',
      headers: { host: 'unknown.example.com' },
    });
    expect(other.statusCode).toBe(404);
    expect(other.headers.vary).toMatch(/\bhost\b/i);
    const local = await t.app.inject({
      method: 'GET',
      url: '/api/gym/by-host',
      headers: { host: 'localhost:5000' },
    });
    expect(local.statusCode).toBe(404);
  });

  it('serves the public page marked for the gym at / (title, icon, marker, the gym) on its domain, and the plain app elsewhere', async () => {
    const g = await gymWithDomain('ride.marked-gym.com');
    await t.database.db
      .update(users)
      .set({ companyLogoUrl: `/api/logos/${g.id}/abcdefabcdefabcdefabcdef-512.png` })
      .where(eq(users.id, g.id));
    for (const url of ['/', '/any/client/path']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { host: 'ride.marked-gym.com' },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('src="/assets/gym.js"');
      expect(res.body).toContain(`<meta name="cadence-gym-host" content="${g.slug}" />`);
      expect(res.body).toContain('<title>Domain Gym</title>');
      expect(res.body).toContain(`href="/api/logos/${g.id}/abcdefabcdefabcdefabcdef-64.png"`);
      expect(embeddedGym(res.body)).toMatchObject({
        slug: null,
        gym: { slug: g.slug, gymName: 'Domain Gym' },
      });
      // The same path answers per Host: caches must not hand this page to the app's host.
      expect(res.headers.vary).toMatch(/\bhost\b/i);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
    const plain = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'localhost:5000' },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(INDEX_HTML);
    expect(plain.headers.vary).toMatch(/\bhost\b/i);

    // The API on that host is the API: no HTML for it.
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: 'ride.marked-gym.com' },
    });
    expect(api.headers['content-type']).toMatch(/json/);
  });

  it('answers the TLS proxy whether a domain is connected (on-demand certificates)', async () => {
    await gymWithDomain('ask.checked-gym.com');
    const yes = await t.app.inject({
      method: 'GET',
      url: '/api/custom-domains/check?domain=ask.checked-gym.com',
    });
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ domain: 'ask.checked-gym.com', connected: true });
    for (const url of [
      '/api/custom-domains/check?domain=nope.example.com',
      '/api/custom-domains/check',
      '/api/custom-domains/check?domain=localhost',
      `/api/custom-domains/check?domain=${'a'.repeat(300)}.com`,
      '/api/custom-domains/check?domain=ask.checked-gym.com&domain=x.example.com',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('approves, serves and answers by-host only for a verified domain, never for a pending one', async () => {
    const g = await gym('Pending Gym');
    await t.database.db.update(users).set({ plan: 'spin-master' }).where(eq(users.id, g.id));
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/branding/domain',
      headers: { cookie: g.cookie },
      payload: { domain: 'pending.waiting-gym.com' },
    });
    expect(saved.json().branding.customDomainStatus).toBe('pending');
    const host = { host: 'pending.waiting-gym.com' };
    const check = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/custom-domains/check?domain=pending.waiting-gym.com',
      });
    expect((await check()).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/gym/by-host', headers: host })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/', headers: host })).body).toBe(INDEX_HTML);

    const record = saved.json().branding.customDomainRecord;
    dns.publish(record.name, [record.value]);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/branding/domain/verify',
      headers: { cookie: g.cookie },
    });
    expect(verified.statusCode).toBe(200);
    expect((await check()).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/gym/by-host', headers: host })).json()
        .gymName,
    ).toBe('Pending Gym');
    expect((await t.app.inject({ method: 'GET', url: '/', headers: host })).body).toContain(
      '<title>Pending Gym</title>',
    );
  });

  it('stops serving a domain once the plan no longer includes it', async () => {
    const g = await gymWithDomain('gone.downgraded-gym.com');
    await t.database.db.update(users).set({ plan: 'power-cycle' }).where(eq(users.id, g.id));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/gym/by-host',
      headers: { host: 'gone.downgraded-gym.com' },
    });
    expect(res.statusCode).toBe(404);
    const html = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'gone.downgraded-gym.com' },
    });
    expect(html.body).toBe(INDEX_HTML);
  });
});
