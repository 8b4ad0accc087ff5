import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import {
  attachEngine,
  browserSupport,
  enginesFor,
  type AttachedEngine,
  type Engine,
  type PlayerSource,
  type QualityLevel,
} from './media-engine';

/** How far the skip buttons and the arrow keys move. */
export const SKIP_SECONDS = 15;

export interface ClassMediaOptions extends PlayerSource {
  /** Where to start (seconds); null while it is not known yet (nothing loads until it is). */
  startAt: number | null;
  /** The class's length as the server knows it, until the media says. */
  knownDuration: number | null;
  /** Plays once loaded (default); false when something else starts it (a ride together). */
  autoPlay?: boolean;
}

/**
 * The class player's media: the best engine this browser runs (the next one if it fails), the
 * state the controls show (playing, waiting, reconnecting, a tap needed, time, quality rungs) read
 * from the video element's own events, and the controls' actions. Zod- and Radix-free: the public
 * gym build loads it (docs/decisions/0017).
 */
export function useClassMedia(
  videoRef: RefObject<HTMLVideoElement | null>,
  { hlsUrl, mp4Url, startAt, knownDuration, autoPlay = true }: ClassMediaOptions,
) {
  const engineRef = useRef<AttachedEngine | null>(null);
  const [engine, setEngine] = useState<Engine | null>(null);
  const [failed, setFailed] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [ended, setEnded] = useState(false);
  /** Bumped by Retry: the source is loaded again from the first engine. */
  const [attempt, setAttempt] = useState(0);
  const [waiting, setWaiting] = useState(true);
  const [reconnecting, setReconnecting] = useState(false);
  const [needsTap, setNeedsTap] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [mediaDuration, setMediaDuration] = useState<number | null>(null);
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [chosenLevel, setChosenLevel] = useState(-1);
  const [playingLevel, setPlayingLevel] = useState<number | null>(null);

  // What the element says, as it says it.
  useEffect(() => {
    const media = videoRef.current;
    if (!media) return;
    const listeners: Array<[string, () => void]> = [
      [
        'play',
        () => {
          setPlaying(true);
          setEnded(false);
        },
      ],
      ['pause', () => setPlaying(false)],
      [
        'ended',
        () => {
          setPlaying(false);
          setEnded(true);
        },
      ],
      ['seeking', () => setEnded(false)],
      ['waiting', () => setWaiting(true)],
      [
        'playing',
        () => {
          setWaiting(false);
          setNeedsTap(false);
        },
      ],
      ['canplay', () => setWaiting(false)],
      ['timeupdate', () => setCurrentTime(media.currentTime)],
      [
        'durationchange',
        () => {
          const d = media.duration;
          if (Number.isFinite(d) && d > 0) setMediaDuration(d);
        },
      ],
    ];
    for (const [type, listener] of listeners) media.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of listeners) media.removeEventListener(type, listener);
    };
  }, [videoRef]);

  // The media: the best engine this browser runs, the next one if it fails.
  useEffect(() => {
    const media = videoRef.current;
    if (!media || startAt === null) return;
    const source = { hlsUrl, mp4Url };
    const engines = enginesFor(source, browserSupport(media));
    let cancelled = false;
    let current = -1;
    const tryEngine = async (index: number): Promise<void> => {
      if (cancelled || index <= current) return;
      current = index;
      engineRef.current?.destroy();
      engineRef.current = null;
      setLevels([]);
      setPlayingLevel(null);
      const next = engines[index];
      if (!next) {
        setFailed(true);
        setWaiting(false);
        return;
      }
      const from = index === 0 && attempt === 0 ? startAt : media.currentTime || startAt;
      const attached = await attachEngine(next, media, source, from, {
        onLevels: setLevels,
        onLevelPlaying: setPlayingLevel,
        onReconnecting: setReconnecting,
        onFailed: () => void tryEngine(index + 1),
      });
      if (cancelled) {
        attached?.destroy();
        return;
      }
      if (!attached) return tryEngine(index + 1);
      engineRef.current = attached;
      setEngine(next);
      if (autoPlay) media.play().catch(() => setNeedsTap(true));
    };
    void tryEngine(0);
    return () => {
      cancelled = true;
      engineRef.current?.destroy();
      engineRef.current = null;
    };
  }, [videoRef, startAt, hlsUrl, mp4Url, attempt, autoPlay]);

  /** After a fatal failure: the source again, from the best engine. */
  const retry = useCallback(() => {
    setFailed(false);
    setWaiting(true);
    setAttempt((n) => n + 1);
  }, []);

  const togglePlay = useCallback(() => {
    const media = videoRef.current;
    if (!media || failed) return;
    if (media.paused || media.ended) {
      setNeedsTap(false);
      media.play().catch(() => setNeedsTap(true));
    } else {
      media.pause();
    }
  }, [videoRef, failed]);

  /** To a point of the class (seconds), kept within it. */
  const seek = useCallback(
    (seconds: number) => {
      const media = videoRef.current;
      if (!media) return;
      const end = Number.isFinite(media.duration) ? media.duration : Infinity;
      media.currentTime = Math.min(Math.max(0, seconds), end);
      setCurrentTime(media.currentTime);
    },
    [videoRef],
  );

  const skip = useCallback(
    (delta: number) => seek((videoRef.current?.currentTime ?? 0) + delta),
    [seek, videoRef],
  );

  const chooseLevel = useCallback((index: number) => {
    setChosenLevel(index);
    engineRef.current?.setLevel(index);
  }, []);

  const duration = mediaDuration ?? knownDuration ?? 0;
  const now = levels.find((l) => l.index === playingLevel);
  return {
    engine,
    failed,
    playing,
    /** The class played to its end (until it plays or seeks again). */
    ended,
    waiting,
    reconnecting,
    needsTap,
    currentTime,
    duration,
    remaining: Math.max(0, duration - currentTime),
    levels,
    chosenLevel,
    /** The automatic choice's label, with the rung now playing when there is one. */
    autoLabel: chosenLevel === -1 && now ? `Auto (${now.label})` : 'Auto',
    /** The big centre button: before the first play, after a pause, or when the browser wants a tap. */
    showCentrePlay: !failed && !ended && !playing && (needsTap || !waiting),
    togglePlay,
    retry,
    seek,
    skip,
    chooseLevel,
  };
}

export type PlayerKeyAction = 'toggle' | 'back' | 'forward' | 'close';

/**
 * What a key does in the player: Space (not on a button, which it presses) and K play or pause,
 * the arrows skip, Escape closes when not in full screen. Fields keep their keys.
 */
export function playerKeyAction(
  key: string,
  targetTag: string,
  inFullscreen: boolean,
): PlayerKeyAction | null {
  if (targetTag === 'SELECT' || targetTag === 'INPUT') return null;
  if ((key === ' ' && targetTag !== 'BUTTON') || key === 'k') return 'toggle';
  if (key === 'ArrowLeft') return 'back';
  if (key === 'ArrowRight') return 'forward';
  if (key === 'Escape' && !inFullscreen) return 'close';
  return null;
}
