// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES } from '@shared/admin.contract';
import { OBJECT_URL_HEADER } from '@shared/uploads.contract';
import { VIDEO_MESSAGES } from '@shared/videos.contract';
import { useToast } from '@web/lib/use-toast';
import { fakeFetch, jsonResponse, queryWrapper, type SentRequest } from '@web/test/hook-harness';
import { adminVideoKeys } from './api/admin-videos';
import { useAdminVideoActions } from './use-admin-video-actions';

/** tus-js-client is the XHR boundary of the resumable upload: a fake that sends at once. */
const tus = vi.hoisted(() => ({ fail: false, started: 0 }));
vi.mock('tus-js-client', () => ({
  Upload: class {
    constructor(
      readonly file: File,
      readonly options: {
        onProgress: (sent: number, total: number) => void;
        onSuccess: (payload: { lastResponse: { getHeader(name: string): string } }) => void;
        onError: (error: Error) => void;
      },
    ) {}
    findPreviousUploads() {
      return Promise.resolve([]);
    }
    start() {
      tus.started += 1;
      this.options.onProgress(512, 1024);
      if (tus.fail) {
        this.options.onError(new Error('network down'));
        return;
      }
      this.options.onSuccess({
        lastResponse: {
          getHeader: (name) => (name === OBJECT_URL_HEADER ? '/objects/uploads/enhanced-1' : ''),
        },
      });
    }
    resumeFromPreviousUpload() {}
    abort() {
      return Promise.resolve();
    }
  },
}));

const video = {
  id: 'video-1',
  title: 'Hill Climb',
  originalFileName: 'hill-climb.mp4',
  processingStatus: 'uploaded' as const,
};

function setup() {
  const { client, wrapper } = queryWrapper();
  // The desk's list and a history, cached: a change must mark both for reading again.
  const listKey = adminVideoKeys.list({ page: 2 });
  const historyKey = adminVideoKeys.events(video.id);
  client.setQueryData(listKey, { videos: [] });
  client.setQueryData(historyKey, { events: [] });
  const view = renderHook(
    () => ({ actions: useAdminVideoActions(video), toast: useToast().toasts[0] }),
    {
      wrapper,
    },
  );
  const invalidated = () =>
    [listKey, historyKey].map((key) => client.getQueryState(key)?.isInvalidated);
  return { ...view, invalidated };
}

