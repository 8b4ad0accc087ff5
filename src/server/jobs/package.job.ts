import { topRungFor } from '@shared/plan-features';
import { probeMedia } from '../media/ingest-media';
import { contentTypeFor, createWorkDir, localCopy, readMasterPlaylist } from '../media/media-files';
import { ladderTopFor, MASTER_PLAYLIST, masterTop } from '../media/hls-args';
import { hlsVersionOf, mediaKeys, mediaUrls, versionOf } from '../media/media-paths';
import { OFFLINE_FILE } from '../media/offline-args';
import { makeOfflineFile } from '../media/offline-file';
import { packageHls } from '../media/package-hls';
import { MediaLimitError } from '../media/media-limits';
import { UnreadableMediaError } from '../media/probe-args';
import { SYSTEM, unlessRefused, type Move } from '../modules/videos/lifecycle';
import { ObjectMissingError } from '../storage/object-store';
import type { JobContext, JobHandler } from './job-runner';
import { failedNote, limitNote, NOTES, throttledProgress } from './job-notes';
import type { MediaJobDeps } from './media-jobs';

/**
 * How long a replaced ladder stays playable: longer than any class, so a rider who opened the old
 * master playlist rides to the end; the worker's housekeeping deletes it afterwards.
 */
export const RETIRED_GRACE_MS = 6 * 60 * 60 * 1000;

/** A note-carrying failure no retry can fix (the enhanced file is gone or unreadable). */
class PermanentPackageError extends Error {}

/**
 * package: the HLS ladder of the video's current enhanced file up to the owner's plan's top rung
 * (read now) and its offline file (decision 0047), written under a folder of its own
 * (videos/<id>/hls/<version>/, the master playlist last), then hlsUrl points at it. A retry of the
 * same job rewrites the same folder; a superseded run removes its folder. A low-band run
 * (`planUpgrade`: a plan upgrade's, or the worker's sweep for classes packaged before offline
 * files) packages again only when the current ladder tops below what the plan and the kept file
 * allow; otherwise it makes the published ladder's missing offline file from its rung (a remux of
 * segments already stored, no encode), or stops.
 */
