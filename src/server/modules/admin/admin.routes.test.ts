import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_MESSAGES,
  ADMIN_STATUS_MOVES,
  type AdminVideoDto,
  type AdminVideosResponse,
  type VideoEventDto,
} from '@shared/admin.contract';
import {
  VIDEO_MESSAGES,
  VIDEO_STATUSES,
  type VideoDto,
  type VideoStatus,
} from '@shared/videos.contract';
import { users } from '../../db/schema/users';
import { videos } from '../../db/schema/videos';
import type { MediaJobs } from '../../jobs/media-jobs';
import { registerOwner, startTestApp, type TestApp } from '../../test/harness';
import { mediaFixtures, type MediaFixtures } from '../../test/media-fixtures';
import { uploadBytes } from '../../test/upload-client';

let t: TestApp;
let media: MediaFixtures;
const jobs = {
  ingest: vi.fn(async (_id: string) => {}),
  enhance: vi.fn(async (_id: string) => {}),
  package: vi.fn(async (_id: string) => {}),
  repackage: vi.fn(async (_id: string) => {}),
} satisfies MediaJobs;

type Account = Awaited<ReturnType<typeof registerOwner>>;
let admin: Account;
let owner: Account;

async function makeAdmin(): Promise<Account> {
  const account = await registerOwner(t.app, {});
  await t.database.db.update(users).set({ isAdmin: 'true' }).where(eq(users.id, account.id));
  return account;
}

async function ownerWithCompany(companyName: string): Promise<Account> {
  const account = await registerOwner(t.app);
  await t.database.db
    .update(users)
    .set({ companyName, plan: 'elite-studio' })
    .where(eq(users.id, account.id));
  return account;
}

let seq = 0;
/** A video row straight in the table (no file): for the list and the status machine. */
async function seedVideo(
  userId: string,
  values: Partial<typeof videos.$inferInsert> = {},
): Promise<string> {
  seq += 1;
  const [row] = await t.database.db
    .insert(videos)
    .values({
      userId,
      title: `Seeded ${seq}`,
      originalFileName: `seeded-${seq}.mp4`,
      originalFileUrl: `/api/objects/uploads/${userId}/none-${seq}`,
      fileSize: '1000',
      uploadedAt: new Date(Date.now() - (1000 - seq) * 1000),
      ...values,
    })
    .returning({ id: videos.id });
  return row!.id;
}

/** A real video through the owner's upload flow: the original exists in the store. */
async function uploadedVideo(
  account: Account,
  originalFileName = 'morning-ride.mp4',
): Promise<VideoDto> {
  const address = await uploadBytes(t.app, account.cookie, media.clip, 'video/mp4');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/videos',
    headers: { cookie: account.cookie },
    payload: {
      videoURL: address,
      title: 'Morning Ride',
      originalFileName,
      fileSize: String(media.clip.length),
      replaceBackground: true,
      backgroundDescription: 'A sunset road',
      addLogo: false,
      enhancementNotes: 'Brighten the left side',
    },
  });
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode} ${res.body}`);
  return (res.json() as { video: VideoDto }).video;
}

const statusOf = async (id: string) =>
  (await t.database.db.select().from(videos).where(eq(videos.id, id)))[0]!.processingStatus;

function putStatus(cookie: string | undefined, id: string, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/videos/${id}/status`,
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
}

function multipart(field: string, fileName: string, type: string, bytes: Buffer) {
  const boundary = `----cadence${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function postEnhanced(
  cookie: string | undefined,
  id: string,
  body = multipart('enhanced', 'done.mp4', 'video/mp4', media.clip),
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/videos/${id}/enhanced`,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
}

beforeAll(async () => {
  media = await mediaFixtures();
  t = await startTestApp({ deps: { media: jobs } });
  admin = await makeAdmin();
  owner = await ownerWithCompany('Iron Spin Studio');
});
afterAll(() => t.close());
beforeEach(() => {
  jobs.enhance.mockClear();
  jobs.package.mockClear();
});

