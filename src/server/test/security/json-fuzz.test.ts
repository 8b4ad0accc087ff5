import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../../app';
import { isApiAccess } from '@shared/endpoint';
import { routeTable, type RouteEntry } from '../../plugins/route-table';
import { ruleFor, type RouteRule } from './route-classes';
import {
  bearer,
  startRouteWorld,
  type Account,
  type CallerName,
  type RouteWorld,
} from './route-world';

/**
 * The JSON fuzz pass: every route that reads a body (POST/PUT/PATCH/DELETE that is not a file
 * upload, from the live route table) gets malformed, oversize, wrong-type, prototype-polluting and
 * unicode-odd bodies from its caller (the owner, an admin for admin routes, signed out for public ones). Every answer is a 4xx, or a
 * 2xx where the body is valid but odd; never a 5xx. A 4xx changes nothing, and nothing reaches
 * Object.prototype.
 */
let w: RouteWorld;
beforeAll(async () => {
  w = await startRouteWorld();
}, 120_000);
afterAll(() => w?.close());

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Target {
  route: RouteEntry;
  rule: RouteRule;
  callers: CallerName[];
}

function targets(): Target[] {
  const out: Target[] = [];
  for (const route of routeTable(w.t.app)) {
    const rule = ruleFor(route);
    if (!rule || !BODY_METHODS.has(route.method) || rule.body === 'file') continue;
    if (rule.access === 'signed-link') continue;
    // Public routes signed out: a sign-in or sign-out would end the owner's session on success.
    const callers: CallerName[] =
      rule.access === 'admin' ? ['admin'] : rule.access === 'public' ? ['signedOut'] : ['owner'];
    out.push({ route, rule, callers });
  }
  return out;
}

/** A raw body and whether it can only be refused (else a valid-but-odd body may succeed). */
interface Probe {
  name: string;
  body: string;
  contentType?: string;
  mustRefuse: boolean;
}

const ODD_STRINGS = {
  huge: 'x'.repeat(90_000),
  nul: 'a\u0000b',
  /** A lone surrogate, a right-to-left override, zero-width and BOM, stacked accents, a ZWJ emoji, controls. */
  unicode:
    'Ride \ud800 \u202egnp.exe \u200b\u200d\ufeff e\u0301\u0301\u0301 \u{1f6b4}\u200d\u2640\ufe0f \u0001\u007f\u0085',
  /** The same oddities alone, with nothing printable around them. */
  invisible: '\u200b\u200d\ufeff\u202e',
};

const refuse = (name: string, body: string, contentType?: string): Probe => ({
  name,
  body,
  contentType,
  mustRefuse: true,
});

/** Bodies the JSON parser itself refuses: no handler runs, whatever the route. */
function parserProbes(): Probe[] {
  return [
    refuse('malformed: open brace', '{'),
    refuse('malformed: missing value', '{"a":}'),
    refuse('malformed: trailing comma', '{"a":1,}'),
    refuse('malformed: trailing garbage', '{"a":1}x'),
    refuse('malformed: single quotes', "{'a':1}"),
    refuse('malformed: NaN', '{"a":NaN}'),
    refuse('malformed: bad escape', '{"a":"\\x41"}'),
    refuse('malformed: raw control character', '{"a":"\u0001"}'),
    refuse('empty body', ''),
    refuse('oversize', JSON.stringify({ a: 'x'.repeat(JSON_BODY_LIMIT) })),
    refuse('__proto__ pollution', '{"__proto__":{"isAdmin":"true","polluted":"yes"}}'),
    refuse(
      'constructor.prototype pollution',
      '{"constructor":{"prototype":{"isAdmin":"true","polluted":"yes"}}}',
    ),
    refuse('nested __proto__', '{"a":{"b":{"__proto__":{"polluted":"yes"}}}}'),
    refuse('unicode-escaped __proto__', '{"\\u005f_proto__":{"polluted":"yes"}}'),
  ];
}

/** Well-formed JSON of the wrong shape for any route that reads a body. */
function shapeProbes(): Probe[] {
  const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
  const deepArray = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
  return [
    refuse('malformed: text/plain', '{"a":', 'text/plain'),
    refuse('top-level array', '[]'),
    refuse('top-level array of objects', '[{}]'),
    refuse('top-level number', '0'),
    refuse('top-level huge number', '1e400'),
    refuse('top-level string', '"body"'),
    refuse('top-level null', 'null'),
    refuse('top-level true', 'true'),
    refuse('empty object', '{}'),
    refuse('BOM then empty object', '\ufeff{}'),
    refuse('utf-16 charset', '{}', 'application/json; charset=utf-16'),
    refuse('deep object', deep),
    refuse('deep array', deepArray),
  ];
}

