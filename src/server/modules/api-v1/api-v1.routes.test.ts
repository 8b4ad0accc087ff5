import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, API_KEYS_PATH, type CreatedApiKey } from '@shared/api-keys.contract';
import { API_MESSAGES, type ApiClass, type ClassPage } from '@shared/api-v1.contract';
import { OBJECT_URL_HEADER } from '@shared/uploads.contract';
import { mediaFixtures, type MediaFixtures } from '../../test/media-fixtures';
import {
  onboardedGym,
  registerOwner,
  setPlan,
  startTestApp,
  type TestApp,
} from '../../test/harness';
import { API_KEY_FAILURES, API_KEY_INVALID, API_KEY_READ_ONLY } from '../api-keys/api-keys.service';

/**
 * The Cadence API (issue #19) over real HTTP: keys made and revoked under Settings > API, then
 * /api/v1 with them: tus uploads, classes, pagination, idempotency, rate limits, errors.
 */
let t: TestApp;
let base: string;
let media: MediaFixtures;
const RATE = { max: 40, windowMs: 60_000 };

beforeAll(async () => {
  [t, media] = await Promise.all([startTestApp({ deps: { apiRateLimit: RATE } }), mediaFixtures()]);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 240_000);
afterAll(() => t?.close());

type Owner = Awaited<ReturnType<typeof onboardedGym>>;

async function makeKey(owner: Owner, scope: 'read' | 'write', name = 'Studio sync') {
  const res = await t.app.inject({
    method: 'POST',
    url: API_KEYS_PATH,
    headers: { cookie: owner.cookie },
    payload: { name, scope },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedApiKey>();
}

function api(
  secret: string | null,
  method: string,
  path: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
) {
  return fetch(`${base}${path}`, {
    method,
    headers: {
      ...(secret ? { authorization: `Bearer ${secret}` } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** A tus upload with the key, as an integrator's tool makes one: answers Cadence-Object-Url. */
async function tusUpload(secret: string, bytes: Buffer): Promise<string> {
  const created = await fetch(`${base}/api/v1/uploads`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${secret}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': `filetype ${Buffer.from('video/mp4').toString('base64')}`,
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const location = created.headers.get('location')!;
  expect(location).toMatch(/^\/api\/v1\/uploads\/[\w-]+$/);
  const patched = await fetch(`${base}${location}`, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${secret}`,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  });
  expect(patched.status).toBe(204);
  return patched.headers.get(OBJECT_URL_HEADER.toLowerCase())!;
}

async function newClass(secret: string, title: string): Promise<ApiClass> {
  const upload = await tusUpload(secret, media.clip);
  const res = await api(secret, 'POST', '/api/v1/classes', {
    body: { title, upload, fileName: 'ride.mp4' },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json() as Promise<ApiClass>;
}

describe('API keys', () => {
  it('are made on Elite Studio only, shown once, listed by hint, and stop at once when revoked', async () => {
    const free = await onboardedGym(t, 'spin-master');
    const refused = await t.app.inject({
      method: 'POST',
      url: API_KEYS_PATH,
      headers: { cookie: free.cookie },
      payload: { name: 'x', scope: 'read' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(API_KEY_MESSAGES.locked);

    const owner = await onboardedGym(t, 'elite-studio');
    const made = await makeKey(owner, 'read');
    expect(made.secret).toMatch(/^cad_live_[0-9A-Za-z]{43}$/);
    expect(made.key.hint).toBe(`cad_live_…${made.secret.slice(-4)}`);
    const listed = await t.app.inject({ url: API_KEYS_PATH, headers: { cookie: owner.cookie } });
    expect(listed.body).not.toContain(made.secret);
    expect(listed.json().keys).toHaveLength(1);
    expect(listed.json().keys[0].lastUsedAt).toBeNull();

    expect((await api(made.secret, 'GET', '/api/v1/classes')).status).toBe(200);
    const used = await t.app.inject({ url: API_KEYS_PATH, headers: { cookie: owner.cookie } });
    expect(used.json().keys[0].lastUsedAt).not.toBeNull();

    const other = await onboardedGym(t, 'elite-studio');
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `${API_KEYS_PATH}/${made.key.id}`,
      headers: { cookie: other.cookie },
    });
    expect(theirs.statusCode).toBe(404);
    expect((await api(made.secret, 'GET', '/api/v1/classes')).status).toBe(200);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `${API_KEYS_PATH}/${made.key.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(revoked.statusCode).toBe(200);
    const after = await api(made.secret, 'GET', '/api/v1/classes');
    expect(after.status).toBe(401);
    expect(((await after.json()) as { error: { message: string } }).error.message).toBe(
      API_KEY_INVALID,
    );
  });

  it('refuses a bad name or scope with the field, and a 21st live key', async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const bad = await t.app.inject({
      method: 'POST',
      url: API_KEYS_PATH,
      headers: { cookie: owner.cookie },
      payload: { name: ' ', scope: 'admin' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['name', 'scope']);
    await Promise.all(Array.from({ length: 20 }, (_, i) => makeKey(owner, 'read', `k${i}`)));
    const over = await t.app.inject({
      method: 'POST',
      url: API_KEYS_PATH,
      headers: { cookie: owner.cookie },
      payload: { name: 'one more', scope: 'read' },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(API_KEY_MESSAGES.limit);
  });
});

describe('authentication on /api/v1', () => {
  it('gives every key that does not authenticate the same 401, and never takes a session', async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const { secret } = await makeKey(owner, 'write');
    const tries: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer' },
      { authorization: `Basic ${Buffer.from(`x:${secret}`).toString('base64')}` },
      { authorization: `Bearer ${secret}x` },
      { authorization: `Bearer cad_live_${'A'.repeat(43)}` },
      { authorization: `Bearer ${secret} ${secret}` },
      { authorization: `Bearer ${'a'.repeat(5000)}` },
      { cookie: owner.cookie },
    ];
    const bodies = new Set<string>();
    for (const headers of tries) {
      const res = await fetch(`${base}/api/v1/classes`, { headers });
      expect(res.status).toBe(401);
      bodies.add(await res.text());
    }
    expect([...bodies]).toEqual([
      JSON.stringify({ error: { code: 'unauthorized', message: API_KEY_INVALID } }),
    ]);
    // And a key opens no session route.
    const session = await fetch(`${base}/api/auth/user/videos`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(session.status).toBe(401);
    // The scheme's case does not matter (RFC 9110).
    expect(
      (
        await api(null, 'GET', '/api/v1/classes', {
          headers: { authorization: `bearer ${secret}` },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a read key that writes (403), and every key once the plan lacks API access', async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const read = await makeKey(owner, 'read');
    const res = await api(read.secret, 'POST', '/api/v1/classes', { body: { title: 'x' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: 'forbidden', message: API_KEY_READ_ONLY } });

    await setPlan(t.database, owner.id, 'spin-master');
    const locked = await api(read.secret, 'GET', '/api/v1/classes');
    expect(locked.status).toBe(403);
    expect(((await locked.json()) as { error: { message: string } }).error.message).toBe(
      API_KEY_MESSAGES.locked,
    );
    // Keys made before stay listed, and can still be revoked.
    const view = await t.app.inject({ url: API_KEYS_PATH, headers: { cookie: owner.cookie } });
    expect(view.json()).toMatchObject({ allowed: false, keys: [{ id: read.key.id }] });
  });
});

describe('classes through the API', () => {
  it('uploads with tus and the key, makes a class, reads, renames and deletes it', async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const { secret } = await makeKey(owner, 'write');
    const made = await newClass(secret, 'Hill Climb 45');
    expect(made).toMatchObject({
      title: 'Hill Climb 45',
      status: 'uploaded',
      statusLabel: 'Pending Processing',
      fileName: 'ride.mp4',
      fileSizeBytes: media.clip.length,
      streamUrl: null,
      offline: null,
    });

    const read = await api(secret, 'GET', `/api/v1/classes/${made.id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('no-store');

    const renamed = await api(secret, 'PATCH', `/api/v1/classes/${made.id}`, {
      body: { title: 'Hill Climb 50' },
    });
    expect(((await renamed.json()) as ApiClass).title).toBe('Hill Climb 50');
    // The owner's web library sees the same class.
    const library = await t.app.inject({
      url: '/api/auth/user/videos',
      headers: { cookie: owner.cookie },
    });
    expect(library.json().map((v: { title: string }) => v.title)).toEqual(['Hill Climb 50']);

    const deleted = await api(secret, 'DELETE', `/api/v1/classes/${made.id}`);
    expect(deleted.status).toBe(204);
    expect((await api(secret, 'GET', `/api/v1/classes/${made.id}`)).status).toBe(404);
  });

  it("answers 404 for another owner's class and for an id that is no uuid, and changes nothing", async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const mine = await makeKey(owner, 'write');
    const made = await newClass(mine.secret, 'Mine');
    const other = await onboardedGym(t, 'elite-studio');
    const theirs = await makeKey(other, 'write');
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { title: 'Stolen' }],
      ['DELETE', undefined],
      ['POST', { backgroundId: 'sunset-road' }],
    ] as const) {
      const path = `/api/v1/classes/${made.id}${method === 'POST' ? '/reprocess' : ''}`;
      const res = await api(theirs.secret, method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
    expect((await api(mine.secret, 'GET', '/api/v1/classes/not-a-uuid')).status).toBe(404);
    const still = (await (
      await api(mine.secret, 'GET', `/api/v1/classes/${made.id}`)
    ).json()) as ApiClass;
    expect(still.title).toBe('Mine');
  });

  it('refuses bad bodies and queries with 400 and the field, in the API shape', async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const { secret } = await makeKey(owner, 'write');
    const noTitle = await api(secret, 'POST', '/api/v1/classes', { body: { upload: '/x' } });
    expect(noTitle.status).toBe(400);
    const body = (await noTitle.json()) as {
      error: { code: string; fields: Array<{ field: string }> };
    };
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.fields.map((f) => f.field)).toEqual(['title']);

    const malformed = await fetch(`${base}/api/v1/classes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: '{"title":',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { code: string } }).error.code).toBe(
      'invalid_request',
    );
    const huge = await api(secret, 'POST', '/api/v1/classes', {
      body: { title: 'x', upload: 'y'.repeat(200_000) },
    });
    expect(huge.status).toBe(413);

    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'cursor=!!', 'status=ready']) {
      const res = await api(secret, 'GET', `/api/v1/classes?${query}`);
      expect(res.status, query).toBe(400);
    }
    const cursor = await api(secret, 'GET', '/api/v1/classes?cursor=bm90LWEtY3Vyc29y');
    expect(((await cursor.json()) as { error: { message: string } }).error.message).toBe(
      API_MESSAGES.badCursor,
    );
    const unknown = await api(secret, 'GET', '/api/v1/nothing-here');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('pages through classes with a cursor, newest first, each once', async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const { secret } = await makeKey(owner, 'write');
    const titles = ['One', 'Two', 'Three', 'Four', 'Five'];
    for (const title of titles) {
      await newClass(secret, title);
      t.advance(1000);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await api(
        secret,
        'GET',
        `/api/v1/classes?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const page = (await res.json()) as ClassPage;
      seen.push(...page.data.map((c) => c.title));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual([...titles].reverse());
    expect(pages).toBe(3);
  });
});

describe('idempotency keys', () => {
  it('replay the first answer for the same request, refuse another request, and make one class', async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const { secret } = await makeKey(owner, 'write');
    const upload = await tusUpload(secret, media.clip);
    const request = { title: 'Sprint Intervals', upload };
    const headers = { 'idempotency-key': 'create-sprint-1' };
    const first = await api(secret, 'POST', '/api/v1/classes', { body: request, headers });
    expect(first.status).toBe(201);
    const again = await api(secret, 'POST', '/api/v1/classes', { body: request, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());

    const changed = await api(secret, 'POST', '/api/v1/classes', {
      body: { ...request, title: 'Other' },
      headers,
    });
    expect(changed.status).toBe(422);
    expect(((await changed.json()) as { error: { code: string } }).error.code).toBe(
      'idempotency_key_reused',
    );
    const list = (await (await api(secret, 'GET', '/api/v1/classes')).json()) as ClassPage;
    expect(list.data.map((c) => c.title)).toEqual(['Sprint Intervals']);

    // A refusal is kept too: the same request answers the same 400 again.
    const bad = { 'idempotency-key': 'bad-1' };
    const refused = await api(secret, 'POST', '/api/v1/classes', { body: {}, headers: bad });
    const replayed = await api(secret, 'POST', '/api/v1/classes', { body: {}, headers: bad });
    expect([refused.status, replayed.status]).toEqual([400, 400]);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');

    const weird = await api(secret, 'POST', '/api/v1/classes', {
      body: request,
      headers: { 'idempotency-key': 'x'.repeat(256) },
    });
    expect(weird.status).toBe(400);
  });
});

describe('rate limits', () => {
  it('tell the limit in RateLimit headers and answer 429 past it, per key', async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const one = await makeKey(owner, 'read');
    const two = await makeKey(owner, 'read');
    let last: Response | undefined;
    for (let i = 0; i < RATE.max; i++) last = await api(one.secret, 'GET', '/api/v1/locations');
    expect(last!.status).toBe(200);
    expect(last!.headers.get('ratelimit-limit')).toBe(String(RATE.max));
    expect(last!.headers.get('ratelimit-remaining')).toBe('0');
    const over = await api(one.secret, 'GET', '/api/v1/locations');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await over.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    // Another key has its own budget.
    expect((await api(two.secret, 'GET', '/api/v1/locations')).status).toBe(200);
  });
});

describe('analytics and locations', () => {
  it("answer the screen's figures and the account's pages", async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const { secret } = await makeKey(owner, 'read');
    const today = new Date(t.now()).toISOString().slice(0, 10);
    const range = `from=${today}&to=${today}`;
    const viaApi = await api(secret, 'GET', `/api/v1/analytics?${range}`);
    expect(viaApi.status).toBe(200);
    const viaScreen = await t.app.inject({
      url: `/api/analytics?${range}`,
      headers: { cookie: owner.cookie },
    });
    expect(await viaApi.json()).toEqual(viaScreen.json());
    const badRange = await api(secret, 'GET', `/api/v1/analytics?from=${today}`);
    expect(badRange.status).toBe(400);

    const locations = (await (await api(secret, 'GET', '/api/v1/locations')).json()) as {
      data: Array<{ id: string; slug: string; url: string }>;
    };
    expect(locations.data[0]).toMatchObject({
      id: 'main',
      slug: owner.slug,
      url: `${base}/gym/${owner.slug}`,
    });
  });
});

describe('what an attacker tried', () => {
  it('answers a deeply nested body with an Idempotency-Key with a 400, not a 500', async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const { secret } = await makeKey(owner, 'write');
    const deep = `{"title":"t","upload":"x","z":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const res = await fetch(`${base}/api/v1/classes`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${secret}`,
        'content-type': 'application/json',
        'idempotency-key': 'deep-1',
      },
      body: deep,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
  });

  it('answers in the API shape for a bad percent-escape and an encoded prefix, with the scheme on a 401', async () => {
    const badEscape = await fetch(`${base}/api/v1/classes/%ZZ`);
    expect(badEscape.status).toBe(400);
    expect(((await badEscape.json()) as { error: { code: string } }).error.code).toBe(
      'invalid_request',
    );
    const encoded = await fetch(`${base}/api/%761/classes`);
    expect(encoded.status).toBe(401);
    expect(encoded.headers.get('www-authenticate')).toBe('Bearer realm="Cadence API"');
    expect(encoded.headers.get('cache-control')).toBe('no-store');
    expect(((await encoded.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it('keeps the rate limit headers on tus answers, and never builds addresses from a foreign Host', async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const { secret } = await makeKey(owner, 'write');
    const created = await fetch(`${base}/api/v1/uploads`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${secret}`,
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `filetype ${Buffer.from('video/mp4').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('ratelimit-remaining')).not.toBeNull();
    expect(created.headers.get('cache-control')).toBe('no-store');

    const foreign = await t.app.inject({
      url: '/api/v1/locations',
      headers: { authorization: `Bearer ${secret}`, host: 'evil.example' },
    });
    expect(foreign.json().data[0].url).toBe(`/gym/${owner.slug}`);
  });

  it('lists no page for an account that has not set up its gym', async () => {
    const fresh = await registerOwner(t.app);
    await setPlan(t.database, fresh.id, 'elite-studio');
    const { secret } = await makeKey({ ...fresh, slug: '' }, 'read');
    const res = await api(secret, 'GET', '/api/v1/locations');
    expect(await res.json()).toEqual({ data: [], nextCursor: null });
  });

  it('turns an address away after many keys that do not authenticate, valid keys from it included', async () => {
    const owner = await onboardedGym(t, 'elite-studio');
    const { secret } = await makeKey(owner, 'read');
    const from = (authorization: string) =>
      t.app.inject({
        url: '/api/v1/classes',
        headers: { authorization },
        remoteAddress: '203.0.113.9',
      });
    for (let i = 0; i < API_KEY_FAILURES.max; i++) {
      expect((await from(`Bearer cad_live_${'Z'.repeat(43)}`)).statusCode).toBe(401);
    }
    const blocked = await from(`Bearer ${secret}`);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(API_MESSAGES.tooManyFailures);
    // Another address is not affected.
    expect((await api(secret, 'GET', '/api/v1/classes')).status).toBe(200);
  });
});
