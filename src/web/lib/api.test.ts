import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminEndpoints } from '@shared/admin.contract';
import { analyticsEndpoints } from '@shared/analytics.contract';
import { authEndpoints } from '@shared/auth.contract';
import { brandingEndpoints } from '@shared/branding.contract';
import { videoEndpoints } from '@shared/videos.contract';
import { fakeFetch, jsonResponse } from '@web/test/hook-harness';
import { api, ApiError, apiUrl, failureMessage, fieldErrors } from './api';

afterEach(() => vi.unstubAllGlobals());

describe('api', () => {
  it('builds the request from the endpoint: method, path parameters, query, JSON body', async () => {
    const sent = fakeFetch(() => jsonResponse(200, { video: { id: 'a b' } }));
    const answer = await api(videoEndpoints.update, {
      params: { id: 'a b' },
      body: { title: 'Hill Climb' },
    });
    expect(answer.video.id).toBe('a b');
    await api(analyticsEndpoints.overview, { query: { tz: 'Europe/Paris', video: undefined } });
    expect(sent).toEqual([
      { method: 'PATCH', url: '/api/auth/videos/a%20b', body: { title: 'Hill Climb' } },
      { method: 'GET', url: '/api/analytics?tz=Europe%2FParis', body: undefined },
    ]);
  });

  it('sends FormData as it is, and answers undefined when the answer is not JSON', async () => {
    const sent = fakeFetch(() => new Response(null, { status: 204 }));
    const body = new FormData();
    body.append('logo', new Blob(['png']), 'logo.png');
    expect(await api(brandingEndpoints.uploadLogo, { body })).toBeUndefined();
    expect(sent[0]?.body).toBe(body);
    expect(await api(videoEndpoints.remove, { params: { id: 'v1' } })).toBeUndefined();
    expect(sent[1]).toMatchObject({ method: 'DELETE', url: '/api/auth/videos/v1' });
  });

  it('uses the method asked for on an endpoint with several', async () => {
    const sent = fakeFetch(() => new Response(null, { status: 200 }));
    await api(adminEndpoints.download, { params: { id: 'v1' }, method: 'HEAD' });
    expect(sent[0]).toMatchObject({ method: 'HEAD', url: '/api/admin/videos/v1/download' });
  });

  it("throws ApiError with the status and the server's message", async () => {
    fakeFetch(() => jsonResponse(409, { message: 'Onboarding is already complete.' }));
    const failure = await api(authEndpoints.logout).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(409);
    expect((failure as ApiError).serverMessage).toBe('Onboarding is already complete.');
  });

  it("gives the server's own message of a failure, else the fallback", async () => {
    fakeFetch(() =>
      jsonResponse(409, { message: 'This domain is already connected to another gym.' }),
    );
    const conflict = await api(authEndpoints.logout).catch((error: unknown) => error);
    expect(failureMessage(conflict, 'Unable to save.')).toBe(
      'This domain is already connected to another gym.',
    );
    fakeFetch(() => new Response('Bad gateway', { status: 502 }));
    const noMessage = await api(authEndpoints.logout).catch((error: unknown) => error);
    expect(failureMessage(noMessage, 'Unable to save.')).toBe('Unable to save.');
    expect(failureMessage(new TypeError('Failed to fetch'), 'Unable to save.')).toBe(
      'Unable to save.',
    );
  });

  it("lists a 400's per-field messages, and none for anything else", async () => {
    const errors = [
      { field: 'currentPassword', message: 'Current password is incorrect' },
      { field: 'phone' },
    ];
    fakeFetch(() => jsonResponse(400, { message: 'Current password is incorrect', errors }));
    const invalid = await api(authEndpoints.logout).catch((error: unknown) => error);
    expect(fieldErrors(invalid)).toEqual([
      { field: 'currentPassword', message: 'Current password is incorrect' },
    ]);
    fakeFetch(() => jsonResponse(409, { message: 'Taken', errors }));
    const conflict = await api(authEndpoints.logout).catch((error: unknown) => error);
    expect(fieldErrors(conflict)).toEqual([]);
    fakeFetch(() => new Response('not json', { status: 400 }));
    const plain = await api(authEndpoints.logout).catch((error: unknown) => error);
    expect(fieldErrors(plain)).toEqual([]);
    expect(fieldErrors(new TypeError('Failed to fetch'))).toEqual([]);
  });

  it('types the call by the endpoint', () => {
    // Compile-time checks: vitest runs them through the type checker (`npm run typecheck`).
    const check = () => {
      // @ts-expect-error the path parameter is required
      void api(videoEndpoints.update, { body: { title: 'x' } });
      // @ts-expect-error the body's shape is the endpoint's
      void api(adminEndpoints.status, { params: { id: 'v' }, body: { status: 'lost' } });
      // @ts-expect-error no such path parameter
      void apiUrl(adminEndpoints.logo, { params: { videoId: 'v' } });
    };
    expect(check).toBeTypeOf('function');
    expect(apiUrl(adminEndpoints.logo, { params: { id: 'v 1' } })).toBe(
      '/api/admin/videos/v%201/logo',
    );
  });
});
