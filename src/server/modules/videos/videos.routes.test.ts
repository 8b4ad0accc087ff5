import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedAddress } from '@shared/uploads.contract';
import { planIncludes } from '@shared/plan-features';
import { PLANS } from '@shared/plans';
import {
  ENHANCEMENT_LOCKS,
  LOGO_MAX_BYTES,
  quotaMessage,
  STORED_FILE_MESSAGES as STORED,
  VIDEO_MESSAGES,
  type VideoDto,
} from '@shared/videos.contract';
import { uploads } from '../../db/schema/uploads';
import { users } from '../../db/schema/users';
import { videos as videosTable, type VideoRow } from '../../db/schema/videos';
import { openObjectStore } from '../../storage/create-object-store';
import type { ObjectStore } from '../../storage/object-store';
import { registerOwner, setPlan, startTestApp, type TestApp } from '../../test/harness';
import { mediaFixtures, type MediaFixtures } from '../../test/media-fixtures';
import { startS3Server, type S3TestServer } from '../../test/s3-server';
import {
  fetchStored,
  putToUploadUrl,
  requestUploadUrl,
  uploadBytes,
} from '../../test/upload-client';

let s3: S3TestServer;
let media: MediaFixtures;
beforeAll(async () => {
  s3 = await startS3Server();
  media = await mediaFixtures();
});
afterAll(() => s3.close());

