import { describe, expect, it } from 'vitest';
import { FfmpegError } from '../media/ffmpeg';
import { PROCESSING_NOTES_MAX } from '@shared/admin.contract';
import { explainFailure } from '@shared/video-failure';
import { describeChange } from '@shared/videos.contract';
import {
  enhancedNote,
  enhancementReportOf,
  failedNote,
  limitNote,
  manualNote,
  NOTES,
  shortReason,
  throttledProgress,
} from './job-notes';
import { durationText } from './ingest.job';

describe('processing notes', () => {
  it('say what enhancement did', () => {
    expect(
      enhancedNote(
        {
          lighting: { low: 16, high: 84, gain: 1.8 },
          whiteBalance: false,
          denoise: true,
          loudnessBefore: -27.61,
          logo: { corner: 'top-right', size: 7, opacity: 90 },
          background: { method: 'key', color: 'green', share: 0.8 },
        },
        'Sunset road',
      ),
    ).toBe(
      'Enhanced automatically: lighting corrected (dim or flat footage brightened); light denoise; ' +
        'audio levelled to -16 LUFS (was -27.6); logo added top right (7% of the width, 90% opaque); background replaced with "Sunset road" (green screen).',
    );
  });

  it('store what changed, structured, with the background and why it was chosen', () => {
    const summary = {
      lighting: { low: 16, high: 84, gain: 1.8 },
      whiteBalance: false,
      denoise: true,
      loudnessBefore: -22.04,
      logo: { corner: 'bottom-right', size: 6, opacity: 100 },
      background: { method: 'key', color: 'green', share: 0.8 },
    } as const;
    const report = enhancementReportOf(summary, {
      requested: 'a bright loft with brick walls',
      used: 'Studio',
      matched: null,
    });
    expect(report).toEqual({
      changes: [
        { kind: 'exposure', gain: 1.8 },
        { kind: 'denoise' },
        { kind: 'audio', fromLufs: -22, toLufs: -16 },
        { kind: 'logo', placement: { corner: 'bottom-right', size: 6, opacity: 100 } },
        {
          kind: 'background',
          requested: 'a bright loft with brick walls',
          used: 'Studio',
          matched: null,
          method: 'green screen',
        },
      ],
    });
    expect(report.changes.map(describeChange)).toEqual([
      'Exposure lifted (the picture brightened 80%)',
      'Grain reduced',
      'Audio levelled from -22 to -16 LUFS',
      'Logo added bottom right (6% of the width, 100% opaque)',
      'Background replaced with Studio (green screen): your request "a bright loft with brick walls" matched none of the built-in backgrounds, so the default was used',
    ]);
    // No background asked: none listed; nothing measured: nothing claimed.
    expect(
      enhancementReportOf(
        { ...summary, lighting: null, loudnessBefore: null, logo: null, background: null },
        null,
      ).changes,
    ).toEqual([{ kind: 'denoise' }]);
    expect(
      describeChange({
        kind: 'background',
        requested: 'sunset over the sea',
        used: 'Beach sunset',
        matched: 'sunset',
        method: 'static camera',
      }),
    ).toBe(
      'Background replaced with Beach sunset (static camera): chosen for "sunset" in your request',
    );
  });

  it('explain why a background needs manual work, naming the requested one', () => {
    const note = manualNote('camera-moves', 'Neon city');
    expect(note).toBe(
      'Needs manual work: the background cannot be replaced automatically because the camera moves, so there is ' +
        'no steady background to separate. Requested background: "Neon city". Please replace it by hand and upload the enhanced file.',
    );
    expect(note.length).toBeLessThanOrEqual(PROCESSING_NOTES_MAX);
  });

  it('explain a final failure without internals', () => {
    const ffmpeg = new FfmpegError(
      '/usr/bin/ffmpeg',
      1,
      null,
      '/data/tmp/media/x/in.mp4: Invalid data found',
    );
    expect(shortReason(ffmpeg)).toBe('ffmpeg could not process the video');
    expect(failedNote('enhance', 3, ffmpeg)).toBe(
      'Automatic enhancement failed after 3 attempts (ffmpeg could not process the video). An admin can retry it or upload an enhanced file.',
    );
    expect(failedNote('package', 1, new Error('x'.repeat(400))).length).toBeLessThanOrEqual(
      PROCESSING_NOTES_MAX,
    );
    expect(NOTES.unreadable.length).toBeLessThanOrEqual(PROCESSING_NOTES_MAX);
  });
});

describe('durationText', () => {
  it('whole seconds as text, at least 1', () => {
    expect(durationText(2.96)).toBe('3');
    expect(durationText(2723.4)).toBe('2723');
    expect(durationText(0.2)).toBe('1');
  });
});

describe('throttledProgress', () => {
  it('writes the first value at once and then at most every interval, never 100 before the end', async () => {
    const written: number[] = [];
    const p = throttledProgress(async (v) => void written.push(v), 60_000);
    p.report(0.05);
    p.report(0.5);
    p.report(1);
    await p.flush();
    expect(written).toEqual([5]);
    const eager = throttledProgress(async (v) => void written.push(v), 0);
    eager.report(1);
    await eager.flush();
    expect(written.at(-1)).toBe(99);
  });
});

describe('the owner’s words for every failure note (src/shared/video-failure.ts)', () => {
  it('never shows the owner a tool name or a count of attempts', () => {
    const notes = [
      NOTES.unreadable,
      NOTES.originalMissing,
      NOTES.enhancedFileMissing,
      NOTES.enhancedFileUnreadable,
      failedNote('prepare', 3, new FfmpegError('ffmpeg', 1, null, 'moov atom not found')),
      failedNote('enhance', 3, new FfmpegError('ffmpeg', 1, null, 'x')),
      failedNote('package', 1, new Error('ENOSPC: no space left on device, write')),
      limitNote('too-long', 'original'),
      limitNote('too-small-for-length', 'original'),
      limitNote('too-large', 'enhanced'),
    ];
    for (const note of notes) {
      const reason = explainFailure(note);
      expect(reason, note).not.toMatch(/ffmpeg|attempt|ENOSPC|moov/i);
      expect(reason.length).toBeGreaterThan(20);
    }
  });
});
