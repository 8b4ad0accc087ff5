import Fastify, { type FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_ONLY_HEADERS,
  registerSecurityHeaders,
  securityHeaders,
} from './security-headers';

const OPTIONS = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: null } },
  strictTransportSecurity: false,
} as const;

describe('security headers', () => {
  it("are helmet's own, worked out once", () => {
    const headers = securityHeaders(OPTIONS);
    expect(headers).toMatchObject({
      'content-security-policy': expect.stringContaining("default-src 'self'"),
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
    });
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers).not.toHaveProperty('strict-transport-security');
  });

  it('go on every answer, a 404, an error and a hijacked one too, and a route may replace one', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, OPTIONS);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/own', async (_request, reply) =>
      reply.header('content-security-policy', 'sandbox').send('x'),
    );
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    // A route that writes its answer itself (as tus does).
    app.get('/raw', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(204).end();
    });
    const expected = securityHeaders(OPTIONS);
    for (const url of ['/ok', '/nothing-here', '/fails', '/raw']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers).toMatchObject(expected);
    }
    const own = await app.inject({ method: 'GET', url: '/own' });
    expect(own.headers['content-security-policy']).toBe('sandbox');
    expect(own.headers['x-frame-options']).toBe('SAMEORIGIN');
    await app.close();
  });

  it("leave the document-only ones off media a browser can only show as media; an SVG, JSON and a route's own header keep them", async () => {
    const app = Fastify();
    registerSecurityHeaders(app, OPTIONS);
    const typed =
      (type: string, own?: string) => async (_request: unknown, reply: FastifyReply) => {
        if (own) reply.header('content-security-policy', own);
        return reply.type(type).send(Buffer.from('x'));
      };
    app.get('/poster.jpg', typed('image/jpeg'));
    app.get('/seg.m4s', typed('video/mp4'));
    app.get('/index.m3u8', typed('application/vnd.apple.mpegurl'));
    app.get('/upper', typed('Image/PNG; charset=binary'));
    app.get('/logo.svg', typed('image/svg+xml'));
    app.get('/page', typed('text/html; charset=utf-8'));
    app.get('/sandboxed.mp4', typed('video/mp4', 'sandbox'));
    app.get('/listed', typed('image/png;x=1, text/html'));
    const all = securityHeaders(OPTIONS);
    // Of helmet's headers, media keeps exactly these two.
    const kept = ['x-content-type-options', 'cross-origin-resource-policy'];
    expect(Object.keys(all).sort()).toEqual([...kept, ...DOCUMENT_ONLY_HEADERS].sort());

    for (const url of ['/poster.jpg', '/seg.m4s', '/index.m3u8', '/upper']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      for (const name of kept) expect(res.headers[name], `${url} ${name}`).toBe(all[name]);
      for (const name of DOCUMENT_ONLY_HEADERS)
        expect(res.headers, `${url} ${name}`).not.toHaveProperty(name);
    }
    for (const url of ['/logo.svg', '/page', '/listed', '/nothing-here']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject(all);
    }
    const sandboxed = await app.inject({ method: 'GET', url: '/sandboxed.mp4' });
    expect(sandboxed.headers['content-security-policy']).toBe('sandbox');
    expect(sandboxed.headers).not.toHaveProperty('x-frame-options');
    await app.close();
  });
});
