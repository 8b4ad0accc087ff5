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
 * A beacon made offline is kept on the device and sent later with its age (decision 0051): the
 * server accepts ages up to this (14 days), and the device's queue drops older ones.
 */
export const BEACON_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

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
  /**
   * How long ago the device made this beacon (ms, on its own clock: now − made when sent), for a
   * beacon kept while offline; the server takes its moment as its own now − ageMs (never before
   * the class's upload). Absent: now.
   */
  ageMs?: number;
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
