import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiAccess } from '@shared/endpoint';
import { routeTable, type RouteEntry } from '../../plugins/route-table';
import { uploadBytes } from '../upload-client';
import { ROUTE_RULES, ruleFor, type RequestSpec, type RouteRule } from './route-classes';
import {
  bearer,
  startRouteWorld,
  type Account,
  type CallerName,
  type RouteWorld,
} from './route-world';

/**
 * The route-table authorization test: every route the app registers is classified (route-classes.ts)
 * and called signed out, as another owner, as the owner and as an admin, with the owner's real
 * resources in its path. Denied calls change nothing.
 */
let w: RouteWorld;
beforeAll(async () => {
  w = await startRouteWorld();
}, 120_000);
afterAll(() => w?.close());

const keyOf = (route: RouteEntry) => `${route.method} ${route.url}`;

interface Call {
  route: RouteEntry;
  caller: CallerName;
  want: number[];
  /** An API key to call with: sent as a bearer token, with no session. */
  key?: string;
  /** Built just before the call: a route's answer may depend on an earlier one (a new slug, logo). */
  spec: () => Promise<RequestSpec & { url: string }>;
}

async function specFor(
  route: RouteEntry,
  rule: RouteRule,
  caller: CallerName,
): Promise<RequestSpec & { url: string }> {
  const account: Account | undefined = caller === 'signedOut' ? undefined : w.account(caller);
  return { url: route.url, ...(await rule.request?.(w, account)) };
}

async function run(calls: Call[]): Promise<string[]> {
  const failures: string[] = [];
  for (const { route, caller, want, key, spec: build } of calls) {
    const spec = await build();
    const res = await w.inject({
      method: route.method as 'GET',
      url: spec.url,
      headers: { ...spec.headers, ...(key ? bearer(key) : {}) },
      payload: spec.payload,
      cookie: caller === 'signedOut' || key ? undefined : w.account(caller).cookie,
    });
    if (!want.includes(res.statusCode)) {
      const who = key ? `${caller}'s key ${key.slice(-4)}` : caller;
      failures.push(
        `${keyOf(route)} as ${who}: ${res.statusCode} (want ${want.join('/')}) ${res.body.slice(0, 160)}`,
      );
    }
  }
  return failures;
}

