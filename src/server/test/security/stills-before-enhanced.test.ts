import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { videos } from '../../db/schema/videos';
import { mediaKeys, mediaUrls } from '../../media/media-paths';
import { CACHE } from '../../modules/files/files.routes';
import { bytes, useMediaRoutesWorld } from '../media-routes-world';

/** Audit (low): thumbnail.jpg and poster.jpg were public for a video in any status. */
const { w, put, makeVideo, get } = useMediaRoutesWorld();

describe('stills of a video that is not enhanced', () => {
  it('are for the owner and admins until the video is enhanced, then public', async () => {
    const v = await makeVideo({ thumbnailUrl: 'set' });
    await put(mediaKeys.thumbnail(v.id), bytes(50));
    await put(mediaKeys.poster(v.id), bytes(60));
    for (const url of [mediaUrls.thumbnail(v.id), mediaUrls.poster(v.id)]) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, { cookie: w.other.cookie })).statusCode).toBe(404);
      const mine = await get(url, { cookie: w.owner.cookie });
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['cache-control']).toBe(CACHE.private);
      expect(mine.headers['access-control-allow-origin']).toBeUndefined();
      expect((await get(url, { cookie: w.admin.cookie })).statusCode).toBe(200);
    }
    await w.t.database.db
      .update(videos)
      .set({ processingStatus: 'enhanced' })
      .where(eq(videos.id, v.id));
    const res = await get(mediaUrls.thumbnail(v.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe(CACHE.still);
    expect(res.rawPayload).toEqual(bytes(50));
    expect((await get(mediaUrls.poster(v.id))).rawPayload).toEqual(bytes(60));
  });
});
