/**
 * The video lifecycle against the real database (PGlite, or PostgreSQL with DATABASE_URL): every
 * (from, to, actor) triple over all statuses and actors, each with every audit action. A move the
 * table allows changes the status and writes one audit row; every other one is refused and changes
 * nothing.
 */
import { Readable } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_STATUS_MOVES, ENHANCED_UPLOAD_FROM } from '@shared/admin.contract';
import { VIDEO_STATUSES, type VideoStatus } from '@shared/videos.contract';
import { users } from '../../db/schema/users';
import { videoEvents, videos } from '../../db/schema/videos';
import { mediaKeys, mediaUrls } from '../../media/media-paths';
import { LocalDiskStore } from '../../storage/local-disk';
import { UrlSigner } from '../../storage/signing';
import { freshDatabase } from '../../test/harness';
import {
  adminActor,
  canMove,
  canPublishEnhanced,
  SYSTEM,
  TransitionRefusedError,
  TRANSITIONS,
  videoLifecycle,
  type Actor,
  type ActorKind,
  type TransitionAction,
  type TransitionRule,
  type VideoLifecycle,
} from './lifecycle';
import { lifecycleRepository } from './lifecycle.repository';

const ACTORS: readonly ActorKind[] = ['owner', 'admin', 'system'];
const ACTIONS: readonly TransitionAction[] = [...new Set(TRANSITIONS.map((t) => t.action))];

let database: Awaited<ReturnType<typeof freshDatabase>>;
let store: LocalDiskStore;
let storeDir: string;
let lifecycle: VideoLifecycle;
let ownerId: string;
let adminId: string;

async function user(email: string): Promise<string> {
  const [row] = await database.db
    .insert(users)
    .values({ email, password: 'x' })
    .returning({ id: users.id });
  return row!.id;
}

beforeAll(async () => {
  database = await freshDatabase();
  storeDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-lifecycle-'));
  store = await new LocalDiskStore(storeDir, new UrlSigner('test-secret', Date.now)).init();
  lifecycle = videoLifecycle({ repo: lifecycleRepository(database.db), store });
  ownerId = await user('owner@example.com');
  adminId = await user('admin@example.com');
});
afterAll(async () => {
  await database?.dispose();
  await rm(storeDir, { recursive: true, force: true });
});

function actorOf(kind: ActorKind): Actor {
  if (kind === 'system') return SYSTEM;
  return kind === 'admin' ? adminActor(adminId) : { kind: 'owner', userId: ownerId };
}
const actorIdOf = (kind: ActorKind) => ({ owner: ownerId, admin: adminId, system: null })[kind];

async function videoIn(status: VideoStatus, extra: Partial<typeof videos.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(videos)
    .values({
      userId: ownerId,
      title: 'Morning ride',
      originalFileName: 'ride.mp4',
      originalFileUrl: '/api/objects/ride.mp4',
      fileSize: '1000',
      processingStatus: status,
      processingNotes: 'before',
      ...extra,
    })
    .returning();
  return row!;
}

async function stateOf(videoId: string) {
  const [row] = await database.db.select().from(videos).where(eq(videos.id, videoId));
  const events = await database.db
    .select()
    .from(videoEvents)
    .where(eq(videoEvents.videoId, videoId));
  return { row: row!, events };
}

async function refusal(change: Promise<unknown>): Promise<TransitionRefusedError> {
  const error = await change.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TransitionRefusedError);
  return error as TransitionRefusedError;
}

const triples = VIDEO_STATUSES.flatMap((from) =>
  VIDEO_STATUSES.flatMap((to) => ACTORS.map((actor) => ({ from, to, actor }))),
);

/** Every video of the table test is enhanced from this file (kept: it is outside the video's folder). */
const ENHANCED_KEY = 'videos/elsewhere/enhanced/kept.mp4';

/**
 * Asks for a status change the way the app does: 'enhanced' with a new enhanced file or, staying
 * enhanced, a new HLS ladder; any other status with a plain move (naming the status the caller saw
 * when `seen` is given).
 */
