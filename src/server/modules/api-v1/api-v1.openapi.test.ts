import { createHash } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { eq } from 'drizzle-orm';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_KEYS_PATH, type CreatedApiKey } from '@shared/api-keys.contract';
import type { ApiClass } from '@shared/api-v1.contract';
import { apiIdempotencyKeys } from '../../db/schema/api-keys';
import { videos } from '../../db/schema/videos';
import type { MediaJobs } from '../../jobs/media-jobs';
import { mediaFixtures, type MediaFixtures } from '../../test/media-fixtures';
import { onboardedGym, setPlan, startTestApp, type TestApp } from '../../test/harness';

/**
 * Issue #19: every /api/v1 route's real answers (successes and errors) checked against the
 * OpenAPI document the app serves, with an independent JSON Schema validator (ajv, draft 2020-12):
 * the status must be one the operation documents, a JSON body must match that status's schema, and
 * every header the document marks required must be there and match its schema.
 */
type Json = Record<string, unknown>;
interface Operation {
  responses: Record<string, Json>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: Json;
}

const RATE = { max: 60, windowMs: 60_000 };
const jobs = {
  ingest: vi.fn(async (_id: string) => {}),
  enhance: vi.fn(async (_id: string) => {}),
  package: vi.fn(async (_id: string) => {}),
  repackage: vi.fn(async (_id: string) => {}),
} satisfies MediaJobs;

let t: TestApp;
let media: MediaFixtures;
let document: Document;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
/** Every `METHOD /path {template}` and status an answer was checked for. */
const checked = new Set<string>();

beforeAll(async () => {
  [t, media] = await Promise.all([
    startTestApp({ deps: { apiRateLimit: RATE, media: jobs } }),
    mediaFixtures(),
  ]);
  const res = await t.app.inject({ url: '/api/v1/openapi.json' });
  expect(res.statusCode, res.body).toBe(200);
  document = res.json();
}, 240_000);
afterAll(() => t?.close());

function resolve(value: Json): Json {
  const target = value.$ref;
  if (typeof target !== 'string') return value;
  return target
    .slice(2)
    .split('/')
    .reduce<unknown>((node, part) => (node as Json)[part], document) as Json;
}

/** The documented path a URL is an instance of: `{name}` is one segment, `{rest}` the rest. */
function operationOf(method: string, url: string): { template: string; operation: Operation } {
  const pathname = url.split('?')[0]!;
  for (const [template, item] of Object.entries(document.paths)) {
    const pattern = template.replace(/\{rest\}$/, '.+').replace(/\{\w+\}/g, '[^/]+');
    const operation = item[method.toLowerCase()];
    if (operation && new RegExp(`^${pattern}$`).test(pathname)) return { template, operation };
  }
  throw new Error(`${method} ${pathname} is not in the document`);
}

const validators = new Map<Json, ReturnType<typeof ajv.compile>>();
function validate(schema: Json, value: unknown, what: string) {
  let check = validators.get(schema);
  if (!check) {
    check = ajv.compile({ ...schema, components: document.components });
    validators.set(schema, check);
  }
  expect(check(value), `${what}: ${JSON.stringify(check.errors)}\n${JSON.stringify(value)}`).toBe(
    true,
  );
}

