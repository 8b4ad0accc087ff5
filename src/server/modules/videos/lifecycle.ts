import type { BuiltInBackgroundId } from '@shared/backgrounds.contract';
import type { EnhancementReport, VideoEventAction, VideoStatus } from '@shared/videos.contract';
import type { VideoRow } from '../../db/schema/videos';
import { mediaKeys, mediaUrls } from '../../media/media-paths';
import type { ObjectStore } from '../../storage/object-store';
import type { PublicGymCache } from '../gyms/public-gym-cache';
import type {
  ActionsFrom,
  ChangeResult,
  LifecycleRepository,
  RecordedEvent,
  VideoPatch,
} from './lifecycle.repository';

/**
 * The video lifecycle: every status a video goes through, who may move it, and what the audit
 * trail (video_events) calls each move. The statuses and the audit actions are the shared
 * contract's (`VideoStatus`, `VideoEventAction`); the web's admin buttons follow the contract's
 * `ADMIN_STATUS_MOVES` and `ENHANCED_UPLOAD_FROM`, which lifecycle.test.ts holds to this table.
 */

/** Who moves a video: its owner, an admin at the desk, or the media jobs. */
export type ActorKind = 'owner' | 'admin' | 'system';
export type Actor = { kind: 'system' } | { kind: 'owner' | 'admin'; userId: string };
export const SYSTEM: Actor = { kind: 'system' };
export const adminActor = (userId: string): Actor => ({ kind: 'admin', userId });

export interface TransitionRule {
  from: VideoStatus;
  to: VideoStatus;
  actor: ActorKind;
  action: VideoEventAction;
}

/**
 * Every allowed status change (product.md §4). Anything not listed is refused. Owners move no
 * status: their one rule is asking an enhanced class to be enhanced again (decision 0027), which
 * keeps it 'enhanced' (riders play the current version) until the re-run publishes its new file.
 */
export const TRANSITIONS = [
  // The media jobs.
  { from: 'uploaded', to: 'processing', actor: 'system', action: 'enhance_started' },
  { from: 'processing', to: 'processing', actor: 'system', action: 'needs_manual' },
  { from: 'processing', to: 'enhanced', actor: 'system', action: 'enhanced' },
  { from: 'enhanced', to: 'enhanced', actor: 'system', action: 'packaged' },
  { from: 'enhanced', to: 'enhanced', actor: 'system', action: 'reenhanced' },
  { from: 'uploaded', to: 'failed', actor: 'system', action: 'ingest_failed' },
  { from: 'processing', to: 'failed', actor: 'system', action: 'ingest_failed' },
  { from: 'uploaded', to: 'failed', actor: 'system', action: 'enhance_failed' },
  { from: 'processing', to: 'failed', actor: 'system', action: 'enhance_failed' },
  { from: 'enhanced', to: 'failed', actor: 'system', action: 'package_failed' },
  // The admin desk: 'Start AI Enhancement', 'Mark Failed', the retry, 'Upload Enhanced'.
  { from: 'uploaded', to: 'processing', actor: 'admin', action: 'enhance_started' },
  { from: 'processing', to: 'failed', actor: 'admin', action: 'marked_failed' },
  { from: 'failed', to: 'processing', actor: 'admin', action: 'enhance_retried' },
  { from: 'processing', to: 'enhanced', actor: 'admin', action: 'enhanced_uploaded' },
  { from: 'failed', to: 'enhanced', actor: 'admin', action: 'enhanced_uploaded' },
  // The owner: 'Choose a background' on an enhanced class re-runs enhancement from the raw upload.
  { from: 'enhanced', to: 'enhanced', actor: 'owner', action: 'reenhance_requested' },
] as const satisfies readonly TransitionRule[];

/** The audit actions a status change records. */
export type TransitionAction = (typeof TRANSITIONS)[number]['action'];
/** The audit actions that change no status. */
export type NoteAction = Exclude<VideoEventAction, TransitionAction>;

