import { makePreview, makeStills, probeMedia } from '../media/ingest-media';
import { contentTypeFor, createWorkDir, localCopy } from '../media/media-files';
import { nextPreviewState } from '../media/growing-preview';
import { mediaKeys, mediaUrls } from '../media/media-paths';
import { MediaLimitError } from '../media/media-limits';
import { UnreadableMediaError, type MediaInfo } from '../media/probe-args';
import { detectTempo } from '../media/tempo';
import { SYSTEM, unlessRefused } from '../modules/videos/lifecycle';
import { ObjectMissingError } from '../storage/object-store';
import type { JobHandler } from './job-runner';
import { failedNote, limitNote, NOTES } from './job-notes';
import type { MediaJobDeps } from './media-jobs';
import { previewPublisher } from './preview-publisher';

/** Whole seconds, as the product's text (at least 1 for anything that plays). */
export function durationText(seconds: number): string {
  return String(Math.max(1, Math.round(seconds)));
}

/**
 * ingest: ffprobe (duration, codecs, size into the row), thumbnail and poster, the instant preview
 * (a remux, or the growing HLS preview published as it is transcoded), the music's tempo (when the
 * class has sound; issue #20 part 3); then, with AUTO_ENHANCE on, queues `enhance`. An unreadable
 * file fails the video at once (no retry can fix it). Running it twice rewrites the same files with
 * the same bytes, and the tempo again.
 */
export function ingestJob(deps: MediaJobDeps): JobHandler<'ingest'> {
  const { lifecycle, store, tools } = deps;

  /** Only while the video is not done ('uploaded' or 'processing'): ingest never undoes an enhancement. */
  /**
   * The tempo of the class's music, stored for the ride track's suggestion. A detection that fails
   * (aubio missing, sound it cannot read) costs the class nothing: a warning, and no tempo stored.
   * Only the job's own end (its signal: timeout, shutdown) stops the job.
   */
  async function tempoOf(
    videoId: string,
    input: string,
    info: MediaInfo,
    wav: string,
    run: { signal: AbortSignal; cwd: string },
  ) {
    if (!deps.saveTempo || !info.audio) return;
    try {
      const tempo = await detectTempo(tools, input, info, wav, run);
      if (!tempo) return;
      await deps.saveTempo(videoId, tempo);
      deps.log.info(
        {
          videoId,
          points: tempo.points.length,
          withBeat: tempo.points.filter((p) => p.bpm !== null).length,
          speed: tempo.speed,
        },
        'tempo detected',
      );
    } catch (err) {
      if (run.signal.aborted) throw err;
      deps.log.warn({ err, videoId }, 'tempo detection failed; the class has no tempo');
    }
  }

  async function failVideo(videoId: string, notes: string) {
    await unlessRefused(
      lifecycle.transition(videoId, {
        to: 'failed',
        by: SYSTEM,
        action: 'ingest_failed',
        notes,
        patch: { progress: null },
      }),
    );
  }

  return {
    async run({ videoId }, ctx) {
      const row = await lifecycle.find(videoId);
      if (!row) return { outcome: 'skipped', reason: 'video deleted' };
      if (!row.originalKey) {
        await failVideo(videoId, NOTES.originalMissing);
        return { outcome: 'failed', reason: 'no original' };
      }
      const work = await createWorkDir(deps.tempRoot, `ingest-${ctx.jobId}`);
      const run = { signal: ctx.signal, cwd: work.path };
      try {
        let input: string;
        try {
          input = await localCopy(store, row.originalKey, work, 'original');
        } catch (error) {
          if (!(error instanceof ObjectMissingError)) throw error;
          await failVideo(videoId, NOTES.originalMissing);
          return { outcome: 'failed', reason: 'original missing' };
        }
        let info;
        try {
          info = await probeMedia(tools, input, run);
        } catch (error) {
          if (error instanceof MediaLimitError) {
            await failVideo(videoId, limitNote(error.breach, 'original'));
            return { outcome: 'failed', reason: error.breach };
          }
          if (!(error instanceof UnreadableMediaError)) throw error;
          await failVideo(videoId, NOTES.unreadable);
          return { outcome: 'failed', reason: error.reason };
        }

        const stills = { thumbnail: work.file('thumbnail.jpg'), poster: work.file('poster.jpg') };
        await makeStills(tools, input, info, stills, run);
        // Published (atomically) before the row points at them.
        await store.putFile(mediaKeys.thumbnail(videoId), stills.thumbnail, {
          contentType: contentTypeFor('x.jpg'),
        });
        await store.putFile(mediaKeys.poster(videoId), stills.poster, {
          contentType: contentTypeFor('x.jpg'),
        });
        const described = await lifecycle.update(videoId, {
          duration: durationText(info.durationSeconds),
          width: info.video.width,
          height: info.video.height,
          videoCodec: info.video.codec.slice(0, 32),
          audioCodec: info.audio ? info.audio.codec.slice(0, 32) : null,
          thumbnailUrl: mediaUrls.thumbnail(videoId),
        });
        if (!described) return { outcome: 'skipped', reason: 'video deleted' };

        const out = { file: work.file('preview.mp4'), dir: work.file('preview') };
        const mode = await makePreview(tools, input, info, out, {
          signal: ctx.signal,
          // Not browser-safe: the growing HLS preview, published segment by segment (decision 0029).
          onSegments: await previewPublisher({
            store,
            lifecycle,
            videoId,
            state: described.previewState,
            dir: out.dir,
          }),
        });
        if (mode === 'remux') {
          await store.putFile(mediaKeys.preview(videoId), out.file, {
            contentType: contentTypeFor('x.mp4'),
          });
          if (
            !(await lifecycle.update(videoId, {
              previewUrl: mediaUrls.preview(videoId),
              previewState: 'ended',
            }))
          )
            return { outcome: 'skipped', reason: 'video deleted' };
        }
        await tempoOf(videoId, input, info, work.file('tempo.wav'), run);
        const updated = await lifecycle.find(videoId);
        if (!updated) return { outcome: 'skipped', reason: 'video deleted' };
        await lifecycle.record(videoId, {
          action: 'ingested',
          status: updated.processingStatus,
          by: SYSTEM,
          notes:
            `Preview ready (${mode === 'remux' ? 'original codecs' : 'fast transcode, streamed as it grew'}): ` +
            `${info.video.width}x${info.video.height} ${info.video.codec}` +
            `${info.audio ? `/${info.audio.codec}` : ', no audio'}, ${durationText(info.durationSeconds)} s.`,
        });
        if (deps.autoEnhance && updated.processingStatus === 'uploaded')
          await deps.jobs.enhance(videoId);
        return { outcome: 'ready', preview: mode, durationSeconds: info.durationSeconds };
      } finally {
        await work.dispose();
      }
    },

    async onFinalFailure({ videoId }, error, { attempts }) {
      await failVideo(videoId, failedNote('prepare', attempts, error));
      // A growing preview stops growing; its playlist never claims an end it did not reach.
      const row = await lifecycle.find(videoId);
      if (row?.previewState === 'growing')
        await lifecycle.update(videoId, {
          previewState: nextPreviewState(row.previewState, 'fail').state,
        });
    },
  };
}