function change(
  videoId: string,
  q: { to: VideoStatus; actor: ActorKind; action?: TransitionAction; seen?: VideoStatus },
  notes: string,
) {
  const by = actorOf(q.actor);
  if (q.to !== 'enhanced') {
    return lifecycle.transition(videoId, { from: q.seen, to: q.to, by, action: q.action, notes });
  }
  if (q.seen === 'enhanced' && q.actor === 'owner') {
    return lifecycle.requestReenhance(videoId, {
      by,
      backgroundId: 'studio',
      notes,
      at: new Date(),
    });
  }
  if (q.seen === 'enhanced' && q.action !== 'reenhanced') {
    const hlsUrl = mediaUrls.hls(videoId, 'v2');
    return lifecycle.publishHls(videoId, {
      by,
      enhancedKey: ENHANCED_KEY,
      hlsUrl,
      offlineBytes: null,
      notes,
      retireAt: new Date(),
    });
  }
  return lifecycle.publishEnhanced(videoId, { by, version: 'v2', notes, at: new Date() });
}

describe('every (from, to, actor) with every audit action', () => {
  it.each(triples)('$from -> $to by $actor', async ({ from, to, actor }) => {
    const rules = TRANSITIONS.filter((r) => r.from === from && r.to === to && r.actor === actor);

    for (const { action } of rules) {
      // An enhanced video takes a new file only from the re-run its owner asked for.
      const pending = action === 'reenhanced' ? { reenhanceRequestedAt: new Date() } : {};
      const video = await videoIn(from, { enhancedKey: ENHANCED_KEY, ...pending });
      const notes = `${action} notes`;
      const moved = await change(video.id, { to, actor, action, seen: from }, notes);
      expect(moved.processingStatus).toBe(to);
      const after = await stateOf(video.id);
      expect(after.row.processingStatus).toBe(to);
      // A new ladder keeps the processing notes; every other change writes them.
      expect(after.row.processingNotes).toBe(action === 'packaged' ? 'before' : notes);
      expect(after.events).toHaveLength(1);
      expect(after.events[0]).toMatchObject({
        action,
        actorId: actorIdOf(actor),
        fromStatus: from,
        toStatus: to,
        notes,
      });
    }

    // A plain move with every action the table does not name for this triple (as the jobs ask,
    // and from the status the caller saw, as the admin desk asks), and with none when it names
    // none; a publish ('enhanced') when the table names none.
    const allowed = new Set<TransitionAction>(rules.map((r) => r.action));
    const calls =
      to === 'enhanced'
        ? rules.length === 0
          ? [{ to, actor, seen: from }]
          : []
        : [
            ...ACTIONS.filter((a) => !allowed.has(a)).flatMap((action) => [
              { to, actor, action },
              { to, actor, action, seen: from },
            ]),
            ...(rules.length === 0 ? [{ to, actor, seen: from }] : []),
          ];
    const video = await videoIn(from, { enhancedKey: ENHANCED_KEY });
    for (const call of calls) {
      const error = await refusal(change(video.id, call, 'refused'));
      expect(error).toMatchObject({ videoId: video.id, current: from, to, actor });
      const after = await stateOf(video.id);
      expect(after.row).toEqual(video);
      expect(after.events).toEqual([]);
    }
  });
});

describe('the table', () => {
  it("gives the admin desk the contract's moves (what the web's buttons offer)", () => {
    for (const from of VIDEO_STATUSES) {
      expect(VIDEO_STATUSES.filter((to) => canMove(from, to, 'admin'))).toEqual(
        ADMIN_STATUS_MOVES[from],
      );
    }
    expect(VIDEO_STATUSES.filter((from) => canPublishEnhanced(from, 'admin'))).toEqual(
      ENHANCED_UPLOAD_FROM,
    );
  });

  it('lets an owner only ask an enhanced class to re-run, nothing return to uploaded, and no job touch a failed video', () => {
    const rules: readonly TransitionRule[] = TRANSITIONS;
    expect(rules.filter((r) => r.actor === 'owner')).toEqual([
      { from: 'enhanced', to: 'enhanced', actor: 'owner', action: 'reenhance_requested' },
    ]);
    expect(rules.filter((r) => r.to === 'uploaded')).toEqual([]);
    expect(rules.filter((r) => r.actor === 'system' && r.from === 'failed')).toEqual([]);
  });
});

