import { describe, expect, it } from 'vitest';
import {
  buildClipArgs,
  buildLevelsArgs,
  chooseWindow,
  CLIP_SECONDS,
  parseLevels,
} from './ab-audio';

describe('the A/B window', () => {
  it('is the loudest stretch of a long class, where the sound is', () => {
    // 10 s of near silence, 15 s of music, 5 s of silence (-inf: NaN).
    const levels = [
      ...Array<number>(10).fill(-70),
      ...Array<number>(15).fill(-20),
      ...Array<number>(5).fill(Number.NaN),
    ];
    expect(chooseWindow(levels, 30)).toEqual({ start: 10, duration: CLIP_SECONDS });
  });

  it('stays inside the class, and the earliest of equal stretches wins', () => {
    expect(chooseWindow(Array<number>(40).fill(-30), 40)).toEqual({ start: 0, duration: 12 });
    // The loudest seconds at the very end: the window ends with the class.
    const late = [...Array<number>(20).fill(-60), ...Array<number>(5).fill(-10)];
    expect(chooseWindow(late, 25.4)).toEqual({ start: 13, duration: 12 });
    // Fewer levels than seconds (a short audio stream): missing seconds count as silence.
    expect(chooseWindow([-20, -20], 30)).toEqual({ start: 0, duration: 12 });
  });

  it('is the whole class when it is no longer than a clip', () => {
    expect(chooseWindow([-20, -20, -20], 3.04)).toEqual({ start: 0, duration: 3 });
    expect(chooseWindow([], 12)).toEqual({ start: 0, duration: 12 });
  });

  it("reads ffmpeg's per-second levels, -inf as silence", () => {
    const text = [
      'frame:0    pts:0       pts_time:0',
      'lavfi.astats.Overall.RMS_level=-61.059151',
      'frame:1    pts:8000    pts_time:1',
      'lavfi.astats.Overall.RMS_level=-inf',
      '',
    ].join('\n');
    const levels = parseLevels(text);
    expect(levels[0]).toBeCloseTo(-61.06, 2);
    expect(levels[1]).toBeNaN();
  });
});

describe('the A/B ffmpeg arguments', () => {
  it('pin the demuxer and the file protocol on every input', () => {
    const levels = buildLevelsArgs('original', 'matroska');
    expect(levels.slice(levels.indexOf('-f'), levels.indexOf('-i') + 2)).toEqual([
      '-f',
      'matroska',
      '-format_whitelist',
      'matroska',
      '-protocol_whitelist',
      'file',
      '-probesize',
      '20000000',
      '-analyzeduration',
      '20000000',
      '-i',
      'original',
    ]);
    const clip = buildClipArgs(
      { file: 'original', demuxer: 'avi' },
      'enhanced.mp4',
      { start: 30, duration: 12 },
      { original: 'before.m4a', enhanced: 'after.m4a' },
    );
    const inputs = clip.flatMap((arg, i) => (arg === '-i' ? [clip[i + 1]] : []));
    expect(inputs).toEqual(['original', 'enhanced.mp4']);
    expect(clip.filter((arg) => arg === '-protocol_whitelist')).toHaveLength(2);
    expect(clip.join(' ')).toContain('-f avi -format_whitelist avi');
    expect(clip.join(' ')).toContain('-f mov -format_whitelist mov');
    // The same window of both, cut before decoding; two AAC outputs in MP4.
    expect(clip.join(' ').match(/-ss 30 -t 12 -i/g)).toHaveLength(2);
    expect(clip.join(' ')).toMatch(
      /-map 0:a:0 -c:a aac .* -f mp4 before\.m4a -map 1:a:0 -c:a aac .* -f mp4 after\.m4a$/,
    );
  });
});
