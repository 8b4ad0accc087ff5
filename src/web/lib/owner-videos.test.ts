import { describe, expect, it } from 'vitest';
import { videoCardStatus, videoStats } from './owner-videos';

describe('videoCardStatus (product.md §2)', () => {
  it.each([
    [{ processingStatus: 'failed', enhancedFileUrl: '/x.mp4' }, 'error'],
    [{ processingStatus: 'failed', enhancedFileUrl: null }, 'error'],
    [{ processingStatus: 'enhanced', enhancedFileUrl: '/x.mp4' }, 'ready'],
    // An earlier enhanced file being redone: riders cannot play it, so not ready.
    [{ processingStatus: 'processing', enhancedFileUrl: '/x.mp4' }, 'processing'],
    [{ processingStatus: 'enhanced', enhancedFileUrl: null }, 'processing'],
    [{ processingStatus: 'uploaded', enhancedFileUrl: null }, 'processing'],
  ] as const)('%j is %s', (video, expected) => {
    expect(videoCardStatus(video)).toBe(expected);
  });
});

describe('videoStats', () => {
  it('counts total, enhanced, processing and pending', () => {
    const statuses = [
      'enhanced',
      'enhanced',
      'processing',
      'uploaded',
      'uploaded',
      'uploaded',
      'failed',
    ] as const;
    expect(videoStats(statuses.map((processingStatus) => ({ processingStatus })))).toEqual({
      total: 7,
      enhanced: 2,
      processing: 1,
      pending: 3,
    });
    expect(videoStats([])).toEqual({ total: 0, enhanced: 0, processing: 0, pending: 0 });
  });
});
