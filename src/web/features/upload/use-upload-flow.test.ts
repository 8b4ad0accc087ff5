// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OBJECT_URL_HEADER } from '@shared/uploads.contract';
import type { PublicUser } from '@shared/auth.contract';
import { DEFAULT_LOGO_PLACEMENT, VIDEO_MESSAGES } from '@shared/videos.contract';
import { setCurrentUser } from '@web/lib/session';
import { useToast } from '@web/lib/use-toast';
import { fakeFetch, jsonResponse, queryWrapper, type SentRequest } from '@web/test/hook-harness';
import { REDIRECT_AFTER_SUCCESS_MS, useUploadFlow } from './use-upload-flow';

/** tus-js-client is the XHR boundary of the video upload: a fake server for it. */
const tus = vi.hoisted(() => ({
  /** 'finish' sends the file at once; 'hang' never ends (until aborted); 'fail' errors. */
  mode: 'finish' as 'finish' | 'hang' | 'fail',
  started: 0,
  aborted: 0,
  previous: [] as Array<{ creationTime: string }>,
}));
vi.mock('tus-js-client', () => ({
  Upload: class {
    constructor(
      readonly file: File,
      readonly options: {
        onProgress?: (sent: number, total: number) => void;
        onSuccess?: (payload: { lastResponse: { getHeader(name: string): string } }) => void;
        onError?: (error: Error) => void;
      },
    ) {}
    findPreviousUploads() {
      return Promise.resolve(tus.previous);
    }
    resumeFromPreviousUpload() {}
    start() {
      tus.started += 1;
      const total = this.file.size;
      this.options.onProgress?.(total / 2, total);
      if (tus.mode === 'hang') return;
      if (tus.mode === 'fail') {
        this.options.onError?.(new Error('connection reset'));
        return;
      }
      this.options.onProgress?.(total, total);
      this.options.onSuccess?.({
        lastResponse: {
          getHeader: (name) => (name === OBJECT_URL_HEADER ? '/api/objects/uploads/video-1' : ''),
        },
      });
    }
    abort() {
      tus.aborted += 1;
      return Promise.resolve();
    }
  },
}));

const clip = () => new File([new Uint8Array(4096)], 'class.mp4', { type: 'video/mp4' });
const logoFile = () => new File([new Uint8Array(64)], 'logo.png', { type: 'image/png' });

/** The API as the upload screen meets it: a logo upload URL, the logo PUT, the video creation. */
function fakeServer(create: (body: unknown) => Response = () => created('class')) {
  return fakeFetch((request) => {
    if (request.method === 'POST' && request.url === '/api/objects/upload')
      return jsonResponse(200, { uploadURL: '/api/objects/uploads/logo-1?signature=abc' });
    if (request.method === 'PUT' && request.url.startsWith('/api/objects/uploads/logo-1'))
      return jsonResponse(200, { message: 'stored', size: 64 });
    if (request.method === 'POST' && request.url === '/api/auth/videos')
      return create(request.body);
    return jsonResponse(404, { message: 'not here' });
  });
}
const created = (title: string) => jsonResponse(201, { video: { title } });
const creations = (sent: SentRequest[]) =>
  sent.filter((r) => r.method === 'POST' && r.url === '/api/auth/videos');

function setup(user: Partial<PublicUser> | null = null) {
  const { client, wrapper } = queryWrapper();
  // Signed in (the app shell loaded the session before this screen).
  setCurrentUser(client, user ? { ...(user as PublicUser) } : null);
  return renderHook(() => ({ flow: useUploadFlow(), toast: useToast().toasts[0] }), { wrapper });
}

beforeEach(() => {
  tus.mode = 'finish';
  tus.started = 0;
  tus.aborted = 0;
  tus.previous = [];
  window.history.replaceState(null, '', '/upload');
});
afterEach(() => vi.unstubAllGlobals());