describe('admin routes: who may call them', () => {
  const someId = '00000000-0000-4000-8000-000000000000';
  const calls: Array<[string, string, string, object?]> = [
    ['list', 'GET', '/api/admin/videos'],
    ['one video', 'GET', `/api/admin/videos/${someId}`],
    ['events', 'GET', `/api/admin/videos/${someId}/events`],
    ['download', 'GET', `/api/admin/videos/${someId}/download`],
    ['status', 'PUT', `/api/admin/videos/${someId}/status`, { status: 'processing' }],
    ['enhanced', 'POST', `/api/admin/videos/${someId}/enhanced`, { uploadURL: '/x' }],
  ];

  it.each(calls)(
    '%s answers 401 signed out and 403 to an owner',
    async (_name, method, url, payload) => {
      const signedOut = await t.app.inject({ method: method as 'GET', url, payload });
      expect(signedOut.statusCode).toBe(401);
      const asOwner = await t.app.inject({
        method: method as 'GET',
        url,
        payload,
        headers: { cookie: owner.cookie },
      });
      expect(asOwner.statusCode).toBe(403);
      expect(asOwner.json().message).toBe(
        'Admin access required. Please contact support if you believe this is an error.',
      );
    },
  );

  it.each(calls.filter(([name]) => name !== 'list'))(
    '%s answers 404 for an unknown or malformed id',
    async (_name, method, url, payload) => {
      for (const target of [
        url,
        url.replace(someId, 'not-a-uuid'),
        url.replace(someId, "1' or 1=1"),
      ]) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: target,
          payload,
          headers: { cookie: admin.cookie },
        });
        expect(res.statusCode, target).toBe(404);
      }
    },
  );
});

describe('GET /api/admin/videos', () => {
  let other: Account;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    other = await ownerWithCompany('Pedal 100% Power_House');
    ids.a = await seedVideo(owner.id, { title: 'Hill Climb', processingStatus: 'uploaded' });
    ids.b = await seedVideo(owner.id, {
      title: 'Sprint Day',
      processingStatus: 'processing',
      progress: 42,
    });
    ids.c = await seedVideo(other.id, {
      title: 'Recovery Ride',
      originalFileName: 'recovery-RAW.mov',
      processingStatus: 'failed',
    });
    ids.d = await seedVideo(other.id, { title: 'Tempo', processingStatus: 'enhanced' });
  });

  async function list(query = '', cookie = admin.cookie): Promise<AdminVideosResponse> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/videos${query}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as AdminVideosResponse;
  }

  it("lists every owner's videos newest first with the owner's company name, progress and counts", async () => {
    const body = await list(`?ownerId=${owner.id}`);
    expect(body.videos.map((v) => v.title)).toEqual(['Sprint Day', 'Hill Climb']);
    expect(body.videos[0]).toMatchObject({
      user: { id: owner.id, companyName: 'Iron Spin Studio', email: owner.email },
      processingStatus: 'processing',
      progress: 42,
    });
    expect(Object.keys(body.videos[0]!).filter((k) => /key/i.test(k))).toEqual([]);
    expect(body.total).toBe(2);
    expect(body.counts).toEqual({ uploaded: 1, processing: 1, enhanced: 0, failed: 0 });
    const all = await list();
    expect(all.videos.map((v) => v.id)).toEqual(expect.arrayContaining(Object.values(ids)));
  });

  it('filters by status and owner, searches title, file name and company (wildcards literal)', async () => {
    expect((await list('?status=failed')).videos.map((v) => v.id)).toEqual([ids.c]);
    expect((await list(`?ownerId=${other.id}&status=enhanced`)).videos.map((v) => v.id)).toEqual([
      ids.d,
    ]);
    expect((await list('?q=climb')).videos.map((v) => v.id)).toEqual([ids.a]);
    expect((await list('?q=raw.MOV')).videos.map((v) => v.id)).toEqual([ids.c]);
    const company = await list('?q=100%25%20Power_');
    expect(company.videos.map((v) => v.id).sort()).toEqual([ids.c, ids.d].sort());
    expect(company.counts).toMatchObject({ failed: 1, enhanced: 1, uploaded: 0 });
    expect((await list('?q=100%25%25')).total).toBe(0);
  });

  it('pages with a stable order and a total; bad query values fall back to the defaults', async () => {
    const first = await list(`?ownerId=${other.id}&pageSize=1&page=1`);
    const second = await list(`?ownerId=${other.id}&pageSize=1&page=2`);
    const third = await list(`?ownerId=${other.id}&pageSize=1&page=3`);
    expect(first.total).toBe(2);
    expect([first.videos[0]!.id, second.videos[0]!.id]).toEqual([ids.d, ids.c]);
    expect(third.videos).toEqual([]);
    const odd = await list('?status=nope&ownerId=x&page=-3&pageSize=100000');
    expect(odd).toMatchObject({ page: 1, pageSize: 100 });
  });
});