/** Checks one real answer against the document; answers it for the test to read further. */
function conforms(method: string, url: string, res: LightMyRequestResponse) {
  const { template, operation } = operationOf(method, url);
  const status = String(res.statusCode);
  const name = `${method} ${template} ${status}`;
  const documented = operation.responses[status];
  expect(documented, `${name} is not documented (${res.body.slice(0, 200)})`).toBeDefined();
  const response = resolve(documented!);
  const content = response.content as Record<string, { schema?: Json }> | undefined;
  const json = content?.['application/json'];
  const other = Object.keys(content ?? {}).find((type) => type !== 'application/json');
  if (json) {
    expect(String(res.headers['content-type']), name).toMatch(/^application\/json/);
    validate(json.schema!, res.json(), name);
  } else if (other) {
    // A document that is not JSON (WebVTT): its declared type, and a body.
    expect(String(res.headers['content-type']).split(';')[0], name).toBe(other);
    expect(res.body.length, name).toBeGreaterThan(0);
  } else {
    expect(res.body, `${name} documents no body`).toBe('');
  }
  for (const [header, declared] of Object.entries((response.headers as Json | undefined) ?? {})) {
    const spec = resolve(declared as Json);
    const value = res.headers[header.toLowerCase()];
    if (spec.required) expect(value, `${name} header ${header}`).toBeDefined();
    const schema = spec.schema as Json | undefined;
    if (value !== undefined && schema) {
      const typed = schema.type === 'integer' ? Number(value) : String(value);
      validate(schema, typed, `${name} header ${header}`);
    }
  }
  // And no rate-limit header the document does not name.
  const named = Object.keys((response.headers as Json | undefined) ?? {}).map((h) =>
    h.toLowerCase(),
  );
  for (const header of Object.keys(res.headers).filter((h) => h.startsWith('ratelimit-'))) {
    expect(named, `${name} sends ${header}`).toContain(header);
  }
  checked.add(name);
  return res;
}

type Owner = Awaited<ReturnType<typeof onboardedGym>>;

async function makeKey(owner: Owner, scope: 'read' | 'write') {
  const res = await t.app.inject({
    method: 'POST',
    url: API_KEYS_PATH,
    headers: { cookie: owner.cookie },
    payload: { name: `openapi ${scope}`, scope },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedApiKey>().secret;
}

interface Call {
  /** JSON body (sent as JSON), or raw bytes/text with their own content type. */
  body?: unknown;
  raw?: string | Buffer;
  headers?: Record<string, string>;
}

async function api(secret: string | null, method: string, url: string, call: Call = {}) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...(secret ? { authorization: `Bearer ${secret}` } : {}),
      ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...call.headers,
    },
    payload: call.raw ?? (call.body === undefined ? undefined : JSON.stringify(call.body)),
  });
  return conforms(method, url, res);
}

const TUS = { 'tus-resumable': '1.0.0' };
const tusCreate = (length: number, more: Record<string, string> = {}) => ({
  headers: {
    ...TUS,
    'upload-length': String(length),
    'upload-metadata': `filetype ${Buffer.from('video/mp4').toString('base64')}`,
    ...more,
  },
});

/** A whole tus upload through the API: its address and its Cadence-Object-Url. */
async function upload(secret: string): Promise<{ location: string; object: string }> {
  const created = await api(secret, 'POST', '/api/v1/uploads', tusCreate(media.clip.length));
  expect(created.statusCode).toBe(201);
  const location = String(created.headers.location);
  const patched = await api(secret, 'PATCH', location, {
    raw: media.clip,
    headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
  });
  expect(patched.statusCode).toBe(204);
  return { location, object: String(patched.headers['cadence-object-url']) };
}

/** Every operation of the document as a request that reaches it (ids of `classId`, `uploadUrl`). */
function everyOperation(classId: string, uploadUrl: string) {
  return [
    ['GET', '/api/v1/classes'],
    ['POST', '/api/v1/classes', { body: { title: 'x', upload: '/x' } }],
    ['GET', `/api/v1/classes/${classId}`],
    ['PATCH', `/api/v1/classes/${classId}`, { body: { title: 'y' } }],
    ['DELETE', `/api/v1/classes/${classId}`],
    ['POST', `/api/v1/classes/${classId}/reprocess`, { body: { backgroundId: 'studio' } }],
    ['GET', '/api/v1/analytics'],
    ['GET', '/api/v1/locations'],
    ['GET', '/api/v1/instructors'],
    ['GET', `/api/v1/classes/${classId}/ride-track`],
    ['GET', `/api/v1/classes/${classId}/ride-track.vtt`],
    ['PUT', `/api/v1/classes/${classId}/ride-track`, { body: { segments: [] } }],
    ['DELETE', `/api/v1/classes/${classId}/ride-track`],
    ['POST', '/api/v1/uploads', tusCreate(10)],
    ['HEAD', uploadUrl, { headers: TUS }],
    ['PATCH', uploadUrl, { headers: TUS, raw: 'x' }],
    ['DELETE', uploadUrl, { headers: TUS }],
  ] as Array<[string, string, Call?]>;
}

