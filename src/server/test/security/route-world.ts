import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { API_KEYS_PATH, type CreatedApiKey } from '@shared/api-keys.contract';
import type { PublicUser } from '@shared/auth.contract';
import { INSTRUCTORS_PATH, type InstructorResponse } from '@shared/class-details.contract';
import type { LocationResponse } from '@shared/locations.contract';
import type { RideSegment } from '@shared/ride-track';
import { storedAddress } from '@shared/uploads.contract';
import type { VideoDto } from '@shared/videos.contract';
import { loadConfig } from '../../config';
import { rideTracks } from '../../db/schema/ride-tracks';
import { uploads } from '../../db/schema/uploads';
import { users } from '../../db/schema/users';
import { videoEvents, videos } from '../../db/schema/videos';
import { webhookEndpoints } from '../../db/schema/webhooks';
import { mediaKeys, mediaUrls } from '../../media/media-paths';
import { openObjectStore } from '../../storage/create-object-store';
import type { ObjectStore } from '../../storage/object-store';
import { multipartFile, registerOwner, startTestApp, type TestApp } from '../harness';
import { mediaFixtures, type MediaFixtures } from '../media-fixtures';
import { requestUploadUrl, uploadBytes } from '../upload-client';

export type Account = Awaited<ReturnType<typeof registerOwner>>;
export type CallerName = 'signedOut' | 'owner' | 'other' | 'admin';

/**
 * One app with the web build served (a stand-in index.html and gym.html), three accounts (the
 * owner, another owner, an admin) and the owner's resources, each made through the API where
 * the API makes it: a gym page, a logo, a video with a logo, a tus upload, an object link, and
 * the media files a processed video has.
 */