/** The route's valid body with one field made wrong or odd, and with polluting keys added. */
function fieldProbes(base: Record<string, unknown>): Probe[] {
  const probes: Probe[] = [];
  const withField = (field: string, value: unknown) => JSON.stringify({ ...base, [field]: value });
  for (const field of Object.keys(base)) {
    const wrong: Record<string, unknown> = {
      array: [base[field]],
      number: 12345,
      null: null,
      object: { nested: { deeper: base[field] } },
      bool: true,
      ...ODD_STRINGS,
    };
    for (const [kind, value] of Object.entries(wrong)) {
      probes.push({ name: `${field}: ${kind}`, body: withField(field, value), mustRefuse: false });
    }
  }
  const json = JSON.stringify(base);
  const withKey = (raw: string) => `${json.slice(0, -1)}${json.length > 2 ? ',' : ''}${raw}}`;
  probes.push(
    {
      name: 'valid + __proto__',
      body: withKey('"__proto__":{"isAdmin":"true","polluted":"yes"}'),
      mustRefuse: true,
    },
    {
      name: 'valid + constructor.prototype',
      body: withKey('"constructor":{"prototype":{"isAdmin":"true","polluted":"yes"}}'),
      mustRefuse: true,
    },
    {
      name: 'valid + isAdmin',
      body: withKey('"isAdmin":"true","is_admin":true,"userId":"x"'),
      mustRefuse: false,
    },
  );
  return probes;
}

/** The route's valid body (its own request builder, with a copy of the account: no side effects kept). */
async function baseBody(target: Target, caller: Account | undefined) {
  const spec = await target.rule.request?.(w, caller && { ...caller });
  const payload = spec?.payload;
  const body =
    payload && typeof payload === 'object' && !Buffer.isBuffer(payload)
      ? (payload as Record<string, unknown>)
      : undefined;
  return { url: spec?.url ?? target.route.url, body };
}

let ip = 0;
/** Each request from its own address: per-IP limits (login, register) are not what is fuzzed here. */
const nextIp = () => {
  ip += 1;
  return `198.51.${Math.floor(ip / 250) % 250}.${(ip % 250) + 1}`;
};

describe('JSON fuzz pass', () => {
  it('finds the JSON routes in the live route table', () => {
    const keys = targets().map((t) => `${t.route.method} ${t.route.url}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /api/auth/register',
        'PUT /api/auth/settings/profile',
        'PATCH /api/auth/videos/:id',
        'PUT /api/admin/videos/:id/status',
        'POST /api/playback/beacon',
      ]),
    );
  });

  it('answers every hostile body with a 4xx (or a 2xx when valid but odd), never a 5xx; a 4xx changes nothing', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const target of targets()) {
      for (const callerName of target.callers) {
        const caller = callerName === 'signedOut' ? undefined : w.account(callerName);
        let base = await baseBody(target, caller);
        // A route that reads no body gets only what the parser refuses: anything else would simply
        // run it (log out, delete). Field probes need the route's valid JSON body to vary.
        const probes =
          target.rule.body !== 'json'
            ? parserProbes()
            : [...parserProbes(), ...shapeProbes(), ...(base.body ? fieldProbes(base.body) : [])];
        let before = await w.snapshot();
        for (const probe of probes) {
          const res = await w.inject({
            method: target.route.method as 'POST',
            url: base.url,
            headers: {
              'content-type': probe.contentType ?? 'application/json',
              // The API's routes with the owner's read-and-write key (a session opens none).
              ...(isApiAccess(target.rule.access) ? bearer(w.apiKeys.write) : {}),
            },
            payload: probe.body,
            cookie: caller?.cookie,
            remoteAddress: nextIp(),
          });
          sent += 1;
          const status = res.statusCode;
          const where = `${target.route.method} ${target.route.url} as ${callerName}, ${probe.name}`;
          const refused = status >= 400 && status < 500;
          const succeeded = status >= 200 && status < 300;
          if (!(refused || (!probe.mustRefuse && succeeded))) {
            failures.push(`${where}: ${status} ${res.body.slice(0, 160)}`);
          }
          if (succeeded) {
            // A valid-but-odd body did its work: a fresh target (a new upload, video row) for the next.
            base = await baseBody(target, caller);
            before = await w.snapshot();
            continue;
          }
          const after = await w.snapshot();
          if (refused && after !== before)
            failures.push(`${where}: ${status} but the data changed`);
          before = after;
        }
      }
    }
    expect(sent).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 120_000);

  it('leaves Object.prototype clean and the owner an owner', async () => {
    const probe: Record<string, unknown> = {};
    expect(probe.isAdmin).toBeUndefined();
    expect(probe.polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
    const me = await w.ownerNow();
    expect(me.isAdmin).toBe('false');
    const desk = await w.inject({
      method: 'GET',
      url: '/api/admin/videos',
      cookie: w.owner.cookie,
    });
    expect(desk.statusCode).toBe(403);
  });
});
