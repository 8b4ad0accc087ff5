import { describe, expect, it } from 'vitest';
import {
  initialUploadState,
  reusable,
  uploadReducer,
  type UploadAction,
  type UploadState,
} from './upload-state';

const video = new File(['x'], 'class.mp4', { type: 'video/mp4' });
const other = new File(['y'], 'other.mp4', { type: 'video/mp4' });
const run = (actions: UploadAction[], from: UploadState = initialUploadState) =>
  actions.reduce(uploadReducer, from);

describe('uploadReducer (product.md §4 upload flow)', () => {
  it('goes idle -> fileSelected -> uploading -> success', () => {
    const states = [
      { type: 'select', file: video },
      { type: 'start' },
      { type: 'succeed' },
    ] as const;
    let state = initialUploadState;
    const phases = [state.phase];
    for (const action of states) {
      state = uploadReducer(state, action);
      phases.push(state.phase);
    }
    expect(phases).toEqual(['idle', 'fileSelected', 'uploading', 'success']);
  });

  it('goes to error with the message, and Try Again returns to fileSelected keeping the file', () => {
    const failed = run([
      { type: 'select', file: video },
      { type: 'start' },
      { type: 'fail', message: 'Failed to upload video file', detail: 'x' },
    ]);
    expect(failed).toMatchObject({
      phase: 'error',
      error: { message: 'Failed to upload video file', detail: 'x' },
    });
    expect(uploadReducer(failed, { type: 'retry' })).toMatchObject({
      phase: 'fileSelected',
      file: video,
      error: null,
    });
  });

  it('Choose Different File is a full reset', () => {
    const failed = run([
      { type: 'select', file: video },
      { type: 'start' },
      { type: 'fail', message: 'm' },
    ]);
    expect(uploadReducer(failed, { type: 'reset' })).toEqual(initialUploadState);
  });

  it('cannot start without a file, and ignores progress outside an upload', () => {
    expect(uploadReducer(initialUploadState, { type: 'start' })).toBe(initialUploadState);
    const selected = run([{ type: 'select', file: video }]);
    expect(
      uploadReducer(selected, {
        type: 'progress',
        stats: { sent: 1, total: 2, bytesPerSecond: null, secondsLeft: null, percent: 50 },
      }),
    ).toBe(selected);
  });

  it('keeps a finished video for Try Again only while the same file is chosen', () => {
    const state = run([
      { type: 'select', file: video },
      { type: 'start' },
      { type: 'finished', part: 'video', upload: { file: video, address: '/api/objects/a' } },
      { type: 'fail', message: 'm' },
      { type: 'retry' },
    ]);
    expect(reusable(state.finished.video, state.file)).toBe('/api/objects/a');
    const switched = uploadReducer(state, { type: 'select', file: other });
    expect(reusable(switched.finished.video, switched.file)).toBeNull();
  });
});
