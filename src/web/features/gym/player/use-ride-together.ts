import { useEffect, useRef, useState, type RefObject } from 'react';
import { serverTimeEndpoints } from '@shared/server-time';
import { api } from '@web/lib/api';
import { startServerClock, type ClockDeps, type ServerClock } from './clock-sync';
import { ridePosition, rideSyncStep, SEEK_SETTLE_MS } from './ride-sync';

/** How often the video is compared with the ride (ms). */
export const RIDE_TICK_MS = 250;

/** The server's clock, as the browser asks for it (never a cached answer). */
export const BROWSER_CLOCK: ClockDeps = {
  fetchServerNow: () => api(serverTimeEndpoints.now).then((answer) => answer.now),
  now: () => Date.now(),
};

/**
 * syncing: the clock is being measured; countdown: before the start; riding: in step;
 * over: the ride is past the class's end (`missed` when this tablet opened it after that).
 */
export type RidePhase = 'syncing' | 'countdown' | 'riding' | 'over';

export interface RideTogether {
  phase: RidePhase;
  /** Whole seconds to the start, in the countdown. */
  secondsLeft: number;
  /** Where the media should load from (s), once the clock is known; null before (or when missed). */
  loadAt: number | null;
  /** The ride had ended before this tablet opened it. */
  missed: boolean;
  /** The start on this tablet's own clock (epoch ms), to show as a time of day. */
  localStart: number | null;
}

/** What the ride reads from the player's media at each tick (a ref: the media hook comes later). */
export interface RideControl {
  /** The class's length (s), 0 while unknown. */
  duration: number;
  /** The browser held play() back: wait for the rider's tap ('Tap to start'). */
  needsTap: boolean;
  /** Plays the video (setting needsTap when the browser refuses). */
  play(): void;
}

/**
 * Keeps this tablet in step with the others riding the same class (docs/decisions/0046): the
 * server's clock measured at once and every minute, then every RIDE_TICK_MS the video is held at
 * the start during the countdown, started on time, nudged (rate) or, past 2 s, moved (seek).
 */
export function useRideTogether(
  videoRef: RefObject<HTMLVideoElement | null>,
  /** The shared start on the server's clock (epoch ms); null: not riding together. */
  startAt: number | null,
  control: RefObject<RideControl>,
  deps: ClockDeps = BROWSER_CLOCK,
): RideTogether {
  const clockRef = useRef<ServerClock | null>(null);
  const [offset, setOffset] = useState<number | null>(null);
  const [phase, setPhase] = useState<RidePhase>('syncing');
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [loadAt, setLoadAt] = useState<number | null>(null);
  const [missed, setMissed] = useState(false);

  useEffect(() => {
    if (startAt === null) return;
    const clock = startServerClock({
      ...deps,
      setTimeout: (task, ms) => setTimeout(task, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      onChange: (measured) => setOffset(measured.offset),
    });
    clockRef.current = clock;
    return () => {
      clock.stop();
      clockRef.current = null;
    };
  }, [startAt, deps]);

  // Once the clock is known: where to load from (the start, or the ride's point for a late joiner).
  const known = offset !== null;
  useEffect(() => {
    const serverNow = clockRef.current?.now();
    if (startAt === null || !known || serverNow == null) return;
    const position = ridePosition(serverNow, startAt);
    const length = control.current.duration;
    if (length > 0 && position >= length) {
      setMissed(true);
      setPhase('over');
      return;
    }
    setLoadAt((at) => at ?? Math.max(0, position));
  }, [startAt, known, control]);

  const loading = loadAt === null;
  useEffect(() => {
    if (startAt === null || loading) return;
    let lastSeek = -Infinity;
    const tick = () => {
      const video = videoRef.current;
      const serverNow = clockRef.current?.now();
      if (!video || serverNow == null) return;
      const { duration: length, needsTap: blocked, play: start } = control.current;
      const action = rideSyncStep({
        serverNow,
        startAt,
        currentTime: video.currentTime,
        duration: length,
      });
      const rate = action.kind === 'rate' ? action.rate : 1;
      if (video.playbackRate !== rate) video.playbackRate = rate;
      if (action.kind === 'countdown') {
        setPhase('countdown');
        setSecondsLeft(action.secondsLeft);
        if (!video.paused) video.pause();
        return;
      }
      if (action.kind === 'over') {
        // The video plays out its last moments (or has ended): the class's end screen follows.
        setPhase('over');
        return;
      }
      setPhase('riding');
      if (video.paused && !video.ended && !blocked) start();
      if (action.kind === 'seek' && !video.seeking && serverNow - lastSeek > SEEK_SETTLE_MS) {
        lastSeek = serverNow;
        video.currentTime = action.to;
      }
    };
    tick();
    const timer = setInterval(tick, RIDE_TICK_MS);
    return () => clearInterval(timer);
  }, [startAt, loading, videoRef, control]);

  return {
    phase,
    secondsLeft,
    loadAt,
    missed,
    localStart: startAt !== null && offset !== null ? startAt - offset : null,
  };
}
