/**
 * The class player's constants, without zod (the player is loaded by riders on slow tablets; the
 * beacon's schema lives in playback.contract.ts).
 */
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
