import { describe, expect, it } from 'vitest';
import { DEFAULT_LOGO_PLACEMENT, VIDEO_MESSAGES } from '@shared/videos.contract';
import type { UploadForm } from './upload-form';
import {
  canSubmitIn,
  hasUnfinishedWork,
  initialUploadState,
  reusableLogo,
  uploadPhase,
  uploadReducer,
  uploadStatusText,
  type UploadAction,
  type UploadState,
} from './upload-state';

const file = new File(['x'], 'class.mp4', { type: 'video/mp4' });
const details: UploadForm = {
  title: 'Hill Climb',
  description: null,
  replaceBackground: false,
  backgroundDescription: null,
  addLogo: false,
  logoPlacement: DEFAULT_LOGO_PLACEMENT,
  enhancementNotes: null,
  details: {
    instructorId: null,
    difficulty: null,
    classType: null,
    equipmentNotes: null,
    music: [],
  },
};
const stats = { sent: 5, total: 10, bytesPerSecond: null, secondsLeft: null, percent: 50 };
const run = (...actions: UploadAction[]) =>
  actions.reduce<UploadState>(uploadReducer, initialUploadState);
const connection = { kind: 'connection', message: VIDEO_MESSAGES.failedUploadVideo } as const;

describe('the upload (decision 0025): the file goes while the details are typed', () => {
  it('starts sending as soon as a file is chosen, and the details may be submitted meanwhile', () => {
    const sending = run({ type: 'select', file }, { type: 'progress', stats });
    expect(uploadPhase(sending)).toBe('sending');
    expect(sending.stats?.percent).toBe(50);
    expect(canSubmitIn(sending)).toBe(true);
    expect(hasUnfinishedWork(sending)).toBe(true);

    const waiting = uploadReducer(sending, { type: 'submit', details, logo: null });
    expect(uploadPhase(waiting)).toBe('waiting');
    expect(canSubmitIn(waiting)).toBe(false);
    // Saving waits for the file.
    expect(uploadReducer(waiting, { type: 'saving', step: 'details' })).toBe(waiting);

    const sent = uploadReducer(waiting, { type: 'sent', address: '/api/objects/uploads/v1' });
    expect(sent.stats?.percent).toBe(100);
    const saving = uploadReducer(sent, { type: 'saving', step: 'details' });
    expect(uploadPhase(saving)).toBe('saving');
    const done = uploadReducer(saving, { type: 'succeed', title: 'Hill Climb' });
    expect(uploadPhase(done)).toBe('success');
    expect(done.created).toBe('Hill Climb');
    expect(hasUnfinishedWork(done)).toBe(false);
  });

  it('keeps a sent file waiting for its details, with nothing left to lose by leaving but the form', () => {
    const sent = run({ type: 'select', file }, { type: 'sent', address: '/a' });
    expect(uploadPhase(sent)).toBe('sent');
    expect(canSubmitIn(sent)).toBe(true);
    expect(hasUnfinishedWork(sent)).toBe(false);
  });

  it('a stop keeps the file for a resume and drops a submission; resume sends again', () => {
    const stopped = run(
      { type: 'select', file },
      { type: 'submit', details, logo: null },
      { type: 'stop' },
    );
    expect(uploadPhase(stopped)).toBe('stopped');
    expect(stopped.submitted).toBeNull();
    expect(stopped.error).toBeNull();
    expect(canSubmitIn(stopped)).toBe(false);
    expect(uploadPhase(uploadReducer(stopped, { type: 'resume' }))).toBe('sending');
  });

  it('a dropped connection keeps the submitted details; Try Again continues the transfer', () => {
    const failed = run(
      { type: 'select', file },
      { type: 'submit', details, logo: null },
      { type: 'transferFailed', problem: connection },
    );
    expect(uploadPhase(failed)).toBe('error');
    expect(failed.submitted).not.toBeNull();
    expect(canSubmitIn(failed)).toBe(false);
    const again = uploadReducer(failed, { type: 'resume' });
    expect(uploadPhase(again)).toBe('waiting');
    expect(again.error).toBeNull();
  });

  it('a file the server finds is no video offers no Try Again and no submit', () => {
    const problem = { kind: 'file', message: VIDEO_MESSAGES.invalidTypeAlert } as const;
    const refused = run(
      { type: 'select', file },
      { type: 'sent', address: '/a' },
      { type: 'submit', details, logo: null },
      { type: 'saving', step: 'details' },
      { type: 'saveFailed', problem },
    );
    expect(uploadPhase(refused)).toBe('error');
    expect(refused.error).toEqual(problem);
    expect(canSubmitIn(refused)).toBe(false);
    expect(uploadReducer(refused, { type: 'resume' })).toBe(refused);
  });

  it('details the server refuses can be changed and submitted again, the file is not sent twice', () => {
    const problem = { kind: 'refused', message: 'Your plan allows up to 2 videos.' } as const;
    const refused = run(
      { type: 'select', file },
      { type: 'sent', address: '/a' },
      { type: 'submit', details, logo: null },
      { type: 'saving', step: 'details' },
      { type: 'saveFailed', problem },
    );
    expect(refused.submitted).toBeNull();
    expect(refused.address).toBe('/a');
    expect(canSubmitIn(refused)).toBe(true);
    const again = uploadReducer(refused, { type: 'submit', details, logo: null });
    expect(again.error).toBeNull();
    expect(uploadPhase(again)).toBe('sent');
  });

  it('a new file starts afresh but keeps a stored logo; reset too', () => {
    const logo = new File(['p'], 'logo.png', { type: 'image/png' });
    const state = run(
      { type: 'select', file },
      { type: 'logoStored', logo: { file: logo, address: '/logo' } },
      { type: 'select', file },
    );
    expect(state.storedLogo?.address).toBe('/logo');
    expect(reusableLogo(state.storedLogo, logo)).toBe('/logo');
    expect(reusableLogo(state.storedLogo, new File(['p'], 'logo.png'))).toBeNull();
    expect(uploadReducer(state, { type: 'reset' }).storedLogo?.address).toBe('/logo');
    expect(uploadPhase(uploadReducer(state, { type: 'reset' }))).toBe('idle');
  });

  it('ignores progress and results that arrive after a stop', () => {
    const stopped = run({ type: 'select', file }, { type: 'stop' });
    expect(uploadReducer(stopped, { type: 'progress', stats })).toBe(stopped);
    expect(uploadReducer(stopped, { type: 'sent', address: '/a' })).toBe(stopped);
    expect(uploadReducer(stopped, { type: 'transferFailed', problem: connection })).toBe(stopped);
  });

  it('says where the upload is in a line', () => {
    expect(uploadStatusText('waiting', initialUploadState)).toBe(
      'Your class is saved as soon as the upload finishes. You can leave this page.',
    );
    expect(uploadStatusText('saving', { saving: 'logo', error: null })).toBe('Uploading logo');
    expect(uploadStatusText('error', { saving: null, error: connection })).toBe(
      VIDEO_MESSAGES.failedUploadVideo,
    );
  });
});
