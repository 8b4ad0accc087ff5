import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { makeAudioClips, type ClipWindow } from '../media/ab-audio';
import {
  backgroundById,
  buildBackgroundArgs,
  chooseBackground,
  type BackgroundChoice,
  type ChosenBackground,
} from '../media/background-args';
import { enhanceMedia, type EnhanceRequest } from '../media/enhance-media';
import { FfmpegError, runFfmpeg } from '../media/ffmpeg';
import { makeStills, probeMedia } from '../media/ingest-media';
import { contentTypeFor, createWorkDir, localCopy, type WorkDir } from '../media/media-files';
import { mediaKeys, versionOf } from '../media/media-paths';
import { MediaLimitError } from '../media/media-limits';
import { UnreadableMediaError } from '../media/probe-args';
import { ValidationError } from '../lib/errors';
import { processLogo } from '../modules/branding/logo-image';
import { isReenhancing, SYSTEM, unlessRefused } from '../modules/videos/lifecycle';
import { logoPlacementOf } from '../modules/videos/video-dto';
import { ObjectMissingError } from '../storage/object-store';
import type { VideoRow } from '../db/schema/videos';
import { planIncludes } from '@shared/plan-features';
import type { JobHandler } from './job-runner';
import {
  enhancedNote,
  enhancementReportOf,
  failedNote,
  limitNote,
  logoMissingNote,
  logoUnreadableNote,
  manualNote,
  NOTES,
  reenhanceAbandonedNote,
  shortReason,
  throttledProgress,
} from './job-notes';
import type { MediaJobDeps } from './media-jobs';

/** The owner's pick from the built-in backgrounds wins over the words of the request. */
function backgroundFor(row: VideoRow): (ChosenBackground & { chosen: boolean }) | null {
  if (!row.replaceBackground) return null;
  const picked = row.backgroundId ? backgroundById(row.backgroundId) : undefined;
  if (picked) return { background: picked, matched: null, chosen: true };
  return { ...chooseBackground(row.backgroundDescription), chosen: false };
}

/**
 * enhance: lighting, white balance, denoise, loudness, logo and background in two passes; the
 * result is the enhanced MP4, published under a per-run key, then the video becomes 'enhanced' and
 * `package` is queued. When the footage suits no background method, the video stays 'processing'
 * with a note for the admin (nothing is pretended). An owner's re-run (decision 0027) takes an
 * 'enhanced' video whose re-run is pending: it stays playable throughout, and a re-run that cannot
 * finish leaves the current version in place (abandonReenhance).
 */
