import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SECONDS_PER_VIDEO_SECOND,
  MANUAL_WORK_NOTE_PREFIX,
  OVERDUE_TEXT,
  TEAM_WAIT_TEXT,
  UNKNOWN_LENGTH_TEXT,
  enhancementTimeText,
  pipelineSpeed,
  readyEstimate,
  readyEstimateText,
  waitsForTeam,
  type ProcessingTime,
} from './processing-time.contract';

const UPLOADED_AT = '2026-11-25T12:00:00.000Z';
const at = (seconds: number) => Date.parse(UPLOADED_AT) + seconds * 1000;
const AUTO: ProcessingTime = { autoEnhance: true, secondsPerVideoSecond: 3, measured: true };
const video = (over: Partial<Parameters<typeof readyEstimate>[0]> = {}) => ({
  processingStatus: 'processing' as const,
  processingNotes: null,
  duration: '600',
  uploadedAt: UPLOADED_AT,
  ...over,
});

describe('pipelineSpeed', () => {
  it('uses the default when nothing was measured', () => {
    expect(pipelineSpeed([])).toEqual({
      secondsPerVideoSecond: DEFAULT_SECONDS_PER_VIDEO_SECOND,
      measured: false,
    });
  });

  it('takes the median of the per-video speeds, so one stalled video does not skew it', () => {
    const samples = [
      { elapsedSeconds: 100, durationSeconds: 30 }, // 3.33
      { elapsedSeconds: 120, durationSeconds: 60 }, // 2
      { elapsedSeconds: 36_000, durationSeconds: 60 }, // 600: waited for a stopped worker
    ];
    expect(pipelineSpeed(samples)).toEqual({ secondsPerVideoSecond: 3.333, measured: true });
    expect(pipelineSpeed(samples.slice(0, 2)).secondsPerVideoSecond).toBeCloseTo(2.667, 3);
  });

  it('ignores samples without a length or with a negative time', () => {
    expect(
      pipelineSpeed([
        { elapsedSeconds: 50, durationSeconds: 0 },
        { elapsedSeconds: -5, durationSeconds: 10 },
      ]).measured,
    ).toBe(false);
  });
});

describe('readyEstimate', () => {
  it('counts down from the length times the speed, from the upload', () => {
    // 600 s x 3 = 1800 s = 30 min.
    expect(readyEstimate(video(), AUTO, at(0))).toEqual({ kind: 'minutes', minutes: 30 });
    expect(readyEstimate(video(), AUTO, at(1741))).toEqual({ kind: 'minutes', minutes: 1 });
    expect(readyEstimateText(readyEstimate(video(), AUTO, at(600)))).toBe(
      'Ready in about 20 minutes',
    );
    expect(readyEstimateText({ kind: 'minutes', minutes: 1 })).toBe('Ready in about 1 minute');
  });

  it('never promises less than a minute for a short clip', () => {
    expect(readyEstimate(video({ duration: '5' }), AUTO, at(0))).toEqual({
      kind: 'minutes',
      minutes: 1,
    });
  });

  it('says when it takes longer than the estimate', () => {
    const estimate = readyEstimate(video(), AUTO, at(1800));
    expect(estimate).toEqual({ kind: 'overdue' });
    expect(readyEstimateText(estimate)).toBe(OVERDUE_TEXT);
  });

  it('has no figure before the length is known', () => {
    for (const duration of [null, '', 'abc', '0']) {
      const estimate = readyEstimate(video({ duration }), AUTO, at(0));
      expect(estimate).toEqual({ kind: 'unknown' });
      expect(readyEstimateText(estimate)).toBe(UNKNOWN_LENGTH_TEXT);
    }
  });

  it('keeps 24-48 hours for a video waiting for the admin team', () => {
    const manual = video({ processingNotes: `${MANUAL_WORK_NOTE_PREFIX}: the camera moves.` });
    expect(readyEstimate(manual, AUTO, at(0))).toEqual({ kind: 'team' });
    const off = { ...AUTO, autoEnhance: false };
    expect(readyEstimate(video({ processingStatus: 'uploaded' }), off, at(0))).toEqual({
      kind: 'team',
    });
    expect(readyEstimateText({ kind: 'team' })).toBe(TEAM_WAIT_TEXT);
    expect(TEAM_WAIT_TEXT).toContain('24-48 hours');
  });
});

describe('waitsForTeam', () => {
  it('is true only for an upload without automation, or a video automation gave up on', () => {
    expect(waitsForTeam(video({ processingStatus: 'uploaded' }), true)).toBe(false);
    expect(waitsForTeam(video({ processingStatus: 'uploaded' }), false)).toBe(true);
    expect(waitsForTeam(video({ processingNotes: 'Enhanced automatically: x.' }), true)).toBe(
      false,
    );
  });
});

describe('enhancementTimeText', () => {
  it('promises minutes only with automatic enhancement on', () => {
    expect(enhancementTimeText(true)).toBe('usually ready in minutes');
    expect(enhancementTimeText(false)).toBe('ready within 24-48 hours');
  });
});
