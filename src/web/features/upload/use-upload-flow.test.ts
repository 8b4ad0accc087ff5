// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OBJECT_URL_HEADER } from '@shared/uploads.contract';
import type { PublicUser } from '@shared/auth.contract';
import { DEFAULT_LOGO_PLACEMENT, VIDEO_MESSAGES } from '@shared/videos.contract';
import { forgetAccountData, setCurrentUser } from '@web/lib/session';
import { useToast } from '@web/lib/use-toast';
import { fakeFetch, jsonResponse, queryWrapper, type SentRequest } from '@web/test/hook-harness';
import { discardUpload } from './upload-manager';
import { initialUploadState } from './upload-state';
import { getUploadDraft, getUploadState } from './upload-store';
import { REDIRECT_AFTER_SUCCESS_MS, useUploadFlow } from './use-upload-flow';

/** tus-js-client is the XHR boundary of the video upload: a fake server for it. */
const tus = vi.hoisted(() => ({
  /** 'finish' sends the file at once; 'hang' waits for `finish()`; 'fail' errors. */
  mode: 'finish' as 'finish' | 'hang' | 'fail',
  started: 0,
  aborts: [] as boolean[],
  terminated: [] as string[],
  stored: [] as Array<Record<string, unknown>>,
  finish: () => {},
}));
vi.mock('tus-js-client', () => ({
  defaultOptions: {
    urlStorage: {
      findAllUploads: () => Promise.resolve(tus.stored),
      removeUpload: (key: string) => {
        tus.stored = tus.stored.filter((u) => u.urlStorageKey !== key);
        return Promise.resolve();
      },
    },
  },
  Upload: class {
    static terminate(url: string) {
      tus.terminated.push(url);
      return Promise.resolve();
    }
    constructor(
      readonly file: File,
      readonly options: {
        onProgress?: (sent: number, total: number) => void;
        onSuccess?: (payload: { lastResponse: { getHeader(name: string): string } }) => void;
        onError?: (error: Error) => void;
      },
    ) {}
    findPreviousUploads() {
      return Promise.resolve([]);
    }
    resumeFromPreviousUpload() {}
    start() {
      tus.started += 1;
      const total = this.file.size;
      this.options.onProgress?.(total / 2, total);
      const finish = () => {
        this.options.onProgress?.(total, total);
        this.options.onSuccess?.({
          lastResponse: {
            getHeader: (name) => (name === OBJECT_URL_HEADER ? '/api/objects/uploads/video-1' : ''),
          },
        });
      };
      if (tus.mode === 'hang') tus.finish = finish;
      else if (tus.mode === 'fail') this.options.onError?.(new Error('connection reset'));
      else finish();
    }
    abort(terminate?: boolean) {
      tus.aborts.push(Boolean(terminate));
      return Promise.resolve();
    }
  },
}));

/** An MP4's first bytes (an 'ftyp' box), then padding. */
const MP4_HEAD = new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
const clip = (name = 'class.mp4') =>
  new File([MP4_HEAD, new Uint8Array(4084)], name, { type: 'video/mp4' });
const logoFile = () => new File([new Uint8Array(64)], 'logo.png', { type: 'image/png' });

const failedVideo = {
  id: 'v-failed',
  title: 'Broken Climb',
  description: 'Forty minutes',
  processingStatus: 'failed',
  replaceBackground: true,
  backgroundDescription: 'Mountains',
  enhancementNotes: 'Louder please',
  instructorId: null,
  difficulty: 'Advanced',
  classType: 'Climb',
  music: [{ artist: 'Daft Punk', title: 'One More Time', startSeconds: 65 }],
  equipmentNotes: null,
};

