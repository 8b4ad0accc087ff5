import { describe, expect, it } from 'vitest';
import { limitBreach, MEDIA_LIMITS } from './media-limits';
import type { ProbedInfo } from './probe-args';

const clip = (
  over: {
    seconds?: number;
    width?: number;
    height?: number;
    fps?: number | null;
    frames?: number | null;
  } = {},
): ProbedInfo => ({
  durationSeconds: over.seconds ?? 45 * 60,
  formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
  comment: null,
  bitRate: null,
  video: {
    codec: 'h264',
    profile: 'High',
    pixFmt: 'yuv420p',
    width: over.width ?? 1920,
    height: over.height ?? 1080,
    rotation: 0,
    fps: over.fps === undefined ? 30 : over.fps,
    frames: over.frames === undefined ? null : over.frames,
    bitRate: null,
  },
  audio: null,
});

/** A 45-minute 1080p class at 4 Mbit/s. */
const CLASS_BYTES = (45 * 60 * 4_000_000) / 8;

describe('limitBreach', () => {
  it('lets a gym class through: up to 3 hours, 4K either way up, up to 120 fps', () => {
    expect(limitBreach(clip(), CLASS_BYTES)).toBeNull();
    expect(limitBreach(clip({ seconds: 3 * 60 * 60 }), 6e9)).toBeNull();
    expect(limitBreach(clip({ width: 3840, height: 2160, fps: 60 }), CLASS_BYTES)).toBeNull();
    expect(limitBreach(clip({ width: 2160, height: 3840 }), CLASS_BYTES)).toBeNull();
    expect(limitBreach(clip({ width: 4096, height: 2160, fps: 120 }), CLASS_BYTES)).toBeNull();
    expect(limitBreach(clip({ frames: 45 * 60 * 30 }), CLASS_BYTES)).toBeNull();
    // A short clip may be tiny (a still frame, no sound).
    expect(limitBreach(clip({ seconds: 10 }), 2_000)).toBeNull();
  });

  it('refuses a class longer than 3 hours', () => {
    expect(limitBreach(clip({ seconds: 3 * 60 * 60 + 1 }), 6e9)).toBe('too-long');
    expect(limitBreach(clip({ seconds: 23 * 60 * 60 }), 250_000)).toBe('too-long');
  });

  it('refuses more than 4096 pixels on either side', () => {
    expect(limitBreach(clip({ width: 4097 }), CLASS_BYTES)).toBe('too-large');
    expect(limitBreach(clip({ height: 8192, width: 1080 }), CLASS_BYTES)).toBe('too-large');
  });

  it('refuses more frames than the length at 120 fps', () => {
    expect(limitBreach(clip({ fps: 240 }), CLASS_BYTES)).toBe('too-many-frames');
    expect(limitBreach(clip({ seconds: 10, fps: null, frames: 1_000_000 }), 5e6)).toBe(
      'too-many-frames',
    );
    expect(
      limitBreach(clip({ seconds: 10, frames: 10 * MEDIA_LIMITS.maxFps + 1 }), 5e6),
    ).toBeNull();
  });

  it('refuses a small file claiming a long running time (a 250 KB file "lasting" 2 hours)', () => {
    expect(limitBreach(clip({ seconds: 2 * 60 * 60 }), 250_000)).toBe('too-small-for-length');
    expect(limitBreach(clip({ seconds: 61 }), 1_000)).toBe('too-small-for-length');
  });
});