/** A signed link without its signature, and with one character of it changed. */
function unsignedVariants(url: string): string[] {
  const parsed = new URL(url, 'http://localhost');
  const signature = parsed.searchParams.get('signature') ?? '';
  const bare = parsed.pathname;
  parsed.searchParams.set(
    'signature',
    `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
  );
  return [bare, `${parsed.pathname}${parsed.search}`];
}

describe('route table', () => {
  it('classifies every live route, and every classified route is live', () => {
    const live = routeTable(w.t.app);
    expect(live.length).toBeGreaterThan(50);
    expect(live.filter((route) => !ruleFor(route)).map(keyOf)).toEqual([]);
    const liveKeys = new Set(live.map(keyOf));
    expect(Object.keys(ROUTE_RULES).filter((key) => !liveKeys.has(key))).toEqual([]);
  });

  it('refuses every call the classification denies, and the refused calls change nothing', async () => {
    const calls: Call[] = [];
    for (const route of routeTable(w.t.app)) {
      const rule = ruleFor(route)!;
      // Built before the snapshot: building may make resources (an upload URL, a video row).
      const deny = async (caller: CallerName, want: number[]) => {
        const spec = await specFor(route, rule, caller);
        calls.push({ route, caller, want, spec: async () => spec });
      };
      if (rule.access === 'owner' || rule.access === 'admin') await deny('signedOut', [401]);
      if (rule.access === 'admin') {
        await deny('owner', [403]);
        await deny('other', [403]);
      }
      if (rule.access === 'owner' && rule.owned) await deny('other', [403, 404]);
      if (isApiAccess(rule.access)) {
        // The owner's session opens no API route; a key that may only read writes nothing; a key
        // of another owner finds none of the owner's resources.
        await deny('owner', [401]);
        const spec = await specFor(route, rule, 'owner');
        if (rule.access === 'api-write') {
          calls.push({
            route,
            caller: 'owner',
            key: w.apiKeys.read,
            want: [403],
            spec: async () => spec,
          });
        }
        if (rule.owned) {
          const theirs = await specFor(route, rule, 'owner');
          calls.push({
            route,
            caller: 'other',
            key: w.apiKeys.otherWrite,
            want: [404],
            spec: async () => theirs,
          });
        }
      }
      if (rule.access === 'signed-link') {
        const spec = await specFor(route, rule, 'signedOut');
        for (const url of unsignedVariants(spec.url)) {
          for (const caller of ['signedOut', 'owner'] as const) {
            calls.push({ route, caller, want: [403], spec: async () => ({ ...spec, url }) });
          }
        }
      }
    }
    expect(calls.length).toBeGreaterThan(60);

    const before = await w.snapshot();
    expect(await run(calls)).toEqual([]);
    expect(await w.snapshot()).toBe(before);
    // The owner's files are still there.
    expect((await w.inject({ method: 'GET', url: w.objectLink })).statusCode).toBe(200);
    expect((await w.inject({ method: 'GET', url: w.logoUrl })).statusCode).toBe(200);
  });

  it('answers every allowed caller normally: public signed out, the owner, another owner on their own data, an admin', async () => {
    const calls: Call[] = [];
    const ordered = [...routeTable(w.t.app)].sort(
      (a, b) => Number(ruleFor(a)!.last ?? false) - Number(ruleFor(b)!.last ?? false),
    );
    for (const route of ordered) {
      const rule = ruleFor(route)!;
      const allow = (caller: CallerName, want: number) =>
        calls.push({ route, caller, want: [want], spec: () => specFor(route, rule, caller) });
      if (rule.access === 'public') allow('signedOut', rule.ok);
      if (rule.access === 'signed-link') {
        allow('signedOut', rule.ok);
        // A signed link is the capability: whoever holds it, signed in or not.
        allow('other', rule.ok);
      }
      if (rule.access === 'owner') {
        allow('owner', rule.ok);
        if (!rule.owned) allow('other', rule.other ?? rule.ok);
        allow('admin', rule.admin ?? rule.ok);
      }
      if (rule.access === 'admin') allow('admin', rule.ok);
      if (isApiAccess(rule.access)) {
        const key = rule.access === 'api-read' ? w.apiKeys.read : w.apiKeys.write;
        calls.push({
          route,
          caller: 'owner',
          key,
          want: [rule.ok],
          spec: () => specFor(route, rule, 'owner'),
        });
      }
    }
    expect(await run(calls)).toEqual([]);
  });
});

describe('deny by default', () => {
  /** The route's URL with made-up values: the session is checked before anything reads them. */
  const anyUrl = (url: string) =>
    url.replace(/:\w+/g, crypto.randomUUID()).replace(/\*$/, 'any/file.bin');

  it("declares every API route's access in its descriptor, as route-classes.ts classifies it", () => {
    const live = routeTable(w.t.app);
    // Only the web app's files and pages are registered without a descriptor.
    expect(
      live.filter((route) => !route.endpoint && /^\/(?:api|media)\//.test(route.url)).map(keyOf),
    ).toEqual([]);
    const mismatched = live
      .filter((route) => route.endpoint && route.endpoint.access !== ruleFor(route)?.access)
      .map((route) => `${keyOf(route)}: ${route.endpoint!.access} vs ${ruleFor(route)?.access}`);
    expect(mismatched).toEqual([]);
  });

  it('answers 401 signed out on every route not declared public, and 403 to an owner on every admin route', async () => {
    const failures: string[] = [];
    const guarded = routeTable(w.t.app).filter(
      (route) =>
        route.endpoint &&
        route.endpoint.access !== 'public' &&
        route.endpoint.access !== 'signed-link',
    );
    expect(guarded.length).toBeGreaterThan(35);
    const before = await w.snapshot();
    for (const route of guarded) {
      const access = route.endpoint!.access;
      const callers =
        access === 'admin' ? (['signedOut', 'owner', 'other'] as const) : (['signedOut'] as const);
      for (const caller of callers) {
        const want = caller === 'signedOut' ? 401 : 403;
        const res = await w.inject({
          method: route.method as 'GET',
          url: anyUrl(route.url),
          headers: { 'content-type': 'application/json' },
          payload: route.method === 'GET' || route.method === 'HEAD' ? undefined : '{}',
          cookie: caller === 'signedOut' ? undefined : w.account(caller).cookie,
        });
        if (res.statusCode !== want) {
          failures.push(
            `${keyOf(route)} (${access}) as ${caller}: ${res.statusCode}, want ${want}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await w.snapshot()).toBe(before);
  });
});

describe("another owner's upload", () => {
  it("cannot become another owner's video, and nothing changes", async () => {
    const address = await uploadBytes(w.t.app, w.owner.cookie, w.media.clip, 'video/mp4');
    const before = await w.snapshot();
    const res = await w.inject({
      method: 'POST',
      url: '/api/auth/videos',
      cookie: w.other.cookie,
      payload: {
        videoURL: address,
        title: 'Stolen Ride',
        originalFileName: 'stolen.mp4',
        fileSize: String(w.media.clip.length),
        replaceBackground: false,
        addLogo: false,
      },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await w.snapshot()).toBe(before);
  });
});
