import {
  BEACON_EVERY_SECONDS,
  type PlaybackBeaconInput,
  type PlaybackEvent,
} from '@shared/playback';
import { beaconQueue } from './beacon-queue';
import { randomUuid, savePosition, viewerId } from './playback-device';

// The player's chunk loads when the gym page is idle (warm-up.ts): the beacons an earlier visit
// kept offline go out then, and whenever the browser is back online.
const queue = beaconQueue();

export interface PlaybackTracker {
  /** The seconds really played in this session (what the beacons report): the time ridden. */
  playedSeconds(): number;
  /** Stops tracking: the position is saved and the last beacon goes out. */
  stop(): void;
}

/** A timeupdate step longer than this (seconds, at 1x) is a jump, not playback. */
const MAX_STEP_SECONDS = 2;
/** The device's resume copy is written at most this often while playing. */
const SAVE_EVERY_MS = 2000;

/**
 * Measures real playback on a video and reports it (issue 7 beacons): start, every 15 s of real
 * playback, pause, end, and navigator.sendBeacon when the page hides or the player closes. Played
 * seconds come from timeupdate steps while playing and not seeking, so a seek adds nothing; the
 * beacon carries the session's running total (the server adds only its growth). Beacons made
 * offline are kept and sent later with their age (decision 0051).
 */
export function trackPlayback(
  video: HTMLVideoElement,
  ids: { videoId: string; gymSlug: string },
): PlaybackTracker {
  const sessionId = randomUuid();
  const viewer = viewerId();
  let played = 0;
  let lastTime: number | null = null;
  let nextBeaconAt = BEACON_EVERY_SECONDS;
  let started = false;
  let lastSave = 0;

  function beacon(event: PlaybackEvent): PlaybackBeaconInput {
    return {
      sessionId,
      viewerId: viewer,
      videoId: ids.videoId,
      gymSlug: ids.gymSlug,
      event,
      position: Math.max(0, Math.round(video.currentTime * 100) / 100),
      playedSeconds: Math.round(played * 100) / 100,
    };
  }

  /** Kept on the device first, then sent in order (beacon-queue.ts): offline, it waits. */
  function send(event: PlaybackEvent): void {
    queue.add(beacon(event));
    void queue.flush();
  }

  /** For a page going away (navigator.sendBeacon, or kept when offline or others wait). */
  function sendOnExit(): void {
    if (started) queue.leave(beacon('hide'));
  }

  function save(force = false): void {
    const now = Date.now();
    if (!force && now - lastSave < SAVE_EVERY_MS) return;
    lastSave = now;
    savePosition(ids.videoId, video.ended ? 0 : video.currentTime);
  }

  const onPlaying = () => {
    lastTime = video.currentTime;
    if (!started) {
      started = true;
      send('start');
    }
  };
  const onTimeUpdate = () => {
    const now = video.currentTime;
    if (video.seeking || video.paused || lastTime === null) {
      lastTime = video.paused ? null : now;
      return;
    }
    const step = now - lastTime;
    lastTime = now;
    if (step > 0 && step <= MAX_STEP_SECONDS * Math.max(1, video.playbackRate)) played += step;
    if (played >= nextBeaconAt) {
      while (nextBeaconAt <= played) nextBeaconAt += BEACON_EVERY_SECONDS;
      send('progress');
    }
    save();
  };
  const onSeeking = () => {
    lastTime = null;
  };
  const onPause = () => {
    lastTime = null;
    save(true);
    if (started && !video.ended) send('pause');
  };
  const onEnded = () => {
    lastTime = null;
    save(true);
    if (started) send('end');
  };
  const onHidden = () => {
    if (document.visibilityState !== 'hidden') return;
    save(true);
    sendOnExit();
  };
  const onPageHide = () => {
    save(true);
    sendOnExit();
  };

  const listeners: Array<[EventTarget, string, () => void]> = [
    [video, 'playing', onPlaying],
    [video, 'timeupdate', onTimeUpdate],
    [video, 'seeking', onSeeking],
    [video, 'pause', onPause],
    [video, 'ended', onEnded],
    [document, 'visibilitychange', onHidden],
    [window, 'pagehide', onPageHide],
  ];
  for (const [target, name, fn] of listeners) target.addEventListener(name, fn);
  return {
    playedSeconds: () => played,
    stop() {
      for (const [target, name, fn] of listeners) target.removeEventListener(name, fn);
      if (video.currentTime > 0) save(true);
      sendOnExit();
    },
  };
}