describe('useUploadFlow: choosing files', () => {
  it('refuses a file that is not a video and keeps nothing selected', () => {
    const { result } = setup();
    act(() =>
      result.current.flow.chooseVideo(new File(['x'], 'notes.txt', { type: 'text/plain' })),
    );
    expect(result.current.flow.state.phase).toBe('idle');
    expect(result.current.flow.fileProblem).toBe(VIDEO_MESSAGES.invalidTypeAlert);
    expect(result.current.toast).toMatchObject({ title: VIDEO_MESSAGES.invalidTypeTitle });
  });

  it('selects a video, prefills the title from its name and notices an earlier attempt', async () => {
    tus.previous = [{ creationTime: '2026-01-01T00:00:00Z' }];
    const { result } = setup();
    act(() => result.current.flow.chooseVideo(clip()));
    expect(result.current.flow.state.phase).toBe('fileSelected');
    expect(result.current.flow.form.getValues('title')).toBe('class');
    await waitFor(() => expect(result.current.flow.resumable).toBe(true));
    await waitFor(() => expect(result.current.flow.canSubmit).toBe(true));
  });

  it('holds the upload back while the title is empty, a background has no description or a logo is missing', async () => {
    const { result } = setup();
    act(() => result.current.flow.chooseVideo(clip()));
    await waitFor(() => expect(result.current.flow.canSubmit).toBe(true));

    act(() => result.current.flow.form.setValue('title', '   ', { shouldValidate: true }));
    await waitFor(() =>
      expect(result.current.flow.form.formState.errors.title?.message).toBe(
        VIDEO_MESSAGES.titleRequired,
      ),
    );
    expect(result.current.flow.canSubmit).toBe(false);
    act(() => result.current.flow.form.setValue('title', 'Hill Climb', { shouldValidate: true }));
    await waitFor(() => expect(result.current.flow.canSubmit).toBe(true));

    act(() => result.current.flow.setReplaceBackground(true));
    await waitFor(() =>
      expect(result.current.flow.form.formState.errors.backgroundDescription?.message).toBe(
        VIDEO_MESSAGES.backgroundRequired,
      ),
    );
    expect(result.current.flow.canSubmit).toBe(false);
    act(() => result.current.flow.setReplaceBackground(false));
    await waitFor(() => expect(result.current.flow.canSubmit).toBe(true));
    expect(result.current.flow.form.formState.errors.backgroundDescription).toBeUndefined();

    act(() => result.current.flow.setAddLogo(true));
    expect(result.current.flow.logoMissing).toBe(true);
    expect(result.current.flow.canSubmit).toBe(false);
    act(() => result.current.flow.chooseLogo(logoFile()));
    expect(result.current.flow.canSubmit).toBe(true);
    act(() => result.current.flow.setAddLogo(false));
    expect(result.current.flow.logo).toBeNull();
  });
});