let owner: Owner;
let write: string;
let read: string;
beforeAll(async () => {
  owner = await onboardedGym(t, 'elite-studio');
  [write, read] = [await makeKey(owner, 'write'), await makeKey(owner, 'read')];
});

describe('every /api/v1 answer matches the OpenAPI document', () => {
  it('tus uploads: create, offset, bytes, cancel, and their refusals', async () => {
    const { location, object } = await upload(write);
    expect(object).toMatch(/^\/api\/objects\//);
    const head = await api(write, 'HEAD', location, { headers: TUS });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cadence-object-url']).toBe(object);

    const other = await api(write, 'POST', '/api/v1/uploads', tusCreate(media.clip.length));
    const started = String(other.headers.location);
    expect((await api(write, 'HEAD', started, { headers: TUS })).statusCode).toBe(200);
    expect((await api(write, 'DELETE', started, { headers: TUS })).statusCode).toBe(204);

    const refusals: Array<[number, string, string, Call?]> = [
      [400, 'POST', '/api/v1/uploads?id=x', tusCreate(10)],
      [400, 'POST', '/api/v1/uploads', { headers: TUS }],
      [413, 'POST', '/api/v1/uploads', tusCreate(10 * 1024 ** 3)],
      [404, 'HEAD', '/api/v1/uploads/bm90LWEtcmVhbC11cGxvYWQ', { headers: TUS }],
      [404, 'PATCH', '/api/v1/uploads/bm90LWEtcmVhbC11cGxvYWQ', { headers: TUS, raw: 'x' }],
      [404, 'DELETE', '/api/v1/uploads/bm90LWEtcmVhbC11cGxvYWQ', { headers: TUS }],
      [400, 'PATCH', `${location}?x=1`, { headers: TUS, raw: 'x' }],
      [400, 'HEAD', `${location}?x=1`, { headers: TUS }],
      [400, 'DELETE', `${location}?x=1`, { headers: TUS }],
    ];
    for (const [status, method, url, call] of refusals) {
      expect((await api(write, method, url, call)).statusCode, `${method} ${url}`).toBe(status);
    }
  });

  it('classes: create (and replay), list with a cursor, read, change, reprocess, delete', async () => {
    const { object } = await upload(write);
    const request = { title: 'Hill Climb 45', upload: object, fileName: 'hill.mp4' };
    const headers = { 'idempotency-key': 'openapi-create-1' };
    const made = await api(write, 'POST', '/api/v1/classes', { body: request, headers });
    expect(made.statusCode).toBe(201);
    const replay = await api(write, 'POST', '/api/v1/classes', { body: request, headers });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const id = made.json<ApiClass>().id;

    const second = await upload(write);
    await api(write, 'POST', '/api/v1/classes', {
      body: { title: 'Sprints', upload: second.object },
    });
    const first = await api(read, 'GET', '/api/v1/classes?limit=1');
    const cursor = first.json<{ nextCursor: string }>().nextCursor;
    expect(cursor).toEqual(expect.any(String));
    await api(read, 'GET', `/api/v1/classes?limit=1&cursor=${cursor}&status=uploaded`);
    expect((await api(read, 'GET', `/api/v1/classes/${id}`)).statusCode).toBe(200);
    const renamed = await api(write, 'PATCH', `/api/v1/classes/${id}`, {
      body: { title: 'Hill Climb 50', description: null },
    });
    expect(renamed.statusCode).toBe(200);

    // Reprocessing needs a ready class that asked for a background (the pipeline is a stand-in).
    expect(
      (
        await api(write, 'POST', `/api/v1/classes/${id}/reprocess`, {
          body: { backgroundId: 'studio' },
        })
      ).statusCode,
    ).toBe(409);
    const [ready] = await t.database.db
      .insert(videos)
      .values({
        userId: owner.id,
        title: 'Ready ride',
        originalFileName: 'ready.mp4',
        originalFileUrl: '/api/objects/uploads/x/ready.mp4',
        originalKey: `uploads/${owner.id}/ready.mp4`,
        fileSize: '1000',
        processingStatus: 'enhanced',
        replaceBackground: true,
        backgroundDescription: 'a bright loft',
        enhancedKey: 'videos/x/enhanced/v1.mp4',
        hlsUrl: '/media/videos/x/hls/v1/master.m3u8',
        thumbnailUrl: '/media/videos/x/thumbnail.jpg',
        offlineBytes: 123_456,
      })
      .returning();
    const reprocessed = await api(write, 'POST', `/api/v1/classes/${ready!.id}/reprocess`, {
      body: { backgroundId: 'sunset-road' },
    });
    expect(reprocessed.statusCode).toBe(200);
    expect((await api(read, 'GET', `/api/v1/classes/${ready!.id}`)).json<ApiClass>()).toMatchObject(
      {
        streamUrl: expect.stringMatching(/^http:\/\/localhost(:\d+)?\/media\//),
        offline: {
          url: expect.stringMatching(
            new RegExp(`^http://localhost(:\\d+)?/media/videos/${ready!.id}/hls/v1/offline\\.mp4$`),
          ),
          bytes: 123_456,
          version: 'v1',
        },
      },
    );

    expect((await api(write, 'DELETE', `/api/v1/classes/${id}`)).statusCode).toBe(204);
  });

  it('analytics, locations and instructors', async () => {
    const today = new Date(t.now()).toISOString().slice(0, 10);
    expect((await api(read, 'GET', '/api/v1/analytics')).statusCode).toBe(200);
    const ranged = await api(read, 'GET', `/api/v1/analytics?from=${today}&to=${today}&tz=UTC`);
    expect(ranged.statusCode).toBe(200);
    expect((await api(read, 'GET', '/api/v1/locations')).statusCode).toBe(200);
    expect((await api(read, 'GET', '/api/v1/instructors')).statusCode).toBe(200);
  });

  it('ride tracks: save, read as JSON and WebVTT, remove, and their refusals', async () => {
    const [mine] = await t.database.db
      .insert(videos)
      .values({
        userId: owner.id,
        title: 'Tempo ride',
        originalFileName: 'tempo.mp4',
        originalFileUrl: '/api/objects/uploads/x/tempo.mp4',
        fileSize: '1000',
        duration: '600',
      })
      .returning();
    const path = `/api/v1/classes/${mine!.id}/ride-track`;
    const segments = [
      { startSeconds: 0, endSeconds: 120, name: 'Warm-up', resistance: 3 },
      { startSeconds: 120, endSeconds: 600, name: 'Climb', cadence: { min: 60, max: 70 }, zone: 4 },
    ];
    expect((await api(read, 'GET', path)).statusCode).toBe(404);
    expect((await api(write, 'PUT', path, { body: { segments } })).statusCode).toBe(200);
    expect((await api(read, 'GET', path)).statusCode).toBe(200);
    const vtt = await api(read, 'GET', `${path}.vtt`);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    const refusals: Array<[number, string, string, Call?]> = [
      [400, 'PUT', path, { body: { segments: [segments[1]] } }],
      [400, 'GET', `/api/v1/classes/${'a'.repeat(65)}/ride-track`],
      [400, 'GET', `/api/v1/classes/${'a'.repeat(65)}/ride-track.vtt`],
      [400, 'DELETE', `/api/v1/classes/${'a'.repeat(65)}/ride-track`],
      [
        404,
        'PUT',
        '/api/v1/classes/6f1c2a4e-8b7d-4c3a-9e21-5d0f7a9b3c12/ride-track',
        { body: { segments } },
      ],
      [413, 'PUT', path, { body: { segments: [{ ...segments[0], cue: 'y'.repeat(200_000) }] } }],
      [415, 'PUT', path, { raw: 'x', headers: { 'content-type': 'application/xml' } }],
    ];
    for (const [status, method, url, call] of refusals) {
      const res = await api(write, method, url, call);
      expect(res.statusCode, `${method} ${url}`).toBe(status);
    }
    expect((await api(write, 'DELETE', path)).statusCode).toBe(204);
    expect((await api(read, 'GET', `${path}.vtt`)).statusCode).toBe(404);
    expect((await api(write, 'DELETE', path)).statusCode).toBe(404);
  });

  it('400, 404, 409, 413, 415 and 422 on the JSON routes, in the API error shape', async () => {
    const theirs = await onboardedGym(t, 'elite-studio');
    const theirKey = await makeKey(theirs, 'write');
    const { object } = await upload(theirKey);
    const made = await api(theirKey, 'POST', '/api/v1/classes', {
      body: { title: 'Theirs', upload: object },
    });
    const theirId = made.json<ApiClass>().id;

    const refusals: Array<[number, string, string, Call?]> = [
      [400, 'GET', '/api/v1/classes?limit=0'],
      [400, 'GET', '/api/v1/classes?cursor=bm90LWEtY3Vyc29y'],
      [400, 'GET', '/api/v1/analytics?from=2026-01-01'],
      [400, 'POST', '/api/v1/classes', { body: { upload: '/x' } }],
      [
        400,
        'POST',
        '/api/v1/classes',
        { raw: '{"title":', headers: { 'content-type': 'application/json' } },
      ],
      [
        400,
        'POST',
        '/api/v1/classes',
        { body: { title: 'x', upload: '/x' }, headers: { 'idempotency-key': 'é' } },
      ],
      [413, 'POST', '/api/v1/classes', { body: { title: 'x', upload: 'y'.repeat(200_000) } }],
      [
        415,
        'POST',
        '/api/v1/classes',
        { raw: 'title=x', headers: { 'content-type': 'application/xml' } },
      ],
      [400, 'GET', `/api/v1/classes/${'a'.repeat(65)}`],
      [404, 'GET', `/api/v1/classes/${theirId}`],
      [404, 'GET', '/api/v1/classes/not-a-uuid'],
      [400, 'PATCH', `/api/v1/classes/${theirId}`, { body: {} }],
      [404, 'PATCH', `/api/v1/classes/${theirId}`, { body: { title: 'Stolen' } }],
      [413, 'PATCH', `/api/v1/classes/${theirId}`, { body: { title: 'y'.repeat(200_000) } }],
      [
        415,
        'PATCH',
        `/api/v1/classes/${theirId}`,
        { raw: 'x', headers: { 'content-type': 'application/xml' } },
      ],
      [400, 'DELETE', `/api/v1/classes/${'a'.repeat(65)}`],
      [404, 'DELETE', `/api/v1/classes/${theirId}`],
      [400, 'POST', `/api/v1/classes/${theirId}/reprocess`, { body: { backgroundId: 'moon' } }],
      [404, 'POST', `/api/v1/classes/${theirId}/reprocess`, { body: { backgroundId: 'studio' } }],
      [
        413,
        'POST',
        `/api/v1/classes/${theirId}/reprocess`,
        { body: { backgroundId: 'y'.repeat(200_000) } },
      ],
      [
        415,
        'POST',
        `/api/v1/classes/${theirId}/reprocess`,
        { raw: 'x', headers: { 'content-type': 'application/xml' } },
      ],
    ];
    for (const [status, method, url, call] of refusals) {
      const res = await api(write, method, url, call);
      expect(res.statusCode, `${method} ${url}`).toBe(status);
    }

    // An Idempotency-Key used with another request (422), and one whose first request still runs (409).
    for (const [url, body] of [
      ['/api/v1/classes', { title: 'x', upload: '/x' }],
      [`/api/v1/classes/${theirId}/reprocess`, { backgroundId: 'studio' }],
    ] as const) {
      const key = `openapi-${url}`;
      await api(theirKey, 'POST', url, { body, headers: { 'idempotency-key': key } });
      const reused = await api(theirKey, 'POST', url, {
        body: { ...body, other: true },
        headers: { 'idempotency-key': key },
      });
      expect(reused.statusCode).toBe(422);
      const [keyRow] = await t.database.db
        .select()
        .from(apiIdempotencyKeys)
        .where(eq(apiIdempotencyKeys.key, key));
      await t.database.db.insert(apiIdempotencyKeys).values({
        apiKeyId: keyRow!.apiKeyId,
        key: `${key}-running`,
        fingerprint: createHash('sha256')
          .update(`POST ${url}\n${JSON.stringify(body)}`)
          .digest('hex'),
      });
      const running = await api(theirKey, 'POST', url, {
        body,
        headers: { 'idempotency-key': `${key}-running` },
      });
      expect(running.statusCode, running.body).toBe(409);
    }
  });

  it('401 without a valid key, 403 for a read key that writes, 429 past the limit: on every operation', async () => {
    const { location } = await upload(write);
    const classId = '6f1c2a4e-8b7d-4c3a-9e21-5d0f7a9b3c12';
    for (const [method, url, call] of everyOperation(classId, location)) {
      expect((await api(null, method, url, call)).statusCode, `${method} ${url}`).toBe(401);
      const bad = await api(`${write}x`, method, url, call);
      expect(bad.statusCode, `${method} ${url}`).toBe(401);
      if (method !== 'GET') {
        expect((await api(read, method, url, call)).statusCode, `${method} ${url}`).toBe(403);
      }
    }
    // A plan without API access: every key of the account is refused, reading too.
    const lapsed = await onboardedGym(t, 'elite-studio');
    const lapsedKey = await makeKey(lapsed, 'write');
    await setPlan(t.database, lapsed.id, 'spin-master');
    for (const [method, url, call] of everyOperation(classId, location)) {
      expect((await api(lapsedKey, method, url, call)).statusCode, `${method} ${url}`).toBe(403);
    }

    const spent = await makeKey(owner, 'write');
    for (let i = 0; i < RATE.max; i++)
      await t.app.inject({
        url: '/api/v1/locations',
        headers: { authorization: `Bearer ${spent}` },
      });
    for (const [method, url, call] of everyOperation(classId, location)) {
      const res = await api(spent, method, url, call);
      expect(res.statusCode, `${method} ${url}`).toBe(429);
    }
  });

  it('429 for an address that keeps sending keys that do not authenticate (last: it locks the address out)', async () => {
    let res: LightMyRequestResponse | undefined;
    for (let i = 0; i < 200 && res?.statusCode !== 429; i++) {
      res = await api(`cad_live_${'x'.repeat(43)}`, 'GET', '/api/v1/locations');
    }
    expect(res!.statusCode).toBe(429);
    expect(res!.json()).toMatchObject({ error: { code: 'rate_limited' } });
  });

  it('exercised every documented status of every operation', () => {
    const documented = Object.entries(document.paths).flatMap(([template, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        Object.keys(operation.responses).map(
          (status) => `${method.toUpperCase()} ${template} ${status}`,
        ),
      ),
    );
    expect(documented.filter((name) => !checked.has(name)).join('\n')).toEqual('');
  });
});
