import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeaders } from './security-headers';

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
});