export function enhanceJob(deps: MediaJobDeps): JobHandler<'enhance'> {
  const { lifecycle, store, tools, log } = deps;

  async function backgroundImage(
    work: WorkDir,
    choice: BackgroundChoice,
    size: { width: number; height: number },
  ) {
    const key = mediaKeys.background(choice.id, size.width, size.height);
    if (await store.head(key)) {
      try {
        return await localCopy(store, key, work, 'background.jpg');
      } catch (error) {
        if (!(error instanceof ObjectMissingError)) throw error;
      }
    }
    const file = work.file('background.jpg');
    await runFfmpeg(tools, buildBackgroundArgs(choice, size, file), { cwd: work.path });
    // Kept for the next video of this size (a copy: the work file is used right away).
    await store
      .put(key, createReadStream(file), { contentType: 'image/jpeg' })
      .catch((err: unknown) => {
        log.warn({ err, key }, 'could not keep the drawn background');
      });
    return file;
  }

  /**
   * The owner's logo redrawn as a PNG by sharp (SVG dangers refused, pixels bounded, as for the
   * gym's logo): ffmpeg never reads the upload itself. Null when it is not such an image.
   */
  async function logoPng(work: WorkDir, key: string): Promise<string | null> {
    const upload = await localCopy(store, key, work, 'logo-upload');
    let png: Buffer;
    try {
      ({ logo: png } = await processLogo(await readFile(upload)));
    } catch (error) {
      if (error instanceof ValidationError) return null;
      throw error;
    }
    const file = work.file('logo.png');
    await writeFile(file, png);
    return file;
  }

  return {
    async run({ videoId }, ctx) {
      const row = await lifecycle.find(videoId);
      if (!row) return { outcome: 'skipped', reason: 'video deleted' };
      const status = row.processingStatus;
      const rerun = status === 'enhanced' && isReenhancing(row);
      if ((status === 'enhanced' && !rerun) || status === 'failed') {
        return { outcome: 'skipped', reason: `video is ${status}` };
      }
      /** The re-run gives up; the class keeps the version riders play. */
      const abandon = async (reason: string) => {
        await lifecycle.abandonReenhance(videoId, { notes: reenhanceAbandonedNote(reason) });
        return { outcome: 'failed' as const, reason };
      };
      if (status === 'uploaded') {
        const moved = await unlessRefused(
          lifecycle.transition(videoId, {
            from: 'uploaded',
            to: 'processing',
            by: SYSTEM,
            notes: NOTES.enhanceStarted,
            patch: { progress: 0 },
          }),
        );
        if (!moved) return { outcome: 'skipped', reason: 'status changed' };
      } else {
        await lifecycle.setProgress(videoId, 0);
      }
      if (!row.originalKey) throw new Error('the video has no original file');

      const work = await createWorkDir(deps.tempRoot, `enhance-${ctx.jobId}`);
      const progress = throttledProgress((p) => lifecycle.setProgress(videoId, p));
      try {
        const input = await localCopy(store, row.originalKey, work, 'original');
        let info;
        try {
          info = await probeMedia(tools, input, { signal: ctx.signal, cwd: work.path });
        } catch (error) {
          const limit = error instanceof MediaLimitError ? error : null;
          if (!limit && !(error instanceof UnreadableMediaError)) throw error;
          if (rerun)
            return await abandon(limit ? limitNote(limit.breach, 'original') : NOTES.unreadable);
          await unlessRefused(
            lifecycle.transition(videoId, {
              from: 'processing',
              to: 'failed',
              by: SYSTEM,
              action: 'enhance_failed',
              notes: limit ? limitNote(limit.breach, 'original') : NOTES.unreadable,
              patch: { progress: null },
            }),
          );
          return {
            outcome: 'failed',
            reason: limit ? limit.breach : (error as UnreadableMediaError).reason,
          };
        }

        const extraNotes: string[] = [];
        let logo: EnhanceRequest['logo'] = null;
        const placement = logoPlacementOf(row);
        if (placement && row.logoKey) {
          try {
            const file = await logoPng(work, row.logoKey);
            if (file) logo = { file, placement };
            else extraNotes.push(logoUnreadableNote());
          } catch (error) {
            if (!(error instanceof ObjectMissingError)) throw error;
            extraNotes.push(logoMissingNote());
          }
        }
        const chosen = backgroundFor(row);

        const result = await enhanceMedia({
          tools,
          input,
          info,
          work,
          logo,
          replaceBackground: row.replaceBackground,
          advanced: planIncludes(await lifecycle.ownerPlan(videoId), 'advancedEnhancement'),
          backgroundImage: (size) => backgroundImage(work, chosen!.background, size),
          signal: ctx.signal,
          onProgress: (f) => progress.report(f),
        });
        await progress.flush();

        if (result.outcome === 'needs-manual' && rerun) {
          await abandon(result.reason);
          return { outcome: 'needs-manual', reason: result.reason };
        }
        if (result.outcome === 'needs-manual') {
          // Stays 'processing' (only if nobody moved it meanwhile), with the note for the admin.
          await unlessRefused(
            lifecycle.transition(videoId, {
              to: 'processing',
              by: SYSTEM,
              notes: manualNote(result.reason, chosen!.background.label),
              patch: { progress: null },
            }),
          );
          return { outcome: 'needs-manual', reason: result.reason };
        }

        // The library's and the gym page's pictures come from the enhanced file, not the raw one:
        // drawn again and published before the video turns 'enhanced' (riders never see the raw).
        const run = { signal: ctx.signal, cwd: work.path };
        const stills = { thumbnail: work.file('thumbnail.jpg'), poster: work.file('poster.jpg') };
        // The enhanced file is Cadence's own MP4, whatever the upload's container was.
        await makeStills(tools, result.output, { ...info, demuxer: 'mov' }, stills, run);
        // The same frame of the raw upload: the 'before' of the owner's comparison.
        const raw = { thumbnail: work.file('raw-thumbnail.jpg'), poster: work.file('before.jpg') };
        await makeStills(tools, input, info, raw, run);
        await store.putFile(mediaKeys.before(videoId), raw.poster, {
          contentType: contentTypeFor('x.jpg'),
        });
        // The A/B audio: the same stretch before and after, when there is sound to compare.
        let audioClip: ClipWindow | undefined;
        if (result.summary.loudnessBefore !== null) {
          // Optional: clips ffmpeg cannot cut (a sound track shorter than the picture, say) leave
          // the comparison out; they never fail the class's enhancement.
          const clips = await makeAudioClips(
            tools,
            { original: input, info, enhanced: result.output, work },
            { signal: ctx.signal },
          ).catch((err: unknown) => {
            if (!(err instanceof FfmpegError) || ctx.signal.aborted) throw err;
            log.warn({ err, videoId }, 'no A/B audio clips: ffmpeg could not cut them');
            return null;
          });
          if (clips) {
            const type = { contentType: contentTypeFor('x.m4a') };
            await store.putFile(mediaKeys.beforeAudio(videoId), clips.original, type);
            await store.putFile(mediaKeys.afterAudio(videoId), clips.enhanced, type);
            audioClip = clips.window;
          }
        }
        await store.putFile(mediaKeys.thumbnail(videoId), stills.thumbnail, {
          contentType: contentTypeFor('x.jpg'),
        });
        await store.putFile(mediaKeys.poster(videoId), stills.poster, {
          contentType: contentTypeFor('x.jpg'),
        });

        const version = versionOf(ctx.jobId);
        const key = mediaKeys.enhanced(videoId, version);
        await store.putFile(key, result.output, { contentType: contentTypeFor(key) });
        const notes = [
          enhancedNote(result.summary, chosen?.background.label ?? null),
          ...extraNotes,
        ].join(' ');
        const done = await unlessRefused(
          lifecycle.publishEnhanced(videoId, {
            by: SYSTEM,
            version,
            notes,
            at: deps.now(),
            report: {
              ...enhancementReportOf(
                result.summary,
                chosen
                  ? {
                      requested: row.backgroundDescription,
                      used: chosen.background.label,
                      matched: chosen.matched,
                      ...(chosen.chosen ? { chosen: true } : {}),
                    }
                  : null,
              ),
              ...(audioClip && { audioClip }),
            },
          }),
        );
        // An admin marked it failed or uploaded an enhanced file meanwhile: theirs stands.
        if (!done) return { outcome: 'superseded' };
        await deps.jobs.package(videoId);
        return { outcome: 'enhanced', key, summary: result.summary };
      } finally {
        await progress.flush();
        await work.dispose();
      }
    },

    async onFinalFailure({ videoId }, error, { attempts }) {
      const row = await lifecycle.find(videoId);
      if (row?.processingStatus === 'enhanced' && isReenhancing(row)) {
        await lifecycle.abandonReenhance(videoId, {
          notes: reenhanceAbandonedNote(`${shortReason(error)}.`),
        });
        return;
      }
      await unlessRefused(
        lifecycle.transition(videoId, {
          to: 'failed',
          by: SYSTEM,
          action: 'enhance_failed',
          notes: failedNote('enhance', attempts, error),
          patch: { progress: null },
        }),
      );
    },
  };
}
