import { BEACON_EVERY_SECONDS, playbackEndpoints, type PlaybackEvent } from '@shared/playback';
import type { PlaybackBeacon } from '@shared/playback.contract';
import { apiUrl } from '@web/lib/api';
import { randomUuid, savePosition, viewerId } from './playback-device';

export interface PlaybackTracker {
  /** The seconds really played in this session (what the beacons report): the time ridden. */
  playedSeconds(): number;
  /** Stops tracking: the position is saved and the last beacon goes out. */
  stop(): void;
}

/** A timeupdate step longer than this (seconds, at 1x) is a jump, not playback. */
const MAX_STEP_SECONDS = 2;
/** Where beacons go: fetch with keepalive, or navigator.sendBeacon as the page goes away. */
const BEACON_URL = apiUrl(playbackEndpoints.beacon);
/** The device's resume copy is written at most this often while playing. */
const SAVE_EVERY_MS = 2000;

/**
 * Measures real playback on a video and reports it (issue 7 beacons): start, every 15 s of real
 * playback, pause, end, and navigator.sendBeacon when the page hides or the player closes. Played
 * seconds come from timeupdate steps while playing and not seeking, so a seek adds nothing; the
 * beacon carries the session's running total (the server adds only its growth).
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

  function beacon(event: PlaybackEvent): string {
    const body: PlaybackBeacon = {
      sessionId,
      viewerId: viewer,
      videoId: ids.videoId,
      gymSlug: ids.gymSlug,
      event,
      position: Math.max(0, Math.round(video.currentTime * 100) / 100),
      playedSeconds: Math.round(played * 100) / 100,
    };
    return JSON.stringify(body);
  }

  function send(event: PlaybackEvent): void {
    void fetch(BEACON_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: beacon(event),
      keepalive: true,
    }).catch(() => {
      /* offline: the next beacon carries the running total, so nothing is lost */
    });
  }

  /** For a page going away: the browser delivers it even after the page is gone. */
  function sendOnExit(): void {
    if (!started) return;
    const body = beacon('hide');
    const queued =
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(BEACON_URL, new Blob([body], { type: 'application/json' }));
    if (!queued) send('hide');
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
