import { describe, expect, it } from 'vitest';
import { explainFailure } from './video-failure';

describe('explainFailure: why a video failed, in the owner’s words', () => {
  it('puts the notes of a job that failed for good in plain words, without tools or attempts', () => {
    const prepare = explainFailure(
      'Preparing the video for playback failed after 3 attempts (ffmpeg could not process the video). Please upload the video again.',
    );
    expect(prepare).toBe(
      'We could not prepare this video for playback; the file may be damaged. Please upload it again, or export it as MP4 (H.264) and upload that.',
    );
    for (const note of [
      'Automatic enhancement failed after 3 attempts (ffmpeg could not process the video). An admin can retry it or upload an enhanced file.',
      'Packaging the enhanced video for streaming failed after 1 attempt (disk full). An admin can retry it or upload an enhanced file.',
    ]) {
      const reason = explainFailure(note);
      expect(reason).not.toMatch(/ffmpeg|attempt|disk/i);
      expect(reason).toMatch(/Cadence team/);
    }
  });

  it('keeps notes that are already plain (an unreadable or oversized file, an admin’s own note)', () => {
    const unreadable =
      'We could not read this video file, so it cannot be processed. Please upload it again, or export it as MP4 (H.264) and upload that.';
    expect(explainFailure(unreadable)).toBe(unreadable);
    expect(explainFailure('The sound is missing from the second half.')).toBe(
      'The sound is missing from the second half.',
    );
  });

  it('speaks of the enhanced file an admin uploaded as the team’s to fix', () => {
    expect(
      explainFailure(
        'The enhanced file could not be read, so it cannot be streamed. Please upload a playable MP4.',
      ),
    ).toBe(
      'The enhanced file made for this class could not be used. The Cadence team can upload a new one.',
    );
  });

  it('says something useful when there is no note', () => {
    expect(explainFailure(null)).toBe('Processing failed. Please upload the video again.');
    expect(explainFailure('   ')).toBe('Processing failed. Please upload the video again.');
  });
});
