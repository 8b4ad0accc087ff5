/**
 * The class player's constants, without zod (the player is loaded by riders on slow tablets; the
 * beacon's schema lives in playback.contract.ts).
 */
import { endpoint } from './endpoint';

export const PLAYBACK_BEACON_PATH = '/api/playback/beacon';
export const PLAYBACK_RESUME_PATH = '/api/playback/resume';

/** A beacon goes out after every this many seconds of real playback (and at start, pause, end, hide). */
export const BEACON_EVERY_SECONDS = 15;

/**
 * start: playback began; progress: another 15 s played; pause; end: the class finished (resume
 * starts over next time); hide: the page is going away (navigator.sendBeacon).
 */
export const PLAYBACK_EVENTS = ['start', 'progress', 'pause', 'end', 'hide'] as const;
export type PlaybackEvent = (typeof PLAYBACK_EVENTS)[number];

/** A beacon as the player sends it (playback.contract.ts's schema checks it). */
export interface PlaybackBeaconInput {
  sessionId: string;
  viewerId: string;
  videoId: string;
  gymSlug?: string;
  event: PlaybackEvent;
  position: number;
  playedSeconds: number;
}

export interface PlaybackBeaconResponse {
  /** True once this session counts as a view. */
  viewCounted: boolean;
  watchedSeconds: number;
}

export interface PlaybackResumeResponse {
  /** Where this viewer last stopped in this video (seconds), or null when never played (or finished). */
  position: number | null;
  /** When that position was recorded (ISO), to compare with the device's own copy. */
  at: string | null;
}

export const playbackEndpoints = {
  /** JSON, or JSON as text/plain (navigator.sendBeacon without a typed Blob). */
  beacon: endpoint<{ body: PlaybackBeaconInput; response: PlaybackBeaconResponse }>()({
    method: 'POST',
    path: PLAYBACK_BEACON_PATH,
    access: 'public',
    summary: "Records a rider's playback (start, progress, pause, end, hide)",
  }),
  resume: endpoint<{
    query: { videoId: string; viewerId: string };
    response: PlaybackResumeResponse;
  }>()({
    method: 'GET',
    path: PLAYBACK_RESUME_PATH,
    access: 'public',
    summary: 'Where this viewer last stopped in this video',
  }),
} as const;