describe.each(['local', 's3'] as const)('POST /api/auth/videos on %s storage', (adapter) => {
  let t: TestApp;
  let store: ObjectStore;
  const created: VideoRow[] = [];

  beforeAll(async () => {
    const env = adapter === 's3' ? s3.env : {};
    t = await startTestApp({ env, deps: { onVideoCreated: (v) => void created.push(v) } });
    const { loadConfig } = await import('../../config');
    store = await openObjectStore(loadConfig({ DATA_DIR: '/tmp/cadence-test', ...env }), t.now);
  });
  afterAll(async () => {
    await store.close();
    await t.close();
  });

  const create = (cookie: string | undefined, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/videos',
      headers: cookie ? { cookie } : {},
      payload,
    });

  async function uploadClip(cookie: string, bytes: Buffer = media.clip) {
    return uploadBytes(t.app, cookie, bytes, 'video/mp4');
  }

  function request(videoURL: string, extra: object = {}) {
    return {
      videoURL,
      title: 'Morning Ride',
      description: 'Forty-five minutes of climbs',
      originalFileName: 'morning-ride.mp4',
      fileSize: String(media.clip.length),
      replaceBackground: false,
      backgroundDescription: null,
      addLogo: false,
      logoFileUrl: null,
      enhancementNotes: null,
      ...extra,
    };
  }

  it('answers 401 when signed out', async () => {
    const res = await create(undefined, request('/api/objects/uploads/x/y'));
    expect(res.statusCode).toBe(401);
  });

  it('turns the owner\'s finished upload into an "uploaded" video and calls the processing seam once', async () => {
    const owner = await registerOwner(t.app);
    const address = await uploadClip(owner.cookie);
    const before = created.length;
    const res = await create(owner.cookie, request(address));
    expect(res.statusCode).toBe(201);
    const { video } = res.json() as { video: VideoDto };
    expect(video).toMatchObject({
      userId: owner.id,
      title: 'Morning Ride',
      description: 'Forty-five minutes of climbs',
      originalFileName: 'morning-ride.mp4',
      originalFileUrl: address,
      fileSize: String(media.clip.length),
      processingStatus: 'uploaded',
      replaceBackground: false,
      backgroundDescription: null,
      addLogo: false,
      logoFileUrl: null,
      enhancedFileUrl: null,
    });
    expect(Object.keys(video).filter((k) => /key/i.test(k))).toEqual([]);
    expect(created.length).toBe(before + 1);
    expect(created.at(-1)?.id).toBe(video.id);
    expect(created.at(-1)?.originalKey).toBeTruthy();
    // The original can be fetched back through the owner's signed link, ranges included.
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/auth/videos/${video.id}/original`,
      headers: { cookie: owner.cookie },
    });
    expect(link.statusCode).toBe(302);
    const part = await fetchStored(t.app, link.headers.location as string, { range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.body).toEqual(media.clip.subarray(0, 100));
  });

  it('accepts the address as originalFileUrl too, and stores backgroundDescription only when asked', async () => {
    const owner = await registerOwner(t.app);
    const address = await uploadClip(owner.cookie);
    const { videoURL: _drop, ...rest } = request(address, {
      replaceBackground: 'false',
      backgroundDescription: 'a beach',
      enhancementNotes: '  brighten the left side  ',
    });
    const res = await create(owner.cookie, { ...rest, originalFileUrl: address });
    expect(res.statusCode).toBe(201);
    expect(res.json().video).toMatchObject({
      replaceBackground: false,
      backgroundDescription: null,
      enhancementNotes: 'brighten the left side',
    });
  });

  it("refuses, per plan, the enhancement steps the plan lacks in the lock's words, and creates nothing", async () => {
    for (const plan of PLANS) {
      const owner = await registerOwner(t.app);
      await setPlan(t.database, owner.id, plan.id);
      const address = await uploadClip(owner.cookie);
      const background = await create(
        owner.cookie,
        request(address, { replaceBackground: true, backgroundDescription: 'a beach' }),
      );
      const logo = await create(owner.cookie, request(address, { addLogo: true }));
      const premium = planIncludes(plan.id, 'premiumEnhancement');
      const advanced = planIncludes(plan.id, 'advancedEnhancement');
      expect([plan.id, background.statusCode]).toEqual([plan.id, premium ? 201 : 403]);
      if (!premium) expect(background.json().message).toBe(ENHANCEMENT_LOCKS.background);
      if (premium) continue; // the upload is used by the created video
      // Allowed, Add Logo gets past the plan and asks for the logo the gym has not set.
      expect([plan.id, logo.statusCode]).toEqual([plan.id, advanced ? 400 : 403]);
      expect(logo.json().message).toBe(
        advanced ? VIDEO_MESSAGES.logoRequired : ENHANCEMENT_LOCKS.logo,
      );
      // Nothing was made: the same upload becomes a plain class.
      const plain = await create(owner.cookie, request(address));
      expect(plain.statusCode).toBe(201);
      expect(plain.json().video).toMatchObject({ replaceBackground: false, addLogo: false });
    }
  });

  it('stores the logo the same way when Add Logo is on', async () => {
    const owner = await registerOwner(t.app);
    await setPlan(t.database, owner.id, 'spin-master');
    const video = await uploadClip(owner.cookie);
    const logo = await uploadBytes(t.app, owner.cookie, media.logo, 'image/png');
    const res = await create(
      owner.cookie,
      request(video, {
        addLogo: true,
        logoFileUrl: logo,
        replaceBackground: true,
        backgroundDescription: 'A sunny beach',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().video).toMatchObject({
      addLogo: true,
      logoFileUrl: logo,
      replaceBackground: true,
      backgroundDescription: 'A sunny beach',
    });
  });

  it("uses the gym's logo from Customize when Add Logo comes without a file, at the placement asked", async () => {
    const owner = await registerOwner(t.app);
    await setPlan(t.database, owner.id, 'power-cycle');
    const address = await uploadClip(owner.cookie);
    // No gym logo yet: a logo file is required, and nothing is created.
    const refused = await create(owner.cookie, request(address, { addLogo: 'true' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(VIDEO_MESSAGES.logoRequired);

    const boundary = 'cadence-logo-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      media.logo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/upload-logo',
      headers: {
        cookie: owner.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
    expect(set.statusCode).toBe(200);
    const gymLogoUrl = set.json().logoUrl as string;

    const placement = { corner: 'bottom-left', size: 6, opacity: 80 };
    const res = await create(
      owner.cookie,
      request(address, { addLogo: true, logoPlacement: placement }),
    );
    expect(res.statusCode).toBe(201);
    const { video } = res.json() as { video: VideoDto };
    expect(video).toMatchObject({ addLogo: true, logoPlacement: placement });
    expect(video.logoFileUrl).toBeTruthy();
    expect(video.logoFileUrl).not.toBe(gymLogoUrl);
    // The video keeps its own copy: a later change of the gym's logo does not touch it.
    const [row] = await t.database.db
      .select()
      .from(videosTable)
      .where(eq(videosTable.id, video.id));
    expect(row?.logoKey).toMatch(new RegExp(`^video-logos/${owner.id}/`));
    expect(row).toMatchObject({
      logoCorner: 'bottom-left',
      logoSizePercent: 6,
      logoOpacityPercent: 80,
    });
    expect(await store.head(row!.logoKey!)).not.toBeNull();

    // Without a placement: the default (top right, 7% of the width, 90% opaque).
    const second = await uploadClip(owner.cookie);
    const plain = await create(owner.cookie, request(second, { addLogo: true }));
    expect(plain.statusCode).toBe(201);
    expect(plain.json().video.logoPlacement).toEqual({ corner: 'top-right', size: 7, opacity: 90 });
    // Deleting the video deletes its copy of the logo.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/videos/${video.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(removed.statusCode).toBeLessThan(300);
    expect(await store.head(row!.logoKey!)).toBeNull();
  });

  it.each([
    ['a blank title', { title: '   ' }, VIDEO_MESSAGES.titleRequired],
    ['no title', { title: undefined }, VIDEO_MESSAGES.titleRequired],
    [
      'no originalFileName',
      { originalFileName: undefined },
      VIDEO_MESSAGES.originalFileNameRequired,
    ],
    ['no videoURL', { videoURL: undefined }, VIDEO_MESSAGES.videoUrlRequired],
    ['an empty videoURL', { videoURL: '' }, VIDEO_MESSAGES.videoUrlRequired],
    ['no fileSize', { fileSize: undefined }, VIDEO_MESSAGES.fileSizeRequired],
    ['an empty fileSize', { fileSize: '' }, VIDEO_MESSAGES.fileSizeRequired],
    [
      'a blank background',
      { replaceBackground: true, backgroundDescription: '  ' },
      VIDEO_MESSAGES.backgroundRequired,
    ],
    [
      'a logo corner that does not exist',
      { addLogo: true, logoPlacement: { corner: 'middle', size: 7, opacity: 90 } },
      'Choose a corner for the logo',
    ],
    [
      'a logo a quarter of the frame wide',
      { addLogo: true, logoPlacement: { corner: 'top-left', size: 25, opacity: 90 } },
      'Logo size must be 4-12% of the width',
    ],
    [
      'a 1001-character description',
      { description: 'x'.repeat(1001) },
      'Description must be under 1000 characters',
    ],
    [
      '1001 characters of notes',
      { enhancementNotes: 'x'.repeat(1001) },
      'Enhancement notes must be under 1000 characters',
    ],
    [
      'a 501-character background',
      { replaceBackground: true, backgroundDescription: 'x'.repeat(501) },
      'Background description must be under 500 characters',
    ],
  ])('refuses %s with "%s"', async (_label, extra, message) => {
    const owner = await registerOwner(t.app);
    const res = await create(owner.cookie, request('/api/objects/uploads/a/b', extra));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses another owner's upload, an outside URL and an upload never sent, each with 400", async () => {
    const a = await registerOwner(t.app);
    const b = await registerOwner(t.app);
    const theirs = await uploadClip(a.cookie);
    const other = await create(b.cookie, request(theirs));
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(STORED.videoNotFound);

    const outside = await create(b.cookie, request('https://evil.example.com/uploads/clip.mp4'));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(STORED.outsideUrl);

    const neverSent = storedAddress(await requestUploadUrl(t.app, b.cookie));
    const missing = await create(b.cookie, request(neverSent));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(STORED.videoNotFound);

    // Owner A can still use their upload.
    expect((await create(a.cookie, request(theirs))).statusCode).toBe(201);
  });

  it('refuses a fileSize that differs from what was stored', async () => {
    const owner = await registerOwner(t.app);
    const address = await uploadClip(owner.cookie);
    const res = await create(
      owner.cookie,
      request(address, { fileSize: String(media.clip.length + 1) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(STORED.sizeMismatch);
  });

  it('refuses a text file renamed to .mp4 (type by content)', async () => {
    const owner = await registerOwner(t.app);
    const text = Buffer.from('These are my class notes, not a video.\n'.repeat(50));
    const address = await uploadBytes(t.app, owner.cookie, text, 'video/mp4');
    const res = await create(
      owner.cookie,
      request(address, { originalFileName: 'notes.mp4', fileSize: String(text.length) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(VIDEO_MESSAGES.invalidTypeAlert);
  });

  it('refuses a logo that is not an image, or larger than 5 MB', async () => {
    const owner = await registerOwner(t.app);
    await setPlan(t.database, owner.id, 'power-cycle');
    const notImage = await uploadBytes(t.app, owner.cookie, 'plain text', 'image/png');
    const res = await create(
      owner.cookie,
      request(await uploadClip(owner.cookie), { addLogo: true, logoFileUrl: notImage }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(VIDEO_MESSAGES.logoInvalidTypeDescription);

    const big = Buffer.concat([media.logo, randomBytes(LOGO_MAX_BYTES)]);
    const tooBig = await uploadBytes(t.app, owner.cookie, big, 'image/png');
    const res2 = await create(
      owner.cookie,
      request(await uploadClip(owner.cookie), { addLogo: true, logoFileUrl: tooBig }),
    );
    expect(res2.statusCode).toBe(400);
    expect(res2.json().message).toBe(VIDEO_MESSAGES.logoTooLargeDescription);
  });

  it('uses an upload for one video only', async () => {
    const owner = await registerOwner(t.app);
    const address = await uploadClip(owner.cookie);
    expect((await create(owner.cookie, request(address))).statusCode).toBe(201);
    const again = await create(owner.cookie, request(address));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(STORED.videoAlreadyUsed);
  });

  it('enforces the plan quota with a 403 naming the plan, also for uploads racing for the last slot', async () => {
    const owner = await registerOwner(t.app);
    const first = await create(owner.cookie, request(await uploadClip(owner.cookie)));
    expect(first.statusCode).toBe(201);
    const racing = await Promise.all([
      create(owner.cookie, request(await uploadClip(owner.cookie))),
      create(owner.cookie, request(await uploadClip(owner.cookie))),
    ]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 403]);
    const third = await create(owner.cookie, request(await uploadClip(owner.cookie)));
    expect(third.statusCode).toBe(403);
    expect(third.json().message).toBe(quotaMessage('Spin Starter', 2));

    await t.database.db.update(users).set({ plan: 'power-cycle' }).where(eq(users.id, owner.id));
    expect((await create(owner.cookie, request(await uploadClip(owner.cookie)))).statusCode).toBe(
      201,
    );
  });

  it('refuses an upload over 2 GB at creation and deletes it (a generated 2 GB + 1 byte object)', async () => {
    if (adapter === 'local') return; // the local PUT never stores it: see uploads.size-cap.test.ts
    const owner = await registerOwner(t.app);
    const uploadURL = await requestUploadUrl(t.app, owner.cookie);
    const total = 2_147_483_648 + 1;
    const chunk = randomBytes(1024 * 1024);
    chunk.write('\0\0\0\x18ftypisom', 0, 'latin1');
    const body = new ReadableStream<Uint8Array>({
      sent: 0,
      pull(controller) {
        const self = this as unknown as { sent: number };
        const n = Math.min(chunk.length, total - self.sent);
        self.sent += n;
        controller.enqueue(n === chunk.length ? chunk : chunk.subarray(0, n));
        if (self.sent >= total) controller.close();
      },
    } as UnderlyingDefaultSource<Uint8Array> & { sent: number });
    const put = await fetch(uploadURL, {
      method: 'PUT',
      body,
      headers: { 'content-length': String(total) },
      duplex: 'half',
    } as RequestInit);
    expect(put.status).toBe(200);
    const address = storedAddress(uploadURL);
    const key = store.keyFromAddress(address)!;
    expect((await store.head(key))?.size).toBe(total);
    const res = await create(owner.cookie, request(address, { fileSize: String(total) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(VIDEO_MESSAGES.tooLargeDescription);
    expect(await store.head(key)).toBeNull();
  }, 300_000);

  it('keeps the bytes it checked: the upload URL cannot change the video afterwards', async () => {
    const owner = await registerOwner(t.app);
    const uploadURL = await requestUploadUrl(t.app, owner.cookie);
    expect((await putToUploadUrl(t.app, uploadURL, media.clip, 'video/mp4')).status).toBe(200);
    const res = await create(owner.cookie, request(storedAddress(uploadURL)));
    expect(res.statusCode).toBe(201);
    const video = res.json().video as VideoDto;
    // The product's address stays what the owner uploaded to.
    expect(video.originalFileUrl).toBe(storedAddress(uploadURL));

    // Within the URL's 15 minutes: local links work once; an S3 pre-signed PUT still writes the
    // upload key, but the video keeps its own copy of the checked file.
    const again = await putToUploadUrl(t.app, uploadURL, 'not a video any more', 'video/mp4');
    expect(again.status).toBe(adapter === 'local' ? 403 : 200);
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/auth/videos/${video.id}/original`,
      headers: { cookie: owner.cookie },
    });
    const stored = await fetchStored(t.app, link.headers.location as string);
    expect(stored.status).toBe(200);
    expect(stored.body.equals(media.clip)).toBe(true);

    // Deleting the video deletes the kept file and the upload's.
    const [row] = await t.database.db
      .select()
      .from(videosTable)
      .where(eq(videosTable.id, video.id));
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/videos/${video.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(del.statusCode).toBe(204);
    expect(await store.head(row!.originalKey!)).toBeNull();
    expect(await store.head(store.keyFromAddress(storedAddress(uploadURL))!)).toBeNull();
  });

  it('marks the uploads it used as attached', async () => {
    const owner = await registerOwner(t.app);
    const address = await uploadClip(owner.cookie);
    await create(owner.cookie, request(address));
    const [row] = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.key, store.keyFromAddress(address)!));
    expect(row).toMatchObject({
      status: 'attached',
      contentType: 'video/mp4',
      size: media.clip.length,
    });
  });
});