describe('a move', () => {
  it('from the status the caller saw only: moved meanwhile, it is refused', async () => {
    const video = await videoIn('failed');
    const error = await refusal(
      lifecycle.transition(video.id, {
        from: 'uploaded',
        to: 'processing',
        by: actorOf('admin'),
        notes: null,
      }),
    );
    expect(error.current).toBe('failed');
    expect(await stateOf(video.id)).toMatchObject({
      row: { processingStatus: 'failed' },
      events: [],
    });
  });

  it('of a deleted video is refused', async () => {
    const video = await videoIn('uploaded');
    await database.db.delete(videos).where(eq(videos.id, video.id));
    const error = await refusal(
      lifecycle.transition(video.id, { to: 'processing', by: SYSTEM, notes: null }),
    );
    expect(error.current).toBeNull();
  });

  it('that the table names twice must name its action', async () => {
    const video = await videoIn('uploaded');
    await expect(
      lifecycle.transition(video.id, { to: 'failed', by: SYSTEM, notes: 'x' }),
    ).rejects.toThrow('name the action');
    expect(await stateOf(video.id)).toMatchObject({
      row: { processingStatus: 'uploaded' },
      events: [],
    });
  });

  it('without notes keeps the processing notes', async () => {
    const video = await videoIn('uploaded');
    await lifecycle.transition(video.id, { to: 'processing', by: actorOf('admin'), notes: null });
    const after = await stateOf(video.id);
    expect(after.row.processingNotes).toBe('before');
    expect(after.events[0]).toMatchObject({ action: 'enhance_started', notes: null });
  });
});

describe('publishEnhanced', () => {
  async function storeEnhanced(videoId: string, version: string) {
    await store.put(mediaKeys.enhanced(videoId, version), Readable.from([Buffer.from(version)]));
  }

  it('makes the new file the video’s and deletes the one it replaces', async () => {
    const video = await videoIn('failed');
    await storeEnhanced(video.id, 'old');
    await database.db
      .update(videos)
      .set({ enhancedKey: mediaKeys.enhanced(video.id, 'old') })
      .where(eq(videos.id, video.id));
    await storeEnhanced(video.id, 'new');
    const at = new Date('2026-01-02T03:04:05Z');
    const row = await lifecycle.publishEnhanced(video.id, {
      by: actorOf('admin'),
      version: 'new',
      notes: null,
      at,
    });
    expect(row).toMatchObject({
      processingStatus: 'enhanced',
      enhancedKey: mediaKeys.enhanced(video.id, 'new'),
      enhancedFileUrl: mediaUrls.enhanced(video.id, 'new'),
      enhancedAt: at,
      processingNotes: 'before',
    });
    expect(await store.head(mediaKeys.enhanced(video.id, 'new'))).not.toBeNull();
    expect(await store.head(mediaKeys.enhanced(video.id, 'old'))).toBeNull();
    expect((await stateOf(video.id)).events).toMatchObject([
      { action: 'enhanced_uploaded', actorId: adminId, fromStatus: 'failed', toStatus: 'enhanced' },
    ]);
  });

  it('refused, deletes the new file and leaves the video and its file as they were', async () => {
    const video = await videoIn('uploaded');
    await storeEnhanced(video.id, 'late');
    await refusal(
      lifecycle.publishEnhanced(video.id, {
        by: SYSTEM,
        version: 'late',
        notes: 'x',
        at: new Date(),
      }),
    );
    expect(await store.head(mediaKeys.enhanced(video.id, 'late'))).toBeNull();
    expect(await stateOf(video.id)).toMatchObject({
      row: { processingStatus: 'uploaded', enhancedKey: null },
      events: [],
    });
  });
});

describe('publishHls', () => {
  it('publishes only while the video is enhanced from the same file', async () => {
    const key = 'videos/x/enhanced/a.mp4';
    const video = await videoIn('enhanced', { enhancedKey: key });
    const p = {
      by: SYSTEM,
      hlsUrl: mediaUrls.hls(video.id, 'v1'),
      offlineBytes: 1234,
      notes: 'Streaming ready.',
      retireAt: new Date(),
    };
    await refusal(lifecycle.publishHls(video.id, { ...p, enhancedKey: 'videos/x/enhanced/b.mp4' }));
    expect((await stateOf(video.id)).events).toEqual([]);

    const row = await lifecycle.publishHls(video.id, { ...p, enhancedKey: key });
    expect(row).toMatchObject({
      hlsUrl: p.hlsUrl,
      offlineBytes: 1234,
      processingStatus: 'enhanced',
      processingNotes: 'before',
    });
    expect((await stateOf(video.id)).events).toMatchObject([
      { action: 'packaged', actorId: null, fromStatus: 'enhanced', toStatus: 'enhanced' },
    ]);
    // A new ladder without an offline file names none (never the old folder's size).
    const next = await lifecycle.publishHls(video.id, {
      ...p,
      enhancedKey: key,
      hlsUrl: mediaUrls.hls(video.id, 'v2'),
      offlineBytes: null,
    });
    expect(next.offlineBytes).toBeNull();
  });
});

