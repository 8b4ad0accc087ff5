import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildPath, endpoint, methodsOf, queryString } from './endpoint';
import { withSchemas } from './endpoint-schemas';

const hls = endpoint()({
  method: 'GET',
  path: '/media/videos/:id/hls/:version/*',
  access: 'public',
  summary: 'test',
});
const video = endpoint<{ query: { download?: '1' } }>()({
  method: ['GET', 'HEAD'],
  path: '/api/auth/videos/:id/original',
  access: 'owner',
  summary: 'test',
});

describe('buildPath', () => {
  it('fills each :param with its encoded value', () => {
    expect(buildPath(video, { id: 'a b/c?d' })).toBe('/api/auth/videos/a%20b%2Fc%3Fd/original');
  });

  it("encodes the wildcard's segments one by one, keeping its slashes", () => {
    expect(buildPath(hls, { id: 'x', version: 'v1', '*': 'sub dir/master.m3u8' })).toBe(
      '/media/videos/x/hls/v1/sub%20dir/master.m3u8',
    );
  });

  it('appends the defined query values', () => {
    expect(buildPath(video, { id: '7' }, { download: '1', skip: undefined, none: null })).toBe(
      '/api/auth/videos/7/original?download=1',
    );
  });

  it('refuses a missing path parameter', () => {
    expect(() => buildPath(video, {} as { id: string })).toThrow('Missing path parameter id');
  });
});

describe('queryString', () => {
  it('encodes values, repeats arrays and is empty without values', () => {
    expect(queryString({ q: 'a&b=c', page: 2, on: true, tag: ['x', 'y'] })).toBe(
      '?q=a%26b%3Dc&page=2&on=true&tag=x&tag=y',
    );
    expect(queryString({ q: undefined })).toBe('');
    expect(queryString()).toBe('');
  });
});

describe('methodsOf', () => {
  it('lists one method or several', () => {
    expect(methodsOf(hls)).toEqual(['GET']);
    expect(methodsOf(video)).toEqual(['GET', 'HEAD']);
  });
});

describe('withSchemas', () => {
  const described = endpoint<{ response: { name: string; note?: string } }>()({
    method: 'GET',
    path: '/api/example',
    access: 'public',
    summary: 'test',
  });

  it('attaches a response schema only when it describes exactly the response type', () => {
    const exact = z.object({ name: z.string(), note: z.string().optional() });
    expect(withSchemas(described, { response: exact }).schemas.response).toBe(exact);

    // Checked by `npm run typecheck`: each line below must fail to compile.
    // @ts-expect-error `note` is optional in the response type, required in this schema
    withSchemas(described, { response: z.object({ name: z.string(), note: z.string() }) });
    // @ts-expect-error this schema has no `note`
    withSchemas(described, { response: z.object({ name: z.string() }) });
  });
});