/** The API as the upload screen meets it. */
function fakeServer(create: (body: unknown) => Response = () => created('class')) {
  return fakeFetch((request) => {
    if (request.method === 'POST' && request.url === '/api/objects/upload')
      return jsonResponse(200, { uploadURL: '/api/objects/uploads/logo-1?signature=abc' });
    if (request.method === 'PUT' && request.url.startsWith('/api/objects/uploads/logo-1'))
      return jsonResponse(200, { message: 'stored', size: 64 });
    if (request.method === 'POST' && request.url === '/api/auth/videos')
      return create(request.body);
    if (request.method === 'GET' && request.url === '/api/auth/user/videos')
      return jsonResponse(200, [failedVideo]);
    if (request.method === 'DELETE' && request.url === '/api/auth/videos/v-failed')
      return new Response(null, { status: 204 });
    if (request.method === 'HEAD' && request.url === '/api/uploads/old')
      return new Response(null, {
        status: 200,
        headers: { 'Upload-Offset': '1000', 'Upload-Length': '4000' },
      });
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
  discardUpload();
  tus.mode = 'finish';
  tus.started = 0;
  tus.aborts = [];
  tus.terminated = [];
  tus.stored = [];
  window.history.replaceState(null, '', '/upload');
});
afterEach(() => {
  // Each test's screen goes, so a hook left mounted cannot write the next test's draft.
  cleanup();
  vi.unstubAllGlobals();
});

describe('useUploadFlow: choosing the video', () => {
  it('refuses a file that is not a video by its type, with the toast and the alert', async () => {
    fakeServer();
    const { result } = setup();
    await act(async () =>
      result.current.flow.chooseVideo(new File(['x'], 'notes.txt', { type: 'text/plain' })),
    );
    await waitFor(() =>
      expect(result.current.flow.fileProblem).toBe(VIDEO_MESSAGES.invalidTypeAlert),
    );
    expect(result.current.flow.phase).toBe('idle');
    expect(result.current.toast).toMatchObject({ title: VIDEO_MESSAGES.invalidTypeTitle });
  });

  it('refuses a renamed file whose bytes are no video once, before sending anything', async () => {
    fakeServer();
    const { result } = setup();
    const fake = new File(['These are class notes, not a video.'], 'fake.mp4', {
      type: 'video/mp4',
    });
    const toastBefore = result.current.toast?.id;
    await act(async () => result.current.flow.chooseVideo(fake));
    await waitFor(() =>
      expect(result.current.flow.fileProblem).toBe(VIDEO_MESSAGES.invalidTypeAlert),
    );
    expect(result.current.flow.phase).toBe('idle');
    expect(result.current.toast?.id).toBe(toastBefore);
    expect(tus.started).toBe(0);
  });

  it('starts sending at once, prefills the title and lets the details be submitted meanwhile', async () => {
    tus.mode = 'hang';
    fakeServer();
    const { result } = setup();
    await act(async () => result.current.flow.chooseVideo(clip()));
    await waitFor(() => expect(result.current.flow.phase).toBe('sending'));
    expect(tus.started).toBe(1);
    expect(result.current.flow.state.stats?.percent).toBe(50);
    expect(result.current.flow.form.getValues('title')).toBe('class');
    await waitFor(() => expect(result.current.flow.canSubmit).toBe(true));
  });

  it('holds the details back while the title is empty, a background has no description or a logo is missing', async () => {
    fakeServer();
    const { result } = setup();
    await act(async () => result.current.flow.chooseVideo(clip()));
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
  it('details submitted while the file goes: the video is created when the transfer ends, then the library', async () => {
    tus.mode = 'hang';
    const sent = fakeServer(() => created('Hill Climb'));
    const { result } = setup();
    await act(async () => result.current.flow.chooseVideo(clip()));
    act(() => {
      const { form } = result.current.flow;
      form.setValue('title', '  Hill Climb  ', { shouldDirty: true });
      form.setValue('description', '   ');
      form.setValue('backgroundDescription', 'A sunrise', { shouldValidate: true });
      form.setValue('enhancementNotes', ' The left side is dark ');
      form.setValue('details.difficulty', 'Beginner');
      form.setValue('details.music', [
        { artist: 'Robyn', title: 'Dancing On My Own', startSeconds: '12:30' },
        { artist: 'Daft Punk', title: 'One More Time', startSeconds: '0:00' },
      ]);
    });
    act(() => result.current.flow.setReplaceBackground(true));
    act(() => result.current.flow.setAddLogo(true));
    act(() => result.current.flow.chooseLogo(logoFile()));
    await waitFor(() => expect(result.current.flow.canSubmit).toBe(true));

    await act(() => result.current.flow.submit());
    expect(result.current.flow.phase).toBe('waiting');
    expect(result.current.flow.locked).toBe(true);
    expect(creations(sent)).toHaveLength(0);

    act(() => tus.finish());
    await waitFor(() => expect(result.current.flow.phase).toBe('success'));
    expect(tus.started).toBe(1);
    expect(sent.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`)).toEqual([
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
      // The class details (issue #20): what is not set goes as null, the music by start.
      instructorId: null,
      difficulty: 'Beginner',
      classType: null,
      equipmentNotes: null,
      music: [
        { artist: 'Daft Punk', title: 'One More Time', startSeconds: 0 },
        { artist: 'Robyn', title: 'Dancing On My Own', startSeconds: 750 },
      ],
    });
    expect(result.current.flow.state.created).toBe('Hill Climb');
    expect(result.current.toast).toMatchObject({
      title: VIDEO_MESSAGES.successTitle,
      description: VIDEO_MESSAGES.successDescription('Hill Climb'),
    });
    await waitFor(() => expect(window.location.pathname).toBe('/videos'), {
      timeout: REDIRECT_AFTER_SUCCESS_MS + 1000,
    });
    expect(getUploadState().file).toBeNull();
  });

  it('a file sent before the details are in is saved when they are submitted', async () => {
    const sent = fakeServer();
    const { result } = setup();
    await act(async () => result.current.flow.chooseVideo(clip()));
    await waitFor(() => expect(result.current.flow.phase).toBe('sent'));
    await waitFor(() => expect(result.current.flow.canSubmit).toBe(true));
    await act(() => result.current.flow.submit());
    await waitFor(() => expect(result.current.flow.phase).toBe('success'));
    expect(creations(sent)).toHaveLength(1);
  });

  it("uses the gym's logo by default on a plan with branding: no file, the placement chosen", async () => {
    const sent = fakeServer();
    const { result } = setup({ companyLogoUrl: '/logos/u/abc-512.png', plan: 'power-cycle' });
    await act(async () => result.current.flow.chooseVideo(clip()));
    expect(result.current.flow.form.getValues('addLogo')).toBe(true);
    expect(result.current.flow.logoMissing).toBe(false);
    const placement = { corner: 'bottom-left', size: 6, opacity: 80 } as const;
    act(() => result.current.flow.form.setValue('logoPlacement', placement));
    await waitFor(() => expect(result.current.flow.canSubmit).toBe(true));

    await act(() => result.current.flow.submit());
    await waitFor(() => expect(result.current.flow.phase).toBe('success'));
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

  it("shows the server's reason for refused details; a new submit does not send the file again", async () => {
    let refuse = true;
    const sent = fakeServer(() =>
      refuse
        ? jsonResponse(403, { message: 'Your Free plan allows up to 3 videos.' })
        : created('class'),
    );
    const { result } = setup();
    await act(async () => result.current.flow.chooseVideo(clip()));
    await waitFor(() => expect(result.current.flow.canSubmit).toBe(true));

    await act(() => result.current.flow.submit());
    await waitFor(() => expect(result.current.flow.phase).toBe('error'));
    expect(result.current.flow.state.error).toMatchObject({
      kind: 'refused',
      message: 'Your Free plan allows up to 3 videos.',
    });
    expect(result.current.toast).toMatchObject({
      title: VIDEO_MESSAGES.uploadFailedTitle,
      description: 'Your Free plan allows up to 3 videos.',
    });

    refuse = false;
    await waitFor(() => expect(result.current.flow.canSubmit).toBe(true));
    await act(() => result.current.flow.submit());
    await waitFor(() => expect(result.current.flow.phase).toBe('success'));
    expect(tus.started).toBe(1);
    expect(creations(sent)).toHaveLength(2);
  });

  it('a file the server finds is no video: said once, no toast, nothing to try again', async () => {
    fakeServer(() => jsonResponse(400, { message: VIDEO_MESSAGES.invalidTypeAlert }));
    const { result } = setup();
    await act(async () => result.current.flow.chooseVideo(clip()));
    await waitFor(() => expect(result.current.flow.canSubmit).toBe(true));
    const toastBefore = result.current.toast?.id;
    await act(() => result.current.flow.submit());
    await waitFor(() => expect(result.current.flow.phase).toBe('error'));
    expect(result.current.flow.state.error).toEqual({
      kind: 'file',
      message: VIDEO_MESSAGES.invalidTypeAlert,
    });
    expect(result.current.toast?.id).toBe(toastBefore);
    expect(result.current.flow.canSubmit).toBe(false);
    act(() => result.current.flow.resumeUpload());
    expect(tus.started).toBe(1);
  });

  it('a transfer that fails says so; Try Again continues it, and the submitted details follow', async () => {
    tus.mode = 'fail';
    const sent = fakeServer();
    const { result } = setup();
    await act(async () => result.current.flow.chooseVideo(clip()));
    await waitFor(() => expect(result.current.flow.phase).toBe('error'));
    expect(result.current.flow.state.error).toMatchObject({
      kind: 'connection',
      message: VIDEO_MESSAGES.failedUploadVideo,
    });
    expect(result.current.toast).toMatchObject({ title: VIDEO_MESSAGES.uploadFailedTitle });

    tus.mode = 'finish';
    act(() => result.current.flow.resumeUpload());
    await waitFor(() => expect(result.current.flow.phase).toBe('sent'));
    expect(tus.started).toBe(2);
    expect(creations(sent)).toHaveLength(0);
  });

  it('Cancel upload pauses quietly; Continue upload goes on', async () => {
    tus.mode = 'hang';
    const sent = fakeServer();
    const { result } = setup();
    await act(async () => result.current.flow.chooseVideo(clip()));
    await waitFor(() => expect(result.current.flow.phase).toBe('sending'));
    const toastBefore = result.current.toast?.id;
    act(() => result.current.flow.cancelUpload());
    expect(tus.aborts).toEqual([false]);
    expect(result.current.flow.phase).toBe('stopped');
    expect(result.current.flow.state.error).toBeNull();
    expect(result.current.toast?.id).toBe(toastBefore);
    act(() => result.current.flow.resumeUpload());
    expect(result.current.flow.phase).toBe('sending');
    await waitFor(() => expect(tus.started).toBe(2));
    expect(creations(sent)).toHaveLength(0);
  });

  it("'Choose Different File' drops the upload (the server's copy too), the details and the logo", async () => {
    tus.mode = 'hang';
    fakeServer();
    const { result } = setup();
    await act(async () => result.current.flow.chooseVideo(clip()));
    act(() => result.current.flow.setAddLogo(true));
    act(() => result.current.flow.chooseLogo(logoFile()));
    act(() => result.current.flow.chooseDifferentFile());
    expect(tus.aborts).toEqual([true]);
    expect(result.current.flow.phase).toBe('idle');
    expect(result.current.flow.logo).toBeNull();
    expect(result.current.flow.form.getValues()).toMatchObject({ title: '', addLogo: false });
  });
});

describe('useUploadFlow: an upload that cannot be lost', () => {
  it('goes on when the screen closes, and the screen opens again with the form as it was left', async () => {
    tus.mode = 'hang';
    fakeServer();
    const first = setup();
    await act(async () => first.result.current.flow.chooseVideo(clip()));
    act(() =>
      first.result.current.flow.form.setValue('title', 'Sprint Ladder', { shouldDirty: true }),
    );
    first.unmount();
    expect(getUploadState().transfer).toBe('sending');
    expect(tus.aborts).toEqual([]);

    const second = setup();
    expect(second.result.current.flow.phase).toBe('sending');
    expect(second.result.current.flow.form.getValues('title')).toBe('Sprint Ladder');
  });

  it('saves a class submitted before leaving, and leaves the news to the tray (no toast over it)', async () => {
    tus.mode = 'hang';
    const sent = fakeServer(() => created('Sprint Ladder'));
    const { result, unmount } = setup();
    await act(async () => result.current.flow.chooseVideo(clip()));
    await waitFor(() => expect(result.current.flow.canSubmit).toBe(true));
    await act(() => result.current.flow.submit());
    const toastBefore = result.current.toast?.id;
    unmount();
    window.history.replaceState(null, '', '/analytics');
    act(() => tus.finish());
    await waitFor(() => expect(getUploadState().created).toBe('Sprint Ladder'));
    expect(creations(sent)).toHaveLength(1);
    const toasts = renderHook(() => useToast().toasts[0]);
    expect(toasts.result.current?.id).toBe(toastBefore);
  });

  it('asks before the page is left while bytes are still on their way, not after', async () => {
    tus.mode = 'hang';
    fakeServer();
    const { result } = setup();
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await act(async () => result.current.flow.chooseVideo(clip()));
    expect(leave()).toBe(true);
    act(() => tus.finish());
    await waitFor(() => expect(result.current.flow.phase).toBe('sent'));
    expect(leave()).toBe(false);
  });

  it('offers the uploads a reload interrupted, with what the server holds, and discards one', async () => {
    tus.stored = [
      {
        urlStorageKey: 'tus::a',
        uploadUrl: '/api/uploads/old',
        metadata: { filename: 'long-class.mp4' },
        size: 4000,
        creationTime: '2026-01-01T00:00:00Z',
      },
      // Another account's upload on this computer: the server does not answer for it.
      {
        urlStorageKey: 'tus::b',
        uploadUrl: '/api/uploads/theirs',
        metadata: { filename: 'secret.mp4' },
        size: 10,
        creationTime: '2026-01-01T00:00:00Z',
      },
    ];
    fakeServer();
    const { result } = setup();
    await waitFor(() => expect(result.current.flow.interrupted).toHaveLength(1));
    const [upload] = result.current.flow.interrupted;
    expect(upload).toMatchObject({ fileName: 'long-class.mp4', size: 4000, sent: 1000 });
    act(() => result.current.flow.discardInterrupted(upload!));
    await waitFor(() => expect(result.current.flow.interrupted).toHaveLength(0));
    expect(tus.terminated).toEqual(['/api/uploads/old']);
  });

  it("Replace fills in the failed video's details and deletes it when the new file is chosen", async () => {
    tus.mode = 'hang';
    window.history.replaceState(null, '', '/upload?replace=v-failed');
    const sent = fakeServer();
    const { result } = setup({ plan: 'spin-master' });
    await waitFor(() => expect(result.current.flow.replacing?.id).toBe('v-failed'));
    await waitFor(() =>
      expect(result.current.flow.form.getValues()).toMatchObject({
        title: 'Broken Climb',
        description: 'Forty minutes',
        replaceBackground: true,
        backgroundDescription: 'Mountains',
        enhancementNotes: 'Louder please',
        details: {
          instructorId: '',
          difficulty: 'Advanced',
          classType: 'Climb',
          equipmentNotes: '',
          music: [{ artist: 'Daft Punk', title: 'One More Time', startSeconds: '1:05' }],
        },
      }),
    );
    await act(async () => result.current.flow.chooseVideo(clip('new-take.mp4')));
    await waitFor(() => expect(result.current.flow.phase).toBe('sending'));
    expect(sent.some((r) => r.method === 'DELETE' && r.url === '/api/auth/videos/v-failed')).toBe(
      true,
    );
    // The title stays the class's, not the new file's name.
    expect(result.current.flow.form.getValues('title')).toBe('Broken Climb');
  });

  it('leaves a background the plan no longer includes off when it fills the details in', async () => {
    window.history.replaceState(null, '', '/upload?replace=v-failed');
    fakeServer();
    const { result } = setup({ plan: 'power-cycle' });
    await waitFor(() => expect(result.current.flow.replacing?.id).toBe('v-failed'));
    await waitFor(() =>
      expect(result.current.flow.form.getValues()).toMatchObject({
        title: 'Broken Climb',
        replaceBackground: false,
      }),
    );
    expect(result.current.flow.included).toEqual({ addLogo: true, replaceBackground: false });
  });
});

describe('useUploadFlow: logging out', () => {
  it('stops the transfer and forgets the upload, its details and logo for whoever signs in next', async () => {
    tus.mode = 'hang';
    fakeServer();
    const { client, wrapper } = queryWrapper();
    const first = renderHook(() => useUploadFlow(), { wrapper });
    await act(async () => first.result.current.chooseVideo(clip()));
    act(() => first.result.current.form.setValue('title', 'Private Class', { shouldDirty: true }));
    act(() => first.result.current.setAddLogo(true));
    act(() => first.result.current.chooseLogo(logoFile()));
    expect(getUploadState().transfer).toBe('sending');
    first.unmount();

    act(() => forgetAccountData(client));
    expect(tus.aborts).toEqual([false]);
    expect(getUploadState()).toEqual(initialUploadState);
    expect(getUploadDraft()).toBeNull();
    // The transfer, stopped, reports nothing more.
    act(() => tus.finish());
    expect(getUploadState()).toEqual(initialUploadState);

    const next = setup();
    expect(next.result.current.flow.phase).toBe('idle');
    expect(next.result.current.flow.logo).toBeNull();
    expect(next.result.current.flow.form.getValues()).toMatchObject({ title: '', description: '' });
  });
});
