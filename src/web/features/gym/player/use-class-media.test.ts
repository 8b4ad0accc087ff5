// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  playerKeyAction,
  SKIP_SECONDS,
  useClassMedia,
  type ClassMediaOptions,
} from './use-class-media';

const MP4 = '/media/videos/v1/enhanced.mp4?v=1';
const HLS = '/media/videos/v1/hls/v1/master.m3u8';

/** A real (happy-dom) video element; only what a browser's media stack does is faked. */
function fakeVideo({ autoplay = true }: { autoplay?: boolean } = {}) {
  const video = document.createElement('video');
  let paused = true;
  let time = 0;
  let length = Number.NaN;
  const play = vi.fn(() => {
    if (!autoplay) return Promise.reject(new DOMException('Autoplay blocked', 'NotAllowedError'));
    paused = false;
    video.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = vi.fn(() => {
    paused = true;
    video.dispatchEvent(new Event('pause'));
  });
  Object.defineProperties(video, {
    play: { value: play },
    pause: { value: pause },
    load: { value: vi.fn() },
    paused: { get: () => paused },
    ended: { get: () => false },
    currentTime: {
      get: () => time,
      set: (value: number) => {
        time = value;
      },
    },
    duration: { get: () => length },
  });
  return {
    video,
    play,
    pause,
    /** The media reports its length (durationchange). */
    setDuration(seconds: number) {
      length = seconds;
      video.dispatchEvent(new Event('durationchange'));
    },
    /** Playback reached a point (timeupdate). */
    reach(seconds: number) {
      time = seconds;
      video.dispatchEvent(new Event('timeupdate'));
    },
    fire(type: string) {
      video.dispatchEvent(new Event(type));
    },
    get paused() {
      return paused;
    },
    allowAutoplay() {
      autoplay = true;
    },
  };
}

function setup(media: ReturnType<typeof fakeVideo>, options: Partial<ClassMediaOptions> = {}) {
  const ref = { current: media.video };
  const initial: ClassMediaOptions = {
    hlsUrl: null,
    mp4Url: MP4,
    startAt: 0,
    knownDuration: 1800,
    ...options,
  };
  return renderHook((props: ClassMediaOptions) => useClassMedia(ref, props), {
    initialProps: initial,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useClassMedia: loading', () => {
  it('waits for the start position, then plays the MP4 from there', async () => {
    const media = fakeVideo();
    const { result, rerender } = setup(media, { startAt: null });
    expect(media.video.getAttribute('src')).toBeNull();
    expect(result.current.waiting).toBe(true);

    rerender({ hlsUrl: null, mp4Url: MP4, startAt: 95, knownDuration: 1800 });
    await waitFor(() => expect(result.current.engine).toBe('mp4'));
    expect(media.video.getAttribute('src')).toBe(MP4);
    expect(media.play).toHaveBeenCalledOnce();
    expect(result.current.playing).toBe(true);

    media.fire('loadedmetadata');
    expect(media.video.currentTime).toBe(95);
  });

  it('loads without playing when something else starts it (a ride together)', async () => {
    const media = fakeVideo();
    const { result } = setup(media, { startAt: 12, autoPlay: false });
    await waitFor(() => expect(result.current.engine).toBe('mp4'));
    media.fire('loadedmetadata');
    expect(media.video.currentTime).toBe(12);
    expect(media.play).not.toHaveBeenCalled();
    expect(result.current.needsTap).toBe(false);
    act(() => result.current.togglePlay());
    expect(media.play).toHaveBeenCalledOnce();
  });

  it('falls back to the next engine when the best one cannot run here', async () => {
    // Media Source Extensions exist, but hls.js finds no playable type: the MP4 plays instead.
    vi.stubGlobal(
      'MediaSource',
      class {
        static isTypeSupported() {
          return false;
        }
      },
    );
    expect('MediaSource' in window).toBe(true);
    const media = fakeVideo();
    const { result } = setup(media, { hlsUrl: HLS });
    await waitFor(() => expect(result.current.engine).toBe('mp4'));
    expect(media.video.getAttribute('src')).toBe(MP4);
  });

  it('says the class cannot play when the last engine fails', async () => {
    const media = fakeVideo();
    const { result } = setup(media);
    await waitFor(() => expect(result.current.engine).toBe('mp4'));
    media.fire('error');
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.waiting).toBe(false);
    expect(result.current.showCentrePlay).toBe(false);

    media.play.mockClear();
    act(() => result.current.togglePlay());
    expect(media.play).not.toHaveBeenCalled();
  });
});

describe('useClassMedia: end and retry', () => {
  it('says when the class has played to its end, until it plays or seeks again', async () => {
    const media = fakeVideo();
    const { result } = setup(media);
    await waitFor(() => expect(result.current.engine).toBe('mp4'));
    expect(result.current.ended).toBe(false);
    act(() => media.fire('ended'));
    expect(result.current.ended).toBe(true);
    expect(result.current.playing).toBe(false);
    expect(result.current.showCentrePlay).toBe(false);
    act(() => media.fire('seeking'));
    expect(result.current.ended).toBe(false);
    act(() => media.fire('ended'));
    act(() => media.fire('play'));
    expect(result.current.ended).toBe(false);
  });

  it('loads the source again on Retry after a fatal failure', async () => {
    const media = fakeVideo();
    const { result } = setup(media);
    await waitFor(() => expect(result.current.engine).toBe('mp4'));
    media.fire('error');
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(media.video.getAttribute('src')).toBeNull();

    media.play.mockClear();
    act(() => result.current.retry());
    expect(result.current.failed).toBe(false);
    await waitFor(() => expect(media.video.getAttribute('src')).toBe(MP4));
    expect(media.play).toHaveBeenCalledOnce();
    expect(result.current.failed).toBe(false);
  });
});

describe('useClassMedia: controls', () => {
  it('asks for a tap when the browser refuses to start on its own, and plays on the tap', async () => {
    const media = fakeVideo({ autoplay: false });
    const { result } = setup(media);
    await waitFor(() => expect(result.current.needsTap).toBe(true));
    expect(result.current.showCentrePlay).toBe(true);

    media.allowAutoplay();
    act(() => result.current.togglePlay());
    expect(result.current.needsTap).toBe(false);
    expect(result.current.playing).toBe(true);
    act(() => media.fire('playing'));
    expect(result.current.waiting).toBe(false);
    expect(result.current.showCentrePlay).toBe(false);

    act(() => result.current.togglePlay());
    expect(media.pause).toHaveBeenCalledOnce();
    expect(result.current.playing).toBe(false);
    expect(result.current.showCentrePlay).toBe(true);
  });

  it('follows the time and the length the media reports', async () => {
    const media = fakeVideo();
    const { result } = setup(media, { knownDuration: 1800 });
    await waitFor(() => expect(result.current.engine).toBe('mp4'));
    expect(result.current.duration).toBe(1800);

    act(() => media.setDuration(1750.5));
    act(() => media.reach(600));
    expect(result.current.duration).toBe(1750.5);
    expect(result.current.currentTime).toBe(600);
    expect(result.current.remaining).toBe(1150.5);

    act(() => media.fire('waiting'));
    expect(result.current.waiting).toBe(true);
    act(() => media.fire('canplay'));
    expect(result.current.waiting).toBe(false);
  });

  it('skips and seeks within the class', async () => {
    const media = fakeVideo();
    const { result } = setup(media);
    await waitFor(() => expect(result.current.engine).toBe('mp4'));
    act(() => media.setDuration(100));

    act(() => media.reach(10));
    act(() => result.current.skip(-SKIP_SECONDS));
    expect(media.video.currentTime).toBe(0);
    act(() => result.current.skip(SKIP_SECONDS));
    expect(result.current.currentTime).toBe(SKIP_SECONDS);
    act(() => result.current.seek(90));
    act(() => result.current.skip(SKIP_SECONDS));
    expect(media.video.currentTime).toBe(100);
    expect(result.current.currentTime).toBe(100);
  });

  it('tears the source down when the player closes', async () => {
    const media = fakeVideo();
    const { result, unmount } = setup(media);
    await waitFor(() => expect(result.current.engine).toBe('mp4'));
    unmount();
    expect(media.video.getAttribute('src')).toBeNull();
  });
});

describe('playerKeyAction', () => {
  it.each([
    [' ', 'DIV', false, 'toggle'],
    [' ', 'VIDEO', false, 'toggle'],
    [' ', 'BUTTON', false, null],
    ['k', 'BUTTON', false, 'toggle'],
    ['ArrowLeft', 'DIV', false, 'back'],
    ['ArrowRight', 'BUTTON', true, 'forward'],
    ['ArrowRight', 'INPUT', false, null],
    ['k', 'SELECT', false, null],
    ['Escape', 'DIV', false, 'close'],
    ['Escape', 'DIV', true, null],
    ['x', 'DIV', false, null],
  ])('%j on a %s (full screen: %s) -> %s', (key, tag, fullscreen, action) => {
    expect(playerKeyAction(key, tag, fullscreen)).toBe(action);
  });
});