export function packageJob(deps: MediaJobDeps): JobHandler<'package'> {
  const { lifecycle, store, tools } = deps;
  const failed = (notes: string): Move => ({
    to: 'failed',
    by: SYSTEM,
    notes,
    patch: { progress: null },
  });

  /** The short side of the tallest rung the published ladder lists; null when it cannot be read. */
  async function ladderTop(videoId: string, hlsUrl: string): Promise<number | null> {
    const version = hlsVersionOf(hlsUrl);
    if (!version) return null;
    const key = `${mediaKeys.hls(videoId, version)}${MASTER_PLAYLIST}`;
    const master = await readMasterPlaylist(store, key);
    return master === null ? null : masterTop(master);
  }

  /**
   * The offline file of the published ladder `hlsUrl`, from its stored rung (downloaded one file at
   * a time when the store is not this disk). Anything going wrong leaves the class as it is (it
   * streams; the next worker start tries again): never a failed class for a missing extra.
   */
  async function offlineOf(videoId: string, hlsUrl: string, ctx: JobContext): Promise<object> {
    const version = hlsVersionOf(hlsUrl);
    if (!version) return { outcome: 'skipped', reason: 'no ladder version' };
    const prefix = mediaKeys.hls(videoId, version);
    const key = `${prefix}${OFFLINE_FILE}`;
    const work = await createWorkDir(deps.tempRoot, `offline-${ctx.jobId}`);
    try {
      const output = work.file(OFFLINE_FILE);
      const { rung } = await makeOfflineFile(
        tools,
        // Segments are joined as they come: one download at a time is kept.
        (file) =>
          localCopy(
            store,
            `${prefix}${file}`,
            work,
            file.endsWith('.m4s') ? 'segment.m4s' : file.replace('/', '-'),
          ),
        output,
        { scratch: work.file('joined.mp4'), signal: ctx.signal },
      );
      const stored = await store.putFile(key, output, { contentType: contentTypeFor(key) });
      const published = await lifecycle.publishOffline(videoId, {
        hlsUrl,
        bytes: stored.size,
        key,
      });
      if (!published) return { outcome: 'superseded' };
      return { outcome: 'offline', version, rung, bytes: stored.size };
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      deps.log.warn({ videoId, err: reason }, 'no offline file');
      return { outcome: 'skipped', reason: `no offline file: ${reason}` };
    } finally {
      await work.dispose();
    }
  }

  return {
    async run({ videoId, planUpgrade }, ctx) {
      const row = await lifecycle.find(videoId);
      if (!row) return { outcome: 'skipped', reason: 'video deleted' };
      if (row.processingStatus !== 'enhanced' || !row.enhancedKey) {
        return { outcome: 'skipped', reason: 'no enhanced file' };
      }
      const enhancedKey = row.enhancedKey;
      const top = topRungFor(await lifecycle.ownerPlan(videoId));
      if (planUpgrade && row.hlsUrl) {
        // Before fetching the kept file: what it can give (the original's size, never upscaled).
        const wanted = row.width && row.height ? ladderTopFor(row.width, row.height, top) : top;
        const current = await ladderTop(videoId, row.hlsUrl);
        if (current !== null && current >= wanted) {
          if (row.offlineBytes === null) return offlineOf(videoId, row.hlsUrl, ctx);
          return { outcome: 'skipped', reason: `the ladder already tops at ${current}p` };
        }
      }
      const version = versionOf(ctx.jobId);
      const prefix = mediaKeys.hls(videoId, version);
      const work = await createWorkDir(deps.tempRoot, `package-${ctx.jobId}`);
      try {
        let input: string;
        try {
          input = await localCopy(store, enhancedKey, work, 'enhanced.mp4');
        } catch (error) {
          if (error instanceof ObjectMissingError)
            throw new PermanentPackageError(NOTES.enhancedFileMissing);
          throw error;
        }
        let info;
        try {
          info = await probeMedia(tools, input, { signal: ctx.signal, cwd: work.path });
        } catch (error) {
          if (error instanceof MediaLimitError)
            throw new PermanentPackageError(limitNote(error.breach, 'enhanced'));
          if (error instanceof UnreadableMediaError)
            throw new PermanentPackageError(NOTES.enhancedFileUnreadable);
          throw error;
        }
        const out = work.file('hls');
        // The video stays 'enhanced' (playable as MP4) while its stream is prepared; progress shows it.
        const progress = throttledProgress((p) => lifecycle.setProgress(videoId, p));
        const result = await packageHls(tools, input, info, out, {
          top,
          signal: ctx.signal,
          onProgress: (f) => progress.report(f),
        });
        await progress.flush();
        if (result.offlineError)
          deps.log.warn({ videoId, err: result.offlineError }, 'no offline file');
        let offlineBytes: number | null = null;
        for (const file of result.files) {
          const stored = await store.putFile(`${prefix}${file}`, `${out}/${file}`, {
            contentType: contentTypeFor(file),
          });
          if (file === result.offline?.file) offlineBytes = stored.size;
        }
        const names = result.rungs.map((r) => r.name).join(', ');
        const published = await unlessRefused(
          lifecycle.publishHls(videoId, {
            by: SYSTEM,
            enhancedKey,
            hlsUrl: mediaUrls.hls(videoId, version),
            offlineBytes,
            notes: `Streaming ready: ${names}.`,
            retireAt: new Date(deps.now().getTime() + RETIRED_GRACE_MS),
          }),
        );
        if (!published) {
          await store.deletePrefix(prefix);
          await lifecycle.setProgress(videoId, null);
          return { outcome: 'superseded' };
        }
        return { outcome: 'packaged', version, rungs: result.rungs };
      } catch (error) {
        if (error instanceof PermanentPackageError) {
          await store.deletePrefix(prefix).catch(() => {});
          await unlessRefused(lifecycle.transition(videoId, failed(error.message)));
          return { outcome: 'failed', reason: error.message };
        }
        throw error;
      } finally {
        await work.dispose();
      }
    },

    async onFinalFailure({ videoId }, error, { jobId, attempts }) {
      await store.deletePrefix(mediaKeys.hls(videoId, versionOf(jobId))).catch(() => {});
      await unlessRefused(
        lifecycle.transition(videoId, failed(failedNote('package', attempts, error))),
      );
    },
  };
}
