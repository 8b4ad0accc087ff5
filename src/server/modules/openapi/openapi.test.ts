import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methodsOf } from '@shared/endpoint';
import { routeTable, type RouteEntry } from '../../plugins/route-table';
import { startTestApp, type TestApp } from '../../test/harness';
import { WILDCARD_PARAM } from './openapi';

interface Operation {
  tags: string[];
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: { content: Record<string, { schema?: { required?: string[] } }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: object }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { in: string; name: string }> };
}

let t: TestApp;
let webDist: string;
let document: Document;
beforeAll(async () => {
  // The web build served (a stand-in), so the public gym page's routes are registered too.
  webDist = await mkdtemp(path.join(os.tmpdir(), 'cadence-openapi-'));
  const page = '<!doctype html><html><head><title>Cadence</title></head><body></body></html>';
  await writeFile(path.join(webDist, 'index.html'), page);
  await writeFile(path.join(webDist, 'gym.html'), page);
  t = await startTestApp({ deps: { web: 'static', webDist } });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  document = res.json();
});
afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

/** The web app's files and its catch-all: served for the browser, not part of the API. */
const isWebFile = (route: RouteEntry) => route.url === '/*' || /^\/[^/]+\.\w+$/.test(route.url);
/** The HEAD Fastify adds for every GET (a descriptor that lists HEAD has it documented). */
const isImpliedHead = (route: RouteEntry) =>
  route.method === 'HEAD' && !(route.endpoint && methodsOf(route.endpoint).includes('HEAD'));

/** `/api/videos/{id}/hls/{version}/{rest}` -> `/api/videos/:id/hls/:version/*` */
const fastifyPath = (documented: string) =>
  documented.replace(`{${WILDCARD_PARAM}}`, '*').replace(/\{(\w+)\}/g, ':$1');

describe('GET /api/openapi.json', () => {
  it('documents every registered route, and every documented route is registered', () => {
    const registered = routeTable(t.app)
      .filter((route) => !isWebFile(route) && !isImpliedHead(route))
      .map((route) => `${route.method} ${route.url}`);
    const documented = Object.entries(document.paths).flatMap(([documentedPath, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${fastifyPath(documentedPath)}`),
    );
    expect(registered.length).toBeGreaterThan(50);
    expect(new Set(registered).size).toBe(registered.length);
    expect([...documented].sort()).toEqual([...registered].sort());
  });

  it('is OpenAPI 3.1 with the session cookie as the security of every owner and admin route', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.session).toMatchObject({
      in: 'cookie',
      name: 'cadence.sid',
    });
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    for (const operation of operations) {
      const needsSession = operation.tags.includes('owner') || operation.tags.includes('admin');
      expect(operation.security ?? []).toHaveLength(needsSession ? 1 : 0);
    }
  });

  it("describes requests from the contracts' schemas", () => {
    const register = document.paths['/api/auth/register']!.post!;
    expect(register.tags).toEqual(['public']);
    expect(register.requestBody!.content['application/json']!.schema!.required).toEqual(
      expect.arrayContaining(['email', 'password', 'firstName', 'lastName']),
    );
    const videos = document.paths['/api/admin/videos']!.get!;
    expect(videos.parameters!.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:status', 'query:page', 'query:pageSize', 'query:q']),
    );
    const hls = document.paths[`/media/videos/{id}/hls/{version}/{${WILDCARD_PARAM}}`]!.get!;
    expect(hls.parameters!.filter((p) => p.in === 'path').map((p) => p.name)).toEqual([
      'id',
      'version',
      WILDCARD_PARAM,
    ]);
  });

  it('documents the schema of every JSON answer, and the type or status of every other one', () => {
    const operations = Object.entries(document.paths).flatMap(([documentedPath, item]) =>
      Object.entries(item).map(([method, operation]) => {
        const [status, ok] = Object.entries(operation.responses).find(
          ([code]) => code.startsWith('2') || code.startsWith('3'),
        )!;
        return { name: `${method.toUpperCase()} ${documentedPath}`, status, ok };
      }),
    );
    for (const { name, status, ok } of operations) {
      const content = ok.content ?? {};
      // Every answer of a 200 has a body: JSON with its schema, or a file's or a page's type.
      if (status === '200') expect(Object.keys(content), name).not.toHaveLength(0);
      for (const [type, media] of Object.entries(content)) {
        if (type === 'application/json') expect(media.schema ?? {}, name).not.toEqual({});
      }
    }

    const success = (documentedPath: string, method: string) => {
      const [status, ok] = Object.entries(document.paths[documentedPath]![method]!.responses)[0]!;
      return { status, types: Object.keys(ok.content ?? {}) };
    };
    expect(success('/api/auth/export', 'get')).toEqual({
      status: '200',
      types: ['application/json'],
    });
    expect(success('/api/admin/videos/{id}/logo', 'get')).toEqual({ status: '302', types: [] });
    expect(success('/api/auth/videos/{id}/original', 'get')).toEqual({ status: '302', types: [] });
    expect(success('/gym/{gymSlug}/', 'get')).toEqual({ status: '301', types: [] });
    expect(success('/gym/{gymSlug}', 'get')).toEqual({ status: '200', types: ['text/html'] });
    expect(success('/api/admin/videos/{id}/download', 'get')).toEqual({
      status: '200',
      types: ['application/octet-stream'],
    });
    expect(success('/api/uploads', 'post')).toEqual({ status: '201', types: [] });
    expect(success(`/api/uploads/{${WILDCARD_PARAM}}`, 'patch')).toEqual({
      status: '204',
      types: [],
    });
    expect(success(`/api/objects/{${WILDCARD_PARAM}}`, 'put')).toEqual({
      status: '200',
      types: ['application/json'],
    });
  });

  it("describes answers from the contracts' schemas", () => {
    const schemaOf = (documentedPath: string, method: string) =>
      Object.values(document.paths[documentedPath]![method]!.responses)[0]!.content![
        'application/json'
      ]!.schema as { properties?: Record<string, unknown>; anyOf?: unknown[] };
    expect(Object.keys(schemaOf('/api/analytics', 'get').properties!)).toEqual(
      expect.arrayContaining(['period', 'summary', 'viewsThisWeek', 'studentActivity']),
    );
    expect(Object.keys(schemaOf('/api/auth/branding', 'get').properties!)).toEqual(['branding']);
    // A current slug answers the gym, an old one `{ redirectTo }`.
    expect(schemaOf('/api/gym/{gymSlug}', 'get').anyOf).toHaveLength(2);
  });
});
