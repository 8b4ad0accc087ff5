import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_EDITS_LIMITED, type VideoDto } from '@shared/videos.contract';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { videos } from '../../db/schema/videos';
import { openObjectStore } from '../../storage/create-object-store';
import type { ObjectStore } from '../../storage/object-store';
import { registerOwner, setPlan, startTestApp, type TestApp } from '../../test/harness';
import { mediaFixtures, type MediaFixtures } from '../../test/media-fixtures';
import { startS3Server, type S3TestServer } from '../../test/s3-server';
import { uploadBytes } from '../../test/upload-client';
import { EDIT_LIMIT } from '../../plugins/edit-limit';
import { videoPrefix } from './videos.service';

let s3: S3TestServer;
let media: MediaFixtures;
beforeAll(async () => {
  s3 = await startS3Server();
  media = await mediaFixtures();
});
afterAll(() => s3.close());

describe.each(['local', 's3'] as const)("the owner's videos on %s storage", (adapter) => {
  let t: TestApp;
  let store: ObjectStore;

  beforeAll(async () => {
    const env = adapter === 's3' ? s3.env : {};
    t = await startTestApp({ env });
    store = await openObjectStore(loadConfig({ DATA_DIR: '/tmp/cadence-test', ...env }), t.now);
  });
  afterAll(async () => {
    await store.close();
    await t.close();
  });

  async function newVideo(cookie: string, title: string, withLogo = false): Promise<VideoDto> {
    const videoURL = await uploadBytes(t.app, cookie, media.clip, 'video/mp4');
    const logoFileUrl = withLogo ? await uploadBytes(t.app, cookie, media.logo, 'image/png') : null;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/videos',
      headers: { cookie },
      payload: {
        videoURL,
        title,
        originalFileName: `${title}.mp4`,
        fileSize: String(media.clip.length),
        replaceBackground: false,
        addLogo: withLogo,
        logoFileUrl,
      },
    });
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json().video as VideoDto;
  }

  const call = (
    method: 'GET' | 'PATCH' | 'DELETE',
    url: string,
    cookie?: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });

  it("GET /api/auth/user/videos: 401 signed out; the owner's videos only, newest first", async () => {
    expect((await call('GET', '/api/auth/user/videos')).statusCode).toBe(401);
    const a = await registerOwner(t.app);
    const b = await registerOwner(t.app);
    const empty = await call('GET', '/api/auth/user/videos', a.cookie);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    const first = await newVideo(a.cookie, 'First');
    t.advance(1000);
    const second = await newVideo(a.cookie, 'Second');
    await newVideo(b.cookie, 'Not yours');
    const list = (await call('GET', '/api/auth/user/videos', a.cookie)).json() as VideoDto[];
    expect(list.map((v) => v.id)).toEqual([second.id, first.id]);
    expect(list.every((v) => v.userId === a.id)).toBe(true);
  });

  it("PATCH /api/auth/videos/:id: 401, 404 for another owner or a bad id, the product's limits, then the change", async () => {
    const a = await registerOwner(t.app);
    const b = await registerOwner(t.app);
    const video = await newVideo(a.cookie, 'Original title');
    const url = `/api/auth/videos/${video.id}`;
    expect((await call('PATCH', url, undefined, { title: 'x' })).statusCode).toBe(401);
    expect((await call('PATCH', url, b.cookie, { title: 'Hijacked' })).statusCode).toBe(404);
    expect(
      (await call('PATCH', '/api/auth/videos/not-a-uuid', a.cookie, { title: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (
        await call('PATCH', '/api/auth/videos/00000000-0000-4000-8000-000000000000', a.cookie, {
          title: 'x',
        })
      ).statusCode,
    ).toBe(404);

    const blank = await call('PATCH', url, a.cookie, { title: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Title is required');
    const long = await call('PATCH', url, a.cookie, { description: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Description must be under 1000 characters');
    const nothing = await call('PATCH', url, a.cookie, {});
    expect(nothing.statusCode).toBe(400);

    const ok = await call('PATCH', url, a.cookie, {
      title: ' New title ',
      description: 'x'.repeat(1000),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().video).toMatchObject({
      id: video.id,
      title: 'New title',
      description: 'x'.repeat(1000),
    });
    const cleared = await call('PATCH', url, a.cookie, { description: '' });
    expect(cleared.json().video).toMatchObject({ title: 'New title', description: null });
    const stillB = (await call('GET', '/api/auth/user/videos', b.cookie)).json() as VideoDto[];
    expect(stillB).toEqual([]);
  });

  it('PATCH with nothing new writes nothing; more than the hourly limit of changes answers 429', async () => {
    const a = await registerOwner(t.app);
    const video = await newVideo(a.cookie, 'Steady title');
    const url = `/api/auth/videos/${video.id}`;
    t.advance(1000);
    const same = await call('PATCH', url, a.cookie, { title: 'Steady title', description: '' });
    expect(same.statusCode).toBe(200);
    expect(same.json().video.updatedAt).toBe(video.updatedAt);
    for (let i = 1; i < EDIT_LIMIT.max; i += 1) {
      const res = await call('PATCH', url, a.cookie, { title: `Title ${i}` });
      expect(res.statusCode).toBe(200);
    }
    const over = await call('PATCH', url, a.cookie, { title: 'One too many' });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(VIDEO_EDITS_LIMITED);
    const [row] = await t.database.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row!.title).toBe(`Title ${EDIT_LIMIT.max - 1}`);
  });

  it('DELETE /api/auth/videos/:id: 401, 404 for another owner, then the row and its stored files go', async () => {
    const a = await registerOwner(t.app);
    const b = await registerOwner(t.app);
    await setPlan(t.database, a.id, 'power-cycle');
    const video = await newVideo(a.cookie, 'To delete', true);
    const url = `/api/auth/videos/${video.id}`;
    // Where the checked files are kept (on S3 a copy beside the upload key; see ObjectStore.seal).
    const [row] = await t.database.db.select().from(videos).where(eq(videos.id, video.id));
    const originalKey = row!.originalKey!;
    const logoKey = row!.logoKey!;
    // A derived file the media pipeline would write under the video's prefix.
    const derived = `${videoPrefix(video.id)}thumb.jpg`;
    await store.put(derived, Readable.from([media.logo]));

    expect((await call('DELETE', url)).statusCode).toBe(401);
    expect((await call('DELETE', url, b.cookie)).statusCode).toBe(404);
    expect(await store.head(originalKey)).not.toBeNull();

    const res = await call('DELETE', url, a.cookie);
    expect(res.statusCode).toBe(204);
    expect(await store.head(originalKey)).toBeNull();
    expect(await store.head(logoKey)).toBeNull();
    expect(await store.head(derived)).toBeNull();
    expect((await call('GET', '/api/auth/user/videos', a.cookie)).json()).toEqual([]);
    expect((await call('DELETE', url, a.cookie)).statusCode).toBe(404);
    // The slot is free again for the plan quota.
    await newVideo(a.cookie, 'One');
    expect((await newVideo(a.cookie, 'Two')).title).toBe('Two');
  });

  it('GET /api/auth/videos/:id and its original: 401 and 404 for another owner', async () => {
    const a = await registerOwner(t.app);
    const b = await registerOwner(t.app);
    const video = await newVideo(a.cookie, 'Mine');
    for (const url of [`/api/auth/videos/${video.id}`, `/api/auth/videos/${video.id}/original`]) {
      expect((await call('GET', url)).statusCode).toBe(401);
      expect((await call('GET', url, b.cookie)).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/auth/videos/${video.id}`, a.cookie)).json().video.id).toBe(
      video.id,
    );
  });
});
