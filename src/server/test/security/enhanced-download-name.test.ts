import { describe, expect, it } from 'vitest';
import { CACHE, publicDownloadName } from '../../modules/files/files.routes';
import { bytes, useMediaRoutesWorld } from '../media-routes-world';

/** Audit (low): ?download=1 on a public enhanced.mp4 revealed the owner's original file name. */
const { w, put, makeVideo, get } = useMediaRoutesWorld();

describe('the public download name of an enhanced video', () => {
  it('gives the public the class title, the owner and admins their own file name', async () => {
    const key = 'uploads/admin/enhanced-2';
    const v = await makeVideo({
      processingStatus: 'enhanced',
      enhancedKey: key,
      title: 'Hill Climb',
    });
    await put(key, bytes(100));
    const url = `/media/videos/${v.id}/enhanced.mp4?download=1`;
    for (const cookie of [undefined, w.other.cookie]) {
      const res = await get(url, cookie ? { cookie } : {});
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('filename="hill-climb.mp4"');
      expect(res.headers['content-disposition']).not.toContain('Hill climb');
      expect(res.headers['cache-control']).toBe(CACHE.enhanced);
    }
    for (const who of [w.owner, w.admin]) {
      const own = await get(url, { cookie: who.cookie });
      expect(own.headers['content-disposition']).toContain('filename="Hill climb-enhanced.mp4"');
      // Never stored by a shared cache, which could hand it to the public.
      expect(own.headers['cache-control']).toBe(CACHE.private);
    }
  });

  it('names a public download after the class title, never the file', () => {
    const id = '7b0a8a52-5f0e-4c4a-9d7e-7d2f7f9a0c11';
    expect(publicDownloadName("Hill Climb: 45' @ Studio 2!", id)).toBe(
      'hill-climb-45-studio-2.mp4',
    );
    expect(publicDownloadName('Über Spin', id)).toBe('über-spin.mp4');
    expect(publicDownloadName('🚴🚴', id)).toBe('class-7b0a8a52.mp4');
    expect(publicDownloadName('-'.repeat(20_000) + 'x', id)).toBe('x.mp4');
    expect([...publicDownloadName('𝒜'.repeat(300), id)]).toHaveLength(84);
  });
});