describe('the offline file (decision 0047)', () => {
  const hlsUrl = (id: string, version = 'v1') => mediaUrls.hls(id, version);
  const stored = async (key: string) => {
    await store.put(key, Readable.from([Buffer.from('mp4')]));
    return key;
  };

  it('is recorded for the ladder it was made from, while the video still plays that ladder', async () => {
    const video = await videoIn('enhanced', { enhancedKey: ENHANCED_KEY });
    await database.db
      .update(videos)
      .set({ hlsUrl: hlsUrl(video.id) })
      .where(eq(videos.id, video.id));
    const key = await stored(`${mediaKeys.hls(video.id, 'v1')}offline.mp4`);
    expect(
      await lifecycle.publishOffline(video.id, { hlsUrl: hlsUrl(video.id), bytes: 99, key }),
    ).toBe(true);
    expect((await stateOf(video.id)).row.offlineBytes).toBe(99);
    expect(await store.head(key)).not.toBeNull();
    expect(await lifecycle.findWithoutOffline(1000)).not.toContain(video.id);
  });

  it('made for a ladder since replaced (or a video no longer enhanced): not recorded, its file deleted', async () => {
    const replaced = await videoIn('enhanced', { enhancedKey: ENHANCED_KEY });
    await database.db
      .update(videos)
      .set({ hlsUrl: hlsUrl(replaced.id, 'v2') })
      .where(eq(videos.id, replaced.id));
    const failed = await videoIn('failed', { enhancedKey: ENHANCED_KEY });
    await database.db
      .update(videos)
      .set({ hlsUrl: hlsUrl(failed.id) })
      .where(eq(videos.id, failed.id));
    for (const [video, version] of [
      [replaced, 'v1'],
      [failed, 'v1'],
    ] as const) {
      const key = await stored(`${mediaKeys.hls(video.id, version)}offline.mp4`);
      expect(
        await lifecycle.publishOffline(video.id, { hlsUrl: hlsUrl(video.id), bytes: 5, key }),
      ).toBe(false);
      expect((await stateOf(video.id)).row.offlineBytes).toBeNull();
      expect(await store.head(key)).toBeNull();
    }
  });

  it('is forgotten whenever hlsUrl is cleared; the sweep lists streamed classes without one', async () => {
    const video = await videoIn('enhanced', {
      enhancedKey: ENHANCED_KEY,
      hlsUrl: '/media/videos/x/hls/v1/master.m3u8',
      offlineBytes: 10,
    });
    const without = await videoIn('enhanced', {
      enhancedKey: ENHANCED_KEY,
      hlsUrl: '/media/videos/y/hls/v1/master.m3u8',
    });
    const unpackaged = await videoIn('enhanced', { enhancedKey: ENHANCED_KEY });
    const notPublic = await videoIn('failed', { hlsUrl: '/media/videos/z/hls/v1/master.m3u8' });
    // Enhanced with a ladder but no enhanced file (nothing the package job can take).
    const fileless = await videoIn('enhanced', { hlsUrl: '/media/videos/w/hls/v1/master.m3u8' });
    const listed = await lifecycle.findWithoutOffline(1000);
    expect(listed).toContain(without.id);
    for (const id of [video.id, unpackaged.id, notPublic.id, fileless.id])
      expect(listed).not.toContain(id);
    // Bounded, newest first: the worker's start takes the latest classes first.
    expect(await lifecycle.findWithoutOffline(1)).toEqual([without.id]);

    await lifecycle.update(video.id, { progress: 5 });
    expect((await stateOf(video.id)).row.offlineBytes).toBe(10);
    await lifecycle.update(video.id, { hlsUrl: null });
    expect((await stateOf(video.id)).row).toMatchObject({ hlsUrl: null, offlineBytes: null });

    await database.db
      .update(videos)
      .set({ hlsUrl: '/media/videos/x/hls/v1/master.m3u8', offlineBytes: 10 })
      .where(eq(videos.id, video.id));
    await lifecycle.transition(video.id, {
      to: 'failed',
      from: 'enhanced',
      by: SYSTEM,
      notes: 'gone',
      patch: { hlsUrl: null },
    });
    expect((await stateOf(video.id)).row).toMatchObject({ hlsUrl: null, offlineBytes: null });
  });
});