export interface RouteWorld {
  t: TestApp;
  store: ObjectStore;
  media: MediaFixtures;
  owner: Account;
  other: Account;
  admin: Account;
  customDomain: string;
  /** The owner as GET /api/auth/user answers now (the slug and the logo change along the table). */
  ownerNow(): Promise<PublicUser>;
  /** The owner's video (in processing: its preview and enhanced file are private). */
  video: VideoDto;
  /** The owner's video in processing with a growing HLS preview (an AVI, say): the owner's only. */
  hlsPreviewVideoId: string;
  /** The owner's enhanced video: its enhanced file and HLS ladder are public. */
  publicVideoId: string;
  hlsVersion: string;
  /** The owner's logo as the public page links it (/api/logos/{ownerId}/{file}). */
  logoUrl: string;
  /** A picture the hero upload takes (a 700 x 300 JPEG); the owner has one stored already. */
  heroPhoto: Buffer;
  /** The owner's unfinished tus upload (/api/uploads/{id}). */
  tusUrl: string;
  /** A signed GET link to the owner's stored original. */
  objectLink: string;
  account(name: Exclude<CallerName, 'signedOut'>): Account;
  /** A new video row of the owner (no files): for the routes that change or delete one. */
  seedVideo(status?: 'uploaded' | 'processing'): Promise<string>;
  /** A one-segment ride track covering the owner's 60 s videos (`video` and `publicVideoId`). */
  oneSegment: RideSegment[];
  /** A new 60 s video of the owner with a ride track: for the routes that remove one. */
  seedRideTrack(): Promise<string>;
  /** The owner's further location (Elite Studio), made through the API. */
  locationId: string;
  /** A new further location of the owner: for the route that deletes one. */
  seedLocation(): Promise<string>;
  /** The owner's instructor (issue #20), with a photo, made through the API. */
  instructorId: string;
  /** Its photo as the public page links it (/api/instructor-photos/{ownerId}/{file}). */
  instructorPhotoUrl: string;
  /** A new instructor of the owner: for the route that removes one. */
  seedInstructor(): Promise<string>;
  /**
   * The owner's webhook endpoint (set straight in the table): its loopback URL is refused at send
   * time, so 'Send test event' answers at once without the network.
   */
  webhookId: string;
  /** A new webhook endpoint of the owner: for the route that deletes one. */
  seedWebhook(): Promise<string>;
  /** A new unfinished tus upload of the owner. */
  tusUpload(cookie?: string): Promise<string>;
  /**
   * API keys (issue #19), made through Settings > API: the owner's read and read-and-write keys,
   * and a read-and-write key of another Elite Studio owner (`apiOther`, for the API's 404s).
   */
  apiKeys: { read: string; write: string; otherWrite: string };
  /** A new API key of the owner (its id): for the route that revokes one. */
  seedApiKey(): Promise<string>;
  /** A fresh signed upload URL of the owner (the local store's PUT route). */
  uploadUrl(): Promise<string>;
  inject(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  /** Every row a denied request could touch, for a before/after comparison. */
  snapshot(): Promise<string>;
  close(): Promise<void>;
}

/** The header an API call carries: a key, never a session. */
export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

export const TUS_CREATE_HEADERS = {
  'tus-resumable': '1.0.0',
  'upload-length': '1000',
  'upload-metadata': tusMetadata({ filename: 'class.mp4', filetype: 'video/mp4' }),
};

function expectStatus(res: LightMyRequestResponse, status: number, what: string) {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
}

export async function startRouteWorld(): Promise<RouteWorld> {
  const media = await mediaFixtures();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-routes-'));
  const webDist = path.join(dataDir, 'web');
  await mkdir(webDist);
  const page = '<!doctype html><html><head><title>Cadence</title></head><body></body></html>';
  await writeFile(path.join(webDist, 'index.html'), page);
  await writeFile(path.join(webDist, 'gym.html'), page);

  let clock = () => Date.now();
  const env = { DATA_DIR: dataDir };
  const store = await openObjectStore(loadConfig({ ...env }), () => clock());
  // The table starts many uploads of one owner (each route that uses one up gets a fresh one);
  // the quota itself is storage-quota.test.ts's subject.
  const uploadQuota = { maxOutstanding: 1000, maxReservedBytes: Number.MAX_SAFE_INTEGER };
  const t = await startTestApp({
    env,
    // The table and the fuzz pass call the API many times a minute with one key.
    deps: {
      web: 'static',
      webDist,
      objectStore: store,
      uploadQuota,
      apiRateLimit: { max: 1_000_000, windowMs: 60_000 },
    },
  });
  clock = t.now;
  const { db } = t.database;

  const inject = ({ cookie, ...options }: InjectOptions & { cookie?: string }) =>
    t.app.inject({ ...options, headers: { ...options.headers, ...(cookie ? { cookie } : {}) } });

  const owner = await registerOwner(t.app);
  const other = await registerOwner(t.app);
  const admin = await registerOwner(t.app);
  await db.update(users).set({ isAdmin: 'true' }).where(eq(users.id, admin.id));

  const gymSlug = `iron-spin-${owner.id.slice(0, 8)}`;
  const onboard = await inject({
    method: 'POST',
    url: '/api/auth/complete-onboarding',
    cookie: owner.cookie,
    payload: { companyName: 'Iron Spin', companyType: 'gym', companySlug: gymSlug },
  });
  expectStatus(onboard, 200, 'onboarding');
  // Set straight in the table, verified: connecting a domain through the API depends on DNS.
  const customDomain = `classes-${owner.id.slice(0, 8)}.example.com`;
  // The top plan: the table adds videos, and the quota is not what these tests are about.
  await db
    .update(users)
    .set({
      customDomain,
      customDomainToken: 'a'.repeat(32),
      customDomainAddedAt: new Date(),
      customDomainVerifiedAt: new Date(),
      plan: 'elite-studio',
    })
    .where(eq(users.id, owner.id));

  const logoRes = await inject({
    method: 'POST',
    url: '/api/auth/upload-logo',
    cookie: owner.cookie,
    ...logoMultipart(media.logo),
  });
  expectStatus(logoRes, 200, 'logo upload');
  const logoUrl = (logoRes.json() as { logoUrl: string }).logoUrl;

  const heroPhoto = await sharp({
    create: { width: 700, height: 300, channels: 3, background: '#334155' },
  })
    .jpeg()
    .toBuffer();
  const heroRes = await inject({
    method: 'POST',
    url: '/api/auth/upload-hero',
    cookie: owner.cookie,
    ...heroMultipart(heroPhoto),
  });
  expectStatus(heroRes, 200, 'hero upload');

  const videoAddress = await uploadBytes(t.app, owner.cookie, media.clip, 'video/mp4');
  const logoAddress = await uploadBytes(t.app, owner.cookie, media.logo, 'image/png');
  const created = await inject({
    method: 'POST',
    url: '/api/auth/videos',
    cookie: owner.cookie,
    payload: {
      videoURL: videoAddress,
      title: 'Morning Ride',
      originalFileName: 'morning-ride.mp4',
      fileSize: String(media.clip.length),
      replaceBackground: false,
      addLogo: true,
      logoFileUrl: logoAddress,
    },
  });
  expectStatus(created, 201, 'create video');
  const video = (created.json() as { video: VideoDto }).video;

  // The pipeline's files, as the media jobs would leave them.
  const put = (key: string, bytes: Buffer) => store.put(key, Readable.from([bytes]));
  const enhancedKey = mediaKeys.enhanced(video.id, 'v1');
  await put(mediaKeys.preview(video.id), media.clip);
  await put(mediaKeys.before(video.id), media.logo);
  await put(mediaKeys.beforeAudio(video.id), media.clip);
  await put(mediaKeys.afterAudio(video.id), media.clip);
  await put(enhancedKey, media.clip);
  await db
    .update(videos)
    .set({
      processingStatus: 'processing',
      duration: '60',
      previewUrl: `/media/videos/${video.id}/preview.mp4`,
      enhancedKey,
      enhancementReport: { changes: [], audioClip: { start: 0, duration: 1 } },
    })
    .where(eq(videos.id, video.id));

  let seq = 0;
  const seedVideo = async (status: 'uploaded' | 'processing' = 'uploaded') => {
    seq += 1;
    const [row] = await db
      .insert(videos)
      .values({
        userId: owner.id,
        title: `Seeded ${seq}`,
        originalFileName: `seeded-${seq}.mp4`,
        originalFileUrl: `/api/objects/uploads/${owner.id}/none-${seq}`,
        fileSize: '1000',
        processingStatus: status,
      })
      .returning({ id: videos.id });
    return row!.id;
  };

  const publicVideoId = await seedVideo();
  const hlsVersion = 'v1';
  const hls = mediaKeys.hls(publicVideoId, hlsVersion);
  await put(`${hls}master.m3u8`, Buffer.from('#EXTM3U\n'));
  await put(mediaKeys.thumbnail(publicVideoId), media.logo);
  await put(mediaKeys.poster(publicVideoId), media.logo);
  const publicEnhancedKey = mediaKeys.enhanced(publicVideoId, hlsVersion);
  await put(publicEnhancedKey, media.clip);
  await db
    .update(videos)
    .set({
      processingStatus: 'enhanced',
      duration: '60',
      enhancedKey: publicEnhancedKey,
      thumbnailUrl: `/media/videos/${publicVideoId}/thumbnail.jpg`,
      hlsUrl: `/media/videos/${publicVideoId}/hls/${hlsVersion}/master.m3u8`,
    })
    .where(eq(videos.id, publicVideoId));

  // A ride track (issue #20): the public video's, and fresh ones for the routes that remove one.
  const oneSegment = [
    {
      startSeconds: 0,
      endSeconds: 60,
      name: 'Steady',
      cadence: { min: 80, max: 90 },
      resistance: 4,
      zone: 2 as const,
      position: 'seated' as const,
      cue: '',
    },
  ];
  await db.insert(rideTracks).values({ videoId: publicVideoId, segments: oneSegment });
  const seedRideTrack = async () => {
    const id = await seedVideo();
    await db.update(videos).set({ duration: '60' }).where(eq(videos.id, id));
    await db.insert(rideTracks).values({ videoId: id, segments: oneSegment });
    return id;
  };

  const hlsPreviewVideoId = await seedVideo('processing');
  await put(`${mediaKeys.previewHls(hlsPreviewVideoId)}index.m3u8`, Buffer.from('#EXTM3U\n'));
  await db
    .update(videos)
    .set({ previewState: 'growing', previewUrl: mediaUrls.previewHls(hlsPreviewVideoId) })
    .where(eq(videos.id, hlsPreviewVideoId));

  const tusUpload = async (cookie = owner.cookie) => {
    const res = await inject({
      method: 'POST',
      url: '/api/uploads',
      cookie,
      headers: TUS_CREATE_HEADERS,
    });
    expectStatus(res, 201, 'tus create');
    return new URL(String(res.headers.location), 'http://localhost').pathname;
  };
  const tusUrl = await tusUpload();

  const original = await inject({
    method: 'GET',
    url: `/api/auth/videos/${video.id}/original`,
    cookie: owner.cookie,
  });
  expectStatus(original, 302, 'original link');
  const objectLink = String(original.headers.location);
  if (!storedAddress(objectLink).startsWith('/api/objects/')) throw new Error(objectLink);

  const seedLocation = async () => {
    seq += 1;
    const res = await inject({
      method: 'POST',
      url: '/api/auth/locations',
      cookie: owner.cookie,
      payload: { name: `Location ${seq}`, slug: `iron-spin-${owner.id.slice(0, 8)}-at-${seq}` },
    });
    expectStatus(res, 201, 'location');
    return (res.json() as LocationResponse).locations.locations.at(-1)!.id;
  };
  const locationId = await seedLocation();

  const seedInstructor = async () => {
    seq += 1;
    const res = await inject({
      method: 'POST',
      url: INSTRUCTORS_PATH,
      cookie: owner.cookie,
      payload: { name: `Coach ${seq}` },
    });
    expectStatus(res, 201, 'instructor');
    return (res.json() as InstructorResponse).instructor.id;
  };
  const instructorId = await seedInstructor();
  const photoRes = await inject({
    method: 'POST',
    url: `${INSTRUCTORS_PATH}/${instructorId}/photo`,
    cookie: owner.cookie,
    ...photoMultipart(heroPhoto),
  });
  expectStatus(photoRes, 200, 'instructor photo');
  const instructorPhotoUrl = (photoRes.json() as InstructorResponse).instructor.photoUrl!;

  const seedWebhook = async () => {
    seq += 1;
    const [row] = await db
      .insert(webhookEndpoints)
      .values({
        userId: owner.id,
        url: `http://127.0.0.1:9/hooks/${seq}`,
        events: ['class.ready'],
        secret: `whsec_${Buffer.alloc(24, seq).toString('base64')}`,
      })
      .returning({ id: webhookEndpoints.id });
    return row!.id;
  };
  const webhookId = await seedWebhook();

  const createKey = async (cookie: string, scope: 'read' | 'write') => {
    const res = await inject({
      method: 'POST',
      url: API_KEYS_PATH,
      cookie,
      payload: { name: `route table ${scope}`, scope },
    });
    expectStatus(res, 201, 'API key');
    return res.json() as CreatedApiKey;
  };
  const makeKey = async (cookie: string, scope: 'read' | 'write') =>
    (await createKey(cookie, scope)).secret;
  const apiOther = await registerOwner(t.app);
  await db.update(users).set({ plan: 'elite-studio' }).where(eq(users.id, apiOther.id));
  const apiKeys = {
    read: await makeKey(owner.cookie, 'read'),
    write: await makeKey(owner.cookie, 'write'),
    otherWrite: await makeKey(apiOther.cookie, 'write'),
  };

  const accounts = { owner, other, admin };
  return {
    t,
    store,
    media,
    owner,
    other,
    admin,
    customDomain,
    ownerNow: async () => {
      const res = await inject({ method: 'GET', url: '/api/auth/user', cookie: owner.cookie });
      expectStatus(res, 200, 'user');
      return res.json() as PublicUser;
    },
    video,
    hlsPreviewVideoId,
    publicVideoId,
    hlsVersion,
    logoUrl,
    heroPhoto,
    tusUrl,
    objectLink,
    account: (name) => accounts[name],
    seedVideo,
    oneSegment,
    seedRideTrack,
    locationId,
    seedLocation,
    instructorId,
    instructorPhotoUrl,
    seedInstructor,
    webhookId,
    seedWebhook,
    tusUpload,
    apiKeys,
    seedApiKey: async () => (await createKey(owner.cookie, 'read')).key.id,
    uploadUrl: () => requestUploadUrl(t.app, owner.cookie),
    inject,
    // One round trip: the fuzz pass takes a snapshot around every request.
    snapshot: async () => {
      const result = await db.execute(sql`
        select
          (select string_agg(t::text, ',' order by t.id) from ${users} t) as users,
          (select string_agg(t::text, ',' order by t.id) from ${videos} t) as videos,
          (select string_agg(t::text, ',' order by t.key) from ${uploads} t) as uploads,
          (select string_agg(t::text, ',' order by t.id) from ${videoEvents} t) as events`);
      return JSON.stringify((result as { rows: unknown[] }).rows);
    },
    close: async () => {
      await t.close();
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A multipart body with one file part, as a browser's FormData sends it. */
export const logoMultipart = (bytes: Buffer) =>
  multipartFile('logo', 'logo.png', 'image/png', bytes);

export const photoMultipart = (bytes: Buffer) =>
  multipartFile('photo', 'coach.jpg', 'image/jpeg', bytes);

export const heroMultipart = (bytes: Buffer) =>
  multipartFile('hero', 'studio.jpg', 'image/jpeg', bytes);