/**
 * How a rule is carried out: 'enhanced' is reached only with a new enhanced file (publishEnhanced),
 * and kept with a new HLS ladder (publishHls) or by asking for a re-run (requestReenhance); every
 * other status by a plain move (transition).
 */
type Via = 'move' | 'enhanced-file' | 'hls' | 'rerun';
function viaOf(rule: TransitionRule): Via {
  if (rule.action === 'packaged') return 'hls';
  if (rule.action === 'reenhance_requested') return 'rerun';
  return rule.to === 'enhanced' ? 'enhanced-file' : 'move';
}

/**
 * What the locked row must also be, beyond its status: one re-run at a time, asked by the video's
 * own owner; an enhanced video gets a new enhanced file only from the re-run it asked for (a late
 * or repeated enhance job does not replace what riders play).
 */
function allowedNow(via: Via, by: Actor, row: VideoRow): boolean {
  const pending = row.reenhanceRequestedAt !== null;
  if (via === 'rerun') return !pending && by.kind === 'owner' && row.userId === by.userId;
  if (via === 'enhanced-file' && row.processingStatus === 'enhanced') return pending;
  return true;
}

/** Whether a re-run the owner asked for is under way (the class keeps playing meanwhile). */
export const isReenhancing = (row: Pick<VideoRow, 'reenhanceRequestedAt'>): boolean =>
  row.reenhanceRequestedAt !== null;
/** The statuses a plain move reaches. */
export type MoveTarget = Exclude<VideoStatus, 'enhanced'>;

interface RuleQuery {
  via: Via;
  from?: VideoStatus;
  to: VideoStatus;
  actor: ActorKind;
  action?: TransitionAction;
}

function rulesFor(q: RuleQuery): TransitionRule[] {
  return TRANSITIONS.filter(
    (r) =>
      viaOf(r) === q.via &&
      r.to === q.to &&
      r.actor === q.actor &&
      (q.from === undefined || r.from === q.from) &&
      (q.action === undefined || r.action === q.action),
  );
}

/** Whether the table lets `actor` move a video from `from` to `to` (a plain move, see MoveTarget). */
export function canMove(from: VideoStatus, to: VideoStatus, actor: ActorKind): to is MoveTarget {
  return rulesFor({ via: 'move', from, to, actor }).length > 0;
}

/** Whether the table lets `actor` give a video in `from` a new enhanced file. */
export function canPublishEnhanced(from: VideoStatus, actor: ActorKind): boolean {
  return rulesFor({ via: 'enhanced-file', from, to: 'enhanced', actor }).length > 0;
}

/** The action each allowed starting status records; a move the table names twice needs its action. */
function actionsFrom(q: RuleQuery): ActionsFrom {
  const actions: ActionsFrom = {};
  for (const rule of rulesFor(q)) {
    if (actions[rule.from] && actions[rule.from] !== rule.action) {
      throw new Error(`${rule.from} -> ${rule.to} by ${rule.actor}: name the action`);
    }
    actions[rule.from] = rule.action;
  }
  return actions;
}

/** A status change the lifecycle refused: not in the table, or the video is no longer where it was. */
export class TransitionRefusedError extends Error {
  constructor(
    readonly videoId: string,
    /** The status the video was found in; null when it is gone. */
    readonly current: VideoStatus | null,
    readonly to: VideoStatus,
    readonly actor: ActorKind,
  ) {
    super(`video ${videoId}: ${current ?? 'deleted'} -> ${to} by ${actor} refused`);
    this.name = 'TransitionRefusedError';
  }
}

/** For callers to whom a refusal is an expected outcome: the result, or null when refused. */
export async function unlessRefused<T>(change: Promise<T>): Promise<T | null> {
  try {
    return await change;
  } catch (error) {
    if (error instanceof TransitionRefusedError) return null;
    throw error;
  }
}

export interface Move {
  to: MoveTarget;
  by: Actor;
  /** The audit action; needed only where the table has several for the move (the jobs' failures). */
  action?: TransitionAction;
  /** The status the caller saw: the move happens only from it (an optimistic check). */
  from?: VideoStatus;
  /** The processing notes (and the audit row's); null leaves the processing notes as they are. */
  notes: string | null;
  patch?: VideoPatch;
}