describe('PUT /api/admin/videos/:id/status', () => {
  it("'Start AI Enhancement' moves uploaded to processing and starts the enhancement job", async () => {
    const id = await seedVideo(owner.id);
    const res = await putStatus(admin.cookie, id, {
      status: 'processing',
      notes: 'Go',
      from: 'uploaded',
    });
    expect(res.statusCode).toBe(200);
    const { video } = res.json() as { video: AdminVideoDto };
    expect(video).toMatchObject({ processingStatus: 'processing', processingNotes: 'Go' });
    expect(video.user.companyName).toBe('Iron Spin Studio');
    expect(jobs.enhance).toHaveBeenCalledWith(id);
  });

  it("'Mark Failed' then a retry: processing -> failed -> processing, the retry restarts the job", async () => {
    const id = await seedVideo(owner.id, {
      processingStatus: 'processing',
      processingNotes: 'Keep me',
    });
    const failed = await putStatus(admin.cookie, id, { status: 'failed', notes: '' });
    expect(failed.statusCode).toBe(200);
    // Empty notes leave the video's notes alone.
    expect(failed.json().video).toMatchObject({
      processingStatus: 'failed',
      processingNotes: 'Keep me',
    });
    expect(jobs.enhance).not.toHaveBeenCalled();
    const retried = await putStatus(admin.cookie, id, {
      status: 'processing',
      notes: 'Second try',
    });
    expect(retried.statusCode).toBe(200);
    expect(jobs.enhance).toHaveBeenCalledWith(id);
  });

  const illegal: Array<[VideoStatus, VideoStatus]> = VIDEO_STATUSES.flatMap((from) =>
    VIDEO_STATUSES.filter((to) => !ADMIN_STATUS_MOVES[from].includes(to)).map(
      (to) => [from, to] as [VideoStatus, VideoStatus],
    ),
  );
  it.each(illegal)('refuses %s -> %s with 409 and changes nothing', async (from, to) => {
    const id = await seedVideo(owner.id, { processingStatus: from });
    const res = await putStatus(admin.cookie, id, { status: to, notes: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(new RegExp(`'${from}'`));
    expect(await statusOf(id)).toBe(from);
    expect(jobs.enhance).not.toHaveBeenCalled();
  });

  it('answers 409 when the video moved since the admin looked (the optimistic check)', async () => {
    const id = await seedVideo(owner.id, { processingStatus: 'failed' });
    const res = await putStatus(admin.cookie, id, { status: 'processing', from: 'uploaded' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ADMIN_MESSAGES.statusChanged);
    expect(await statusOf(id)).toBe('failed');
  });

  it('lets only one of two simultaneous admins win', async () => {
    const second = await makeAdmin();
    for (let round = 0; round < 3; round++) {
      const id = await seedVideo(owner.id);
      const answers = await Promise.all([
        putStatus(admin.cookie, id, { status: 'processing', from: 'uploaded', notes: 'A' }),
        putStatus(second.cookie, id, { status: 'processing', from: 'uploaded', notes: 'B' }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const events = await t.app.inject({
        method: 'GET',
        url: `/api/admin/videos/${id}/events`,
        headers: { cookie: admin.cookie },
      });
      expect(
        (events.json().events as VideoEventDto[]).filter((e) => e.action === 'enhance_started'),
      ).toHaveLength(1);
    }
  });

  it('refuses notes over 500 characters, a bad status and malformed JSON with 400', async () => {
    const id = await seedVideo(owner.id);
    const long = await putStatus(admin.cookie, id, {
      status: 'processing',
      notes: 'n'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(ADMIN_MESSAGES.notesTooLong);
    expect((await putStatus(admin.cookie, id, { status: 'done' })).statusCode).toBe(400);
    const broken = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/videos/${id}/status`,
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: '{"status":',
    });
    expect(broken.statusCode).toBe(400);
    expect(await statusOf(id)).toBe('uploaded');
    expect(
      (await putStatus(admin.cookie, id, { status: 'processing', notes: 'n'.repeat(500) }))
        .statusCode,
    ).toBe(200);
  });

  it('records who did what, when and with which notes in the audit trail', async () => {
    const id = await seedVideo(owner.id);
    await putStatus(admin.cookie, id, { status: 'processing', notes: 'Starting now' });
    await putStatus(admin.cookie, id, { status: 'failed', notes: 'Footage unusable' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/videos/${id}/events`,
      headers: { cookie: admin.cookie },
    });
    const events = res.json().events as VideoEventDto[];
    expect(
      events.map((e) => [e.action, e.fromStatus, e.toStatus, e.notes, e.actor?.email]),
    ).toEqual([
      ['marked_failed', 'processing', 'failed', 'Footage unusable', admin.email],
      ['enhance_started', 'uploaded', 'processing', 'Starting now', admin.email],
    ]);
    expect(Date.parse(events[0]!.createdAt)).not.toBeNaN();
  });
});

describe('GET /api/admin/videos/:id/download', () => {
  let video: VideoDto;
  beforeAll(async () => {
    video = await uploadedVideo(owner, 'Día de montaña "Ñandú" 100%.mp4');
  });
  const download = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({
      method,
      url: `/api/admin/videos/${video.id}/download`,
      headers: { cookie: admin.cookie, ...headers },
    });

  it('streams the original under its file name, safely encoded', async () => {
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(media.clip)).toBe(true);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-length']).toBe(String(media.clip.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    const disposition = res.headers['content-disposition'] as string;
    expect(disposition).toMatch(
      /^attachment; filename="D_a de monta_a __and__ 100%\.mp4"; filename\*=UTF-8''/,
    );
    const encoded = disposition.split("filename*=UTF-8''")[1]!;
    expect(/^[\x21-\x7e]+$/.test(encoded)).toBe(true);
    expect(decodeURIComponent(encoded)).toBe('Día de montaña "Ñandú" 100%.mp4');
  });

  it('answers a Range request with 206 and only those bytes; past the end 416; HEAD sends headers only', async () => {
    const part = await download({ range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${media.clip.length}`);
    expect(part.rawPayload.equals(media.clip.subarray(100, 200))).toBe(true);
    const tail = await download({ range: 'bytes=-10' });
    expect(tail.rawPayload.equals(media.clip.subarray(-10))).toBe(true);
    const past = await download({ range: `bytes=${media.clip.length + 5}-` });
    expect(past.statusCode).toBe(416);
    const head = await download({}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(media.clip.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('records a download in the audit trail', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/videos/${video.id}/events`,
      headers: { cookie: admin.cookie },
    });
    const events = res.json().events as VideoEventDto[];
    expect(
      events.some((e) => e.action === 'original_downloaded' && e.actor?.email === admin.email),
    ).toBe(true);
  });

  it("redirects to a signed link of the owner's logo, and 404 without one", async () => {
    const logo = await uploadBytes(t.app, owner.cookie, media.logo, 'image/png');
    const address = await uploadBytes(t.app, owner.cookie, media.clip, 'video/mp4');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/auth/videos',
      headers: { cookie: owner.cookie },
      payload: {
        videoURL: address,
        title: 'With logo',
        originalFileName: 'logo.mp4',
        fileSize: String(media.clip.length),
        addLogo: true,
        logoFileUrl: logo,
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().video.id as string;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/videos/${id}/logo`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(302);
    const image = await t.app.inject({ method: 'GET', url: res.headers.location as string });
    expect(image.rawPayload.equals(media.logo)).toBe(true);
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/admin/videos/${video.id}/logo`,
      headers: { cookie: admin.cookie },
    });
    expect(none.statusCode).toBe(404);
    const asOwner = await t.app.inject({
      method: 'GET',
      url: `/api/admin/videos/${id}/logo`,
      headers: { cookie: owner.cookie },
    });
    expect(asOwner.statusCode).toBe(403);
  });

  it('answers 404 when the video has no stored original', async () => {
    const id = await seedVideo(owner.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/videos/${id}/download`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/admin/videos/:id/enhanced', () => {
  it('stores the enhanced file, marks the video enhanced, queues packaging; the owner sees it ready', async () => {
    const video = await uploadedVideo(owner);
    expect((await putStatus(admin.cookie, video.id, { status: 'processing' })).statusCode).toBe(
      200,
    );
    const res = await postEnhanced(admin.cookie, video.id);
    expect(res.statusCode).toBe(200);
    const done = (res.json() as { video: AdminVideoDto }).video;
    expect(done).toMatchObject({ processingStatus: 'enhanced', progress: null, hlsUrl: null });
    expect(done.enhancedFileUrl).toMatch(
      new RegExp(`^/media/videos/${video.id}/enhanced\\.mp4\\?v=`),
    );
    expect(Date.parse(done.enhancedAt!)).not.toBeNaN();
    expect(jobs.package).toHaveBeenCalledWith(video.id);

    const served = await t.app.inject({ method: 'GET', url: done.enhancedFileUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(media.clip)).toBe(true);

    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user/videos',
      headers: { cookie: owner.cookie },
    });
    const seen = (mine.json() as VideoDto[]).find((v) => v.id === video.id);
    expect(seen).toMatchObject({
      processingStatus: 'enhanced',
      enhancedFileUrl: done.enhancedFileUrl,
    });

    const events = await t.app.inject({
      method: 'GET',
      url: `/api/admin/videos/${video.id}/events`,
      headers: { cookie: admin.cookie },
    });
    expect((events.json().events as VideoEventDto[])[0]).toMatchObject({
      action: 'enhanced_uploaded',
      fromStatus: 'processing',
      toStatus: 'enhanced',
      actor: { email: admin.email },
    });
  });

  it('takes an enhanced file after a failure too', async () => {
    const id = await seedVideo(owner.id, { processingStatus: 'failed' });
    const res = await postEnhanced(admin.cookie, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().video.processingStatus).toBe('enhanced');
  });

  it('refuses a file that is not a video (by its bytes, whatever its type says) with 400', async () => {
    const id = await seedVideo(owner.id, { processingStatus: 'processing' });
    const fake = multipart(
      'enhanced',
      'done.mp4',
      'video/mp4',
      Buffer.from('just some text, not a video'.repeat(400)),
    );
    const res = await postEnhanced(admin.cookie, id, fake);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(VIDEO_MESSAGES.invalidTypeAlert);
    expect(await statusOf(id)).toBe('processing');
    expect(jobs.package).not.toHaveBeenCalled();
  });

  it('answers 409 for a video pending or already enhanced, and 400 without the enhanced field', async () => {
    const pending = await seedVideo(owner.id, { processingStatus: 'uploaded' });
    const res = await postEnhanced(admin.cookie, pending);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ADMIN_MESSAGES.enhancedUploadWrongStatus);
    const ready = await seedVideo(owner.id, { processingStatus: 'enhanced' });
    expect((await postEnhanced(admin.cookie, ready)).statusCode).toBe(409);
    const processing = await seedVideo(owner.id, { processingStatus: 'processing' });
    const wrongField = multipart('file', 'done.mp4', 'video/mp4', media.clip);
    expect((await postEnhanced(admin.cookie, processing, wrongField)).statusCode).toBe(400);
    expect(await statusOf(processing)).toBe('processing');
  });

  it('takes a finished resumable upload of the admin, named by its address, once', async () => {
    const id = await seedVideo(owner.id, { processingStatus: 'processing' });
    const address = await uploadBytes(t.app, admin.cookie, media.clip, 'video/mp4');
    const named = (uploadURL: string, cookie = admin.cookie) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/videos/${id}/enhanced`,
        headers: { cookie },
        payload: { uploadURL },
      });
    const res = await named(address);
    expect(res.statusCode).toBe(200);
    expect(res.json().video.processingStatus).toBe('enhanced');
    expect(jobs.package).toHaveBeenCalledWith(id);
    const served = await t.app.inject({ method: 'GET', url: res.json().video.enhancedFileUrl });
    expect(served.rawPayload.equals(media.clip)).toBe(true);

    // Used up: a second video cannot take the same upload; another person's upload is refused.
    const next = await seedVideo(owner.id, { processingStatus: 'processing' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/videos/${next}/enhanced`,
      headers: { cookie: admin.cookie },
      payload: { uploadURL: address },
    });
    expect(again.statusCode).toBe(400);
    const ownersUpload = await uploadBytes(t.app, owner.cookie, media.clip, 'video/mp4');
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/admin/videos/${next}/enhanced`,
      headers: { cookie: admin.cookie },
      payload: { uploadURL: ownersUpload },
    });
    expect(foreign.statusCode).toBe(400);
    const text = await uploadBytes(
      t.app,
      admin.cookie,
      Buffer.from('not a video'.repeat(100)),
      'video/mp4',
    );
    const notVideo = await t.app.inject({
      method: 'POST',
      url: `/api/admin/videos/${next}/enhanced`,
      headers: { cookie: admin.cookie },
      payload: { uploadURL: text },
    });
    expect(notVideo.statusCode).toBe(400);
    expect(await statusOf(next)).toBe('processing');
  });
});