describe('useUploadFlow: the upload', () => {
  it('sends the logo, then the video, then the details; says so and moves to the library', async () => {
    const sent = fakeServer(() => created('Hill Climb'));
    const { result } = setup();
    act(() => result.current.flow.chooseVideo(clip()));
    act(() => {
      const { form } = result.current.flow;
      form.setValue('title', '  Hill Climb  ');
      form.setValue('description', '   ');
      form.setValue('backgroundDescription', 'A sunrise', { shouldValidate: true });
      form.setValue('enhancementNotes', ' The left side is dark ');
    });
    act(() => result.current.flow.setReplaceBackground(true));
    act(() => result.current.flow.setAddLogo(true));
    act(() => result.current.flow.chooseLogo(logoFile()));
    await waitFor(() => expect(result.current.flow.canSubmit).toBe(true));
    expect(result.current.flow.steps).toEqual(['logo', 'video', 'details']);

    await act(() => result.current.flow.submit());

    expect(result.current.flow.state.phase).toBe('success');
    expect(tus.started).toBe(1);
    expect(
      sent.map((r) => `${r.method} ${r.url}`).filter((r) => r !== 'GET /api/auth/user'),
    ).toEqual([
      'POST /api/objects/upload',
      'PUT /api/objects/uploads/logo-1?signature=abc',
      'POST /api/auth/videos',
    ]);
    expect(creations(sent)[0]?.body).toEqual({
      videoURL: '/api/objects/uploads/video-1',
      title: 'Hill Climb',
      description: null,
      originalFileName: 'class.mp4',
      fileSize: '4096',
      replaceBackground: true,
      backgroundDescription: 'A sunrise',
      addLogo: true,
      logoFileUrl: '/api/objects/uploads/logo-1',
      logoPlacement: DEFAULT_LOGO_PLACEMENT,
      enhancementNotes: 'The left side is dark',
    });
    expect(result.current.flow.uploadedTitle).toBe('Hill Climb');
    expect(result.current.toast).toMatchObject({
      title: VIDEO_MESSAGES.successTitle,
      description: VIDEO_MESSAGES.successDescription('Hill Climb'),
    });
    await waitFor(() => expect(window.location.pathname).toBe('/videos'), {
      timeout: REDIRECT_AFTER_SUCCESS_MS + 1000,
    });
  });

  it("uses the gym's logo by default on a plan with branding: no file, the placement chosen", async () => {
    const sent = fakeServer(() => created('class'));
    const { result } = setup({ companyLogoUrl: '/logos/u/abc-512.png', plan: 'power-cycle' });
    act(() => result.current.flow.chooseVideo(clip()));
    expect(result.current.flow.form.getValues('addLogo')).toBe(true);
    expect(result.current.flow.logoMissing).toBe(false);
    const placement = { corner: 'bottom-left', size: 6, opacity: 80 } as const;
    act(() => result.current.flow.form.setValue('logoPlacement', placement));
    await waitFor(() => expect(result.current.flow.canSubmit).toBe(true));
    expect(result.current.flow.steps).toEqual(['video', 'details']);

    await act(() => result.current.flow.submit());
    expect(creations(sent)[0]?.body).toMatchObject({
      addLogo: true,
      logoFileUrl: null,
      logoPlacement: placement,
    });
  });

  it('leaves Add Logo off on the free plan, and without a gym logo asks for a file', async () => {
    const free = setup({ companyLogoUrl: '/logos/u/abc-512.png', plan: 'spin-starter' });
    expect(free.result.current.flow.form.getValues('addLogo')).toBe(false);
    const none = setup({ companyLogoUrl: null, plan: 'spin-master' });
    expect(none.result.current.flow.form.getValues('addLogo')).toBe(false);
    act(() => none.result.current.flow.setAddLogo(true));
    expect(none.result.current.flow.logoMissing).toBe(true);
  });

  it("shows the server's reason, and 'Try Again' reuses the video already sent", async () => {
    let refuse = true;
    const sent = fakeServer(() =>
      refuse
        ? jsonResponse(403, { message: 'Your Free plan allows up to 3 videos.' })
        : created('class'),
    );
    const { result } = setup();
    act(() => result.current.flow.chooseVideo(clip()));
    await waitFor(() => expect(result.current.flow.canSubmit).toBe(true));

    await act(() => result.current.flow.submit());
    expect(result.current.flow.state.phase).toBe('error');
    expect(result.current.flow.state.error?.message).toBe('Your Free plan allows up to 3 videos.');
    expect(result.current.toast).toMatchObject({
      title: VIDEO_MESSAGES.uploadFailedTitle,
      description: 'Your Free plan allows up to 3 videos.',
    });

    refuse = false;
    act(() => result.current.flow.retry());
    expect(result.current.flow.state.phase).toBe('fileSelected');
    await act(() => result.current.flow.submit());
    expect(result.current.flow.state.phase).toBe('success');
    expect(tus.started).toBe(1);
    expect(creations(sent)).toHaveLength(2);
  });

  it('names the failed step when the transfer itself fails', async () => {
    tus.mode = 'fail';
    const sent = fakeServer();
    const { result } = setup();
    act(() => result.current.flow.chooseVideo(clip()));
    await waitFor(() => expect(result.current.flow.canSubmit).toBe(true));
    await act(() => result.current.flow.submit());
    expect(result.current.flow.state.error?.message).toBe(VIDEO_MESSAGES.failedUploadVideo);
    expect(creations(sent)).toHaveLength(0);
  });

  it('cancels quietly: the transfer stops, the file stays chosen, no error is shown', async () => {
    tus.mode = 'hang';
    const sent = fakeServer();
    const { result } = setup();
    act(() => result.current.flow.chooseVideo(clip()));
    await waitFor(() => expect(result.current.flow.canSubmit).toBe(true));
    // An aborted tus upload never settles, so the submit is left pending, as in the browser.
    act(() => void result.current.flow.submit());
    await waitFor(() => expect(result.current.flow.state.stats?.percent).toBe(50));
    expect(result.current.flow.state.phase).toBe('uploading');
    expect(result.current.flow.busy).toBe(true);

    const toastBefore = result.current.toast?.id;
    act(() => result.current.flow.cancelUpload());
    expect(tus.aborted).toBeGreaterThanOrEqual(1);
    expect(result.current.flow.state.phase).toBe('fileSelected');
    expect(result.current.flow.state.error).toBeNull();
    expect(result.current.toast?.id).toBe(toastBefore);
    expect(creations(sent)).toHaveLength(0);
  });

  it("'Choose Different File' clears the file, the details and the logo", async () => {
    const { result } = setup();
    act(() => result.current.flow.chooseVideo(clip()));
    act(() => result.current.flow.setAddLogo(true));
    act(() => result.current.flow.chooseLogo(logoFile()));
    act(() => result.current.flow.chooseDifferentFile());
    expect(result.current.flow.state.phase).toBe('idle');
    expect(result.current.flow.state.file).toBeNull();
    expect(result.current.flow.logo).toBeNull();
    expect(result.current.flow.form.getValues()).toMatchObject({ title: '', addLogo: false });
  });
});