/** A change the lifecycle made, for whoever listens (the notification emails). */
export interface VideoEventNotice {
  /** The video_events row: one notice per row, whatever retries follow. */
  eventId: string;
  videoId: string;
  action: VideoEventAction;
  by: ActorKind;
  /** The video's status after the event. */
  status: VideoStatus;
}

interface Deps {
  repo: LifecycleRepository;
  store: ObjectStore;
  /**
   * Told after each status change and audit note is committed (never for a refused one). It must
   * not throw: the change is made whatever it does.
   */
  onEvent?: (notice: VideoEventNotice) => Promise<void>;
  /** Told after every write a public gym answer may show (decision 0028); tests may leave it out. */
  publicGyms?: Pick<PublicGymCache, 'invalidate'>;
}

/**
 * The one way a video's status changes: the move is checked against TRANSITIONS under a row lock
 * and written with its audit row in one transaction; a refused move throws TransitionRefusedError
 * and changes nothing. Also what the media jobs and the admin desk read and write of a video.
 */
export function videoLifecycle({ repo, store, onEvent, publicGyms }: Deps) {
  /** The gym whose classes a written video belongs to is told (its status, title, media, ladder). */
  async function changed<T extends Pick<VideoRow, 'userId'> | undefined>(row: T): Promise<T> {
    if (row) await publicGyms?.invalidate(row.userId);
    return row;
  }

  const actorId = (by: Actor) => (by.kind === 'system' ? null : by.userId);

  function settled(videoId: string, to: VideoStatus, by: Actor, result: ChangeResult) {
    if (!result.changed) throw new TransitionRefusedError(videoId, result.current, to, by.kind);
    return result;
  }

  async function announce(videoId: string, event: RecordedEvent, by: Actor, status: VideoStatus) {
    await onEvent?.({ eventId: event.id, videoId, action: event.action, by: by.kind, status });
  }

  async function change(videoId: string, via: Via, move: Omit<Move, 'to'> & { to: VideoStatus }) {
    const { from, to, by, action } = move;
    const result = await repo.transition(videoId, {
      from: actionsFrom({ via, from, to, actor: by.kind, action }),
      to,
      notes: move.notes,
      patch: move.patch,
      actorId: actorId(by),
      allowed: (row) => allowedNow(via, by, row),
    });
    const done = settled(videoId, to, by, result);
    await changed(done.row);
    await announce(videoId, done.event, by, done.row.processingStatus);
    return done;
  }

  return {
    find: repo.find,
    ownerPlan: repo.ownerPlan,
    /** The media fields (never the status). */
    update: async (videoId: string, patch: VideoPatch) =>
      changed(await repo.update(videoId, patch)),
    setProgress: repo.setProgress,
    findNeverIngested: repo.findNeverIngested,
    findWithoutOffline: repo.findWithoutOffline,
    events: repo.events,

    async transition(videoId: string, move: Move): Promise<VideoRow> {
      return (await change(videoId, 'move', move)).row;
    },

    /**
     * A new enhanced file (stored under mediaKeys.enhanced(videoId, version)) becomes the video's:
     * the video is 'enhanced', the enhanced file it replaces is deleted. Refused (the video moved
     * meanwhile): the new file is deleted and the refusal thrown. Packaging is the caller's to queue.
     */
    async publishEnhanced(
      videoId: string,
      p: {
        by: Actor;
        version: string;
        notes: string | null;
        at: Date;
        /** What automatic enhancement changed; none for an enhanced file an admin uploaded. */
        report?: EnhancementReport | null;
      },
    ): Promise<VideoRow> {
      const key = mediaKeys.enhanced(videoId, p.version);
      let changed;
      try {
        changed = await change(videoId, 'enhanced-file', {
          to: 'enhanced',
          by: p.by,
          notes: p.notes,
          patch: {
            enhancedKey: key,
            enhancedFileUrl: mediaUrls.enhanced(videoId, p.version),
            enhancedAt: p.at,
            enhancementReport: p.report ?? null,
            progress: null,
            reenhanceRequestedAt: null,
          },
        });
      } catch (error) {
        if (error instanceof TransitionRefusedError) await store.delete(key);
        throw error;
      }
      const previous = changed.before.enhancedKey;
      if (previous && previous !== key && previous.startsWith(mediaKeys.enhancedPrefix(videoId))) {
        await store.delete(previous).catch(() => {});
      }
      return changed.row;
    },

    /**
     * Points the video at a new HLS ladder ('packaged'), only while it is still enhanced from
     * `enhancedKey`; the ladder it replaces stays playable until `retireAt`. `offlineBytes`: the
     * size of its offline file (null: none). Refused: throws.
     */
    async publishHls(
      videoId: string,
      p: {
        by: Actor;
        enhancedKey: string;
        hlsUrl: string;
        offlineBytes: number | null;
        notes: string;
        retireAt: Date;
      },
    ): Promise<VideoRow> {
      const { by, ...ladder } = p;
      const to = 'enhanced';
      const from = actionsFrom({ via: 'hls', to, actor: by.kind });
      const result = await repo.publishHls(videoId, { ...ladder, from, actorId: actorId(by) });
      return changed(settled(videoId, to, by, result).row);
    },

    /**
     * The offline file of the published ladder `hlsUrl`, made after it (the sweep for classes
     * packaged before offline files existed), is `bytes` long. Only while the video is enhanced and
     * still points at that ladder; otherwise the file at `key` is deleted and false answered.
     */
    async publishOffline(
      videoId: string,
      p: { hlsUrl: string; bytes: number; key: string },
    ): Promise<boolean> {
      const row = await changed(await repo.publishOffline(videoId, p));
      if (!row) await store.delete(p.key);
      return row !== undefined;
    },

    /**
     * The owner asks for enhancement to run again from the raw upload with a built-in background:
     * the video stays 'enhanced' (riders keep the current version) with the re-run marked pending
     * until the enhance job publishes its file (or gives up: abandonReenhance). Refused while one
     * is pending or for another owner's video. Queueing the job is the caller's.
     */
    async requestReenhance(
      videoId: string,
      p: { by: Actor; backgroundId: BuiltInBackgroundId; notes: string; at: Date },
    ): Promise<VideoRow> {
      const changed = await change(videoId, 'rerun', {
        to: 'enhanced',
        by: p.by,
        notes: p.notes,
        patch: { backgroundId: p.backgroundId, reenhanceRequestedAt: p.at, progress: 0 },
      });
      return changed.row;
    },

    /** A re-run that could not finish: the current version stays, the owner may try again. */
    async abandonReenhance(videoId: string, p: { notes: string }): Promise<void> {
      const row = await repo.update(videoId, {
        reenhanceRequestedAt: null,
        progress: null,
        processingNotes: p.notes,
      });
      if (!row) return;
      const recorded = await repo.record(videoId, {
        action: 'reenhance_failed',
        status: row.processingStatus,
        notes: p.notes,
        actorId: null,
      });
      await announce(videoId, recorded, SYSTEM, row.processingStatus);
    },

    /** An audit entry that changes no status. */
    async record(
      videoId: string,
      e: { action: NoteAction; status: VideoStatus; by: Actor; notes: string | null },
    ): Promise<void> {
      const { by, ...event } = e;
      const recorded = await repo.record(videoId, { ...event, actorId: actorId(by) });
      await announce(videoId, recorded, by, e.status);
    },

    /** Deletes the files of retired HLS ladders whose grace period is over (see retired_media). */
    async purgeRetired(now: Date): Promise<void> {
      for (const prefix of await repo.dueRetired(now)) {
        await store.deletePrefix(prefix);
        await repo.forgetRetired(prefix);
      }
    },
  };
}

export type VideoLifecycle = ReturnType<typeof videoLifecycle>;
