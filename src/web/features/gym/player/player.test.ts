import { describe, expect, it } from 'vitest';
import { enginesFor, HLS_CONFIG, levelLabel } from './media-engine';
import { randomUuid, startPosition } from './playback-device';
import { formatClock } from '@shared/format';

describe('enginesFor', () => {
  const both = {
    hlsUrl: '/media/videos/x/hls/v1/master.m3u8',
    mp4Url: '/media/videos/x/enhanced.mp4?v=1',
  };
  it('prefers hls.js where MSE exists, native HLS where it does not (iOS), the MP4 as the fallback', () => {
    expect(enginesFor(both, { mse: true, nativeHls: true })).toEqual(['hls.js', 'mp4']);
    expect(enginesFor(both, { mse: false, nativeHls: true })).toEqual(['native-hls', 'mp4']);
    expect(enginesFor(both, { mse: false, nativeHls: false })).toEqual(['mp4']);
    expect(
      enginesFor({ hlsUrl: null, mp4Url: both.mp4Url }, { mse: true, nativeHls: false }),
    ).toEqual(['mp4']);
    expect(
      enginesFor({ hlsUrl: both.hlsUrl, mp4Url: null }, { mse: true, nativeHls: false }),
    ).toEqual(['hls.js']);
    expect(enginesFor({ hlsUrl: null, mp4Url: null }, { mse: true, nativeHls: true })).toEqual([]);
  });

  it('buffers at least 60 s ahead and retries segment loads', () => {
    expect(HLS_CONFIG.maxBufferLength).toBeGreaterThanOrEqual(60);
    expect(HLS_CONFIG.maxMaxBufferLength).toBeGreaterThanOrEqual(60);
    expect(HLS_CONFIG.fragLoadPolicy.default.errorRetry.maxNumRetry).toBeGreaterThan(0);
  });

  it('labels rungs by height', () => {
    expect(levelLabel({ height: 720, bitrate: 2_800_000 })).toBe('720p');
    expect(levelLabel({ bitrate: 800_000 })).toBe('800 kbps');
  });
});

describe('startPosition', () => {
  const at = (iso: string) => Date.parse(iso);
  it('resumes from the newer of the device and the server', () => {
    expect(
      startPosition(
        { position: 300, at: at('2026-01-01T10:00:00Z') },
        { position: 200, at: '2026-01-01T09:00:00Z' },
        2700,
      ),
    ).toBe(300);
    expect(
      startPosition(
        { position: 300, at: at('2026-01-01T08:00:00Z') },
        { position: 200, at: '2026-01-01T09:00:00Z' },
        2700,
      ),
    ).toBe(200);
    expect(startPosition(null, { position: 200, at: '2026-01-01T09:00:00Z' }, null)).toBe(200);
    expect(startPosition({ position: 42, at: 1 }, null, 2700)).toBe(42);
  });

  it('starts over at the very start, near the end, or when the server says the class ended', () => {
    expect(startPosition(null, null, 2700)).toBe(0);
    expect(startPosition({ position: 3, at: 1 }, null, 2700)).toBe(0);
    expect(startPosition({ position: 2698, at: 1 }, null, 2700)).toBe(0);
    expect(
      startPosition({ position: 500, at: 1 }, { position: null, at: '2026-01-01T09:00:00Z' }, 2700),
    ).toBe(0);
  });
});

describe('formatClock and randomUuid', () => {
  it('formats a playhead for riders', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65.9)).toBe('1:05');
    expect(formatClock(3729)).toBe('1:02:09');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });

  it('makes v4 uuids the server accepts', () => {
    const ids = new Set(Array.from({ length: 50 }, randomUuid));
    expect(ids.size).toBe(50);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