beforeEach(() => {
  tus.fail = false;
  tus.started = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('useAdminVideoActions: status changes', () => {
  it('sends the move with the notes and the status seen, clears the notes and says so', async () => {
    const sent = fakeFetch(() => jsonResponse(200, { video: {} }));
    const { result, invalidated } = setup();
    act(() => result.current.actions.setNotes('Fixing the lighting by hand'));
    act(() => result.current.actions.changeStatus('processing'));

    await waitFor(() => expect(result.current.actions.busy).toBeNull());
    expect(sent).toEqual<SentRequest[]>([
      {
        method: 'PUT',
        url: '/api/admin/videos/video-1/status',
        body: { status: 'processing', notes: 'Fixing the lighting by hand', from: 'uploaded' },
      },
    ]);
    expect(result.current.actions.notes).toBe('');
    expect(result.current.toast).toMatchObject({
      title: ADMIN_MESSAGES.statusUpdatedTitle,
      description: 'Video status changed to processing',
    });
    expect(invalidated()).toEqual([true, true]);
  });

  it("shows the server's own 409 message and keeps the notes", async () => {
    fakeFetch(() => jsonResponse(409, { message: ADMIN_MESSAGES.statusChanged }));
    const { result, invalidated } = setup();
    act(() => result.current.actions.setNotes('Try again'));
    act(() => result.current.actions.changeStatus('processing'));

    await waitFor(() => expect(result.current.toast?.title).toBe(ADMIN_MESSAGES.updateFailedTitle));
    expect(result.current.toast).toMatchObject({
      description: ADMIN_MESSAGES.statusChanged,
      variant: 'destructive',
    });
    expect(result.current.actions.notes).toBe('Try again');
    expect(result.current.actions.busy).toBeNull();
    expect(invalidated()).toEqual([true, true]);
  });

  it('falls back to its own words when the answer carries no message', async () => {
    fakeFetch(() => new Response('Bad Gateway', { status: 502 }));
    const { result } = setup();
    act(() => result.current.actions.changeStatus('failed'));
    await waitFor(() =>
      expect(result.current.toast?.description).toBe(ADMIN_MESSAGES.updateFailed),
    );
  });

  it('takes one call at a time', async () => {
    let release: (r: Response) => void = () => undefined;
    const sent = fakeFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    const { result } = setup();
    act(() => result.current.actions.changeStatus('processing'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(result.current.actions.busy).toBe('status');
    act(() => result.current.actions.changeStatus('failed'));
    act(() => result.current.actions.downloadOriginal());
    expect(sent).toHaveLength(1);
    release(jsonResponse(200, { video: {} }));
    await waitFor(() => expect(result.current.actions.busy).toBeNull());
  });
});

describe('useAdminVideoActions: download', () => {
  it('checks the file with HEAD, then saves it through a link', async () => {
    const clicked = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const sent = fakeFetch(() => new Response(null, { status: 200 }));
    const { result } = setup();
    act(() => result.current.actions.downloadOriginal());
    await waitFor(() => expect(result.current.toast?.title).toBe(ADMIN_MESSAGES.downloadStarted));
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'HEAD /api/admin/videos/video-1/download',
    ]);
    expect(clicked).toHaveBeenCalledOnce();
    expect(result.current.toast?.description).toBe('hill-climb.mp4');
    clicked.mockRestore();
  });

  it('says so when the original cannot be had', async () => {
    fakeFetch(() => new Response(null, { status: 404 }));
    const { result } = setup();
    act(() => result.current.actions.downloadOriginal());
    await waitFor(() =>
      expect(result.current.toast?.title).toBe(ADMIN_MESSAGES.downloadFailedTitle),
    );
    expect(result.current.toast?.description).toBe(ADMIN_MESSAGES.downloadFailed);
  });
});

describe('useAdminVideoActions: enhanced upload', () => {
  const enhanced = () => new File([new Uint8Array(1024)], 'enhanced.mp4', { type: 'video/mp4' });

  it('refuses a file that is not a video before sending anything', () => {
    const sent = fakeFetch(() => jsonResponse(200, {}));
    const { result } = setup();
    act(() =>
      result.current.actions.uploadEnhancedFile(
        new File(['x'], 'notes.txt', { type: 'text/plain' }),
      ),
    );
    expect(result.current.toast).toMatchObject({
      title: VIDEO_MESSAGES.invalidTypeTitle,
      description: VIDEO_MESSAGES.invalidTypeDescription,
    });
    expect(tus.started).toBe(0);
    expect(sent).toHaveLength(0);
  });

  it('sends the file resumably, then names it to the video', async () => {
    const sent = fakeFetch(() => jsonResponse(200, { video: {} }));
    const { result, invalidated } = setup();
    act(() => result.current.actions.uploadEnhancedFile(enhanced()));
    await waitFor(() => expect(result.current.toast?.title).toBe(ADMIN_MESSAGES.enhancedUploaded));
    expect(result.current.actions.uploadProgress).toBe(0.5);
    expect(sent).toEqual<SentRequest[]>([
      {
        method: 'POST',
        url: '/api/admin/videos/video-1/enhanced',
        body: { uploadURL: '/objects/uploads/enhanced-1' },
      },
    ]);
    expect(invalidated()).toEqual([true, true]);
  });

  it("shows the server's reason when it refuses the file", async () => {
    fakeFetch(() => jsonResponse(409, { message: ADMIN_MESSAGES.enhancedUploadWrongStatus }));
    const { result } = setup();
    act(() => result.current.actions.uploadEnhancedFile(enhanced()));
    await waitFor(() => expect(result.current.toast?.title).toBe(ADMIN_MESSAGES.uploadFailedTitle));
    expect(result.current.toast?.description).toBe(ADMIN_MESSAGES.enhancedUploadWrongStatus);
  });

  it('falls back to its own words when the transfer itself fails', async () => {
    tus.fail = true;
    const sent = fakeFetch(() => jsonResponse(200, {}));
    const { result } = setup();
    act(() => result.current.actions.uploadEnhancedFile(enhanced()));
    await waitFor(() =>
      expect(result.current.toast?.description).toBe(ADMIN_MESSAGES.uploadFailed),
    );
    expect(sent).toHaveLength(0);
  });
});