describe("an owner's re-run (decision 0027)", () => {
  const owner = () => actorOf('owner');
  const ask = (videoId: string, by: Actor = owner()) =>
    lifecycle.requestReenhance(videoId, {
      by,
      backgroundId: 'sunset-road',
      notes: 'again',
      at: new Date('2026-11-25T12:00:00Z'),
    });
  const playing = { enhancedKey: ENHANCED_KEY, hlsUrl: '/media/videos/x/hls/v1/master.m3u8' };

  it('keeps the class enhanced and playable, marked pending with the chosen background', async () => {
    const video = await videoIn('enhanced', playing);
    const row = await ask(video.id);
    expect(row).toMatchObject({
      processingStatus: 'enhanced',
      enhancedKey: ENHANCED_KEY,
      hlsUrl: playing.hlsUrl,
      backgroundId: 'sunset-road',
      reenhanceRequestedAt: new Date('2026-11-25T12:00:00Z'),
      progress: 0,
    });
    expect((await stateOf(video.id)).events).toMatchObject([
      {
        action: 'reenhance_requested',
        actorId: ownerId,
        fromStatus: 'enhanced',
        toStatus: 'enhanced',
      },
    ]);
  });

  it('is refused while one is pending, for another owner, and from any other status', async () => {
    const pending = await videoIn('enhanced', { ...playing, reenhanceRequestedAt: new Date() });
    await refusal(ask(pending.id));
    const other = await user(`other-${pending.id}@example.com`);
    const mine = await videoIn('enhanced', playing);
    await refusal(ask(mine.id, { kind: 'owner', userId: other }));
    for (const status of ['uploaded', 'processing', 'failed'] as const) {
      const video = await videoIn(status);
      await refusal(ask(video.id));
      expect((await stateOf(video.id)).row).toEqual(video);
    }
    for (const video of [pending, mine]) {
      const after = await stateOf(video.id);
      expect(after.row).toEqual(video);
      expect(after.events).toEqual([]);
    }
  });

  it('is finished only by its own enhanced file: a late job cannot replace what riders play', async () => {
    const video = await videoIn('enhanced', playing);
    await store.put(mediaKeys.enhanced(video.id, 'late'), Readable.from([Buffer.from('x')]));
    await refusal(
      lifecycle.publishEnhanced(video.id, {
        by: SYSTEM,
        version: 'late',
        notes: 'x',
        at: new Date(),
      }),
    );
    expect(await store.head(mediaKeys.enhanced(video.id, 'late'))).toBeNull();

    await ask(video.id);
    const row = await lifecycle.publishEnhanced(video.id, {
      by: SYSTEM,
      version: 'again',
      notes: 'done',
      at: new Date(),
    });
    expect(row).toMatchObject({
      processingStatus: 'enhanced',
      enhancedKey: mediaKeys.enhanced(video.id, 'again'),
      reenhanceRequestedAt: null,
      hlsUrl: playing.hlsUrl,
    });
    expect((await stateOf(video.id)).events.map((e) => e.action)).toEqual([
      'reenhance_requested',
      'reenhanced',
    ]);
  });

  it('abandoned, leaves the current version in place and may be asked again', async () => {
    const video = await videoIn('enhanced', playing);
    await ask(video.id);
    await lifecycle.abandonReenhance(video.id, { notes: 'could not' });
    const after = await stateOf(video.id);
    expect(after.row).toMatchObject({
      processingStatus: 'enhanced',
      enhancedKey: ENHANCED_KEY,
      hlsUrl: playing.hlsUrl,
      reenhanceRequestedAt: null,
      progress: null,
      processingNotes: 'could not',
    });
    expect(after.events.map((e) => e.action)).toEqual(['reenhance_requested', 'reenhance_failed']);
    await ask(video.id);
  });
});
