import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS_VALUE } from '../../plugins/hsts';
import { startTestApp, type TestApp } from '../harness';

/** Audit (low): Strict-Transport-Security was sent on plain http responses too. */
describe('HSTS only over https', () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await startTestApp();
    proxied = await startTestApp({
      env: { TRUST_PROXY: '10.9.9.9', APP_HOSTS: 'app.cadence.example' },
    });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it('is not sent over plain http, whatever X-Forwarded-Proto a client claims', async () => {
    const plain = await direct.app.inject({ url: '/api/health' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const claimed = await direct.app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    const untrusted = await proxied.app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '198.51.100.9',
    });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when the trusted proxy says the request came over https', async () => {
    const res = await proxied.app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '10.9.9.9',
    });
    expect(res.headers['strict-transport-security']).toBe(HSTS_VALUE);
    // Error answers carry it too.
    const missing = await proxied.app.inject({
      url: '/api/nothing-here',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '10.9.9.9',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['strict-transport-security']).toBe(HSTS_VALUE);
    const onAppHost = await proxied.app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https', host: 'app.cadence.example' },
      remoteAddress: '10.9.9.9',
    });
    expect(onAppHost.headers['strict-transport-security']).toBe(HSTS_VALUE);
  });

  it("is not sent on a gym's custom domain (includeSubDomains would pin the gym's whole domain)", async () => {
    const res = await proxied.app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https', host: 'classes.ironspin.com' },
      remoteAddress: '10.9.9.9',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
