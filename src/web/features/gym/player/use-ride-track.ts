import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { RideSegment } from '@shared/ride-track';
import { readRideTrack } from './ride-track-position';

/** Where this device remembers that the rider hid the ride track ('hidden'; shown otherwise). */
export const RIDE_TRACK_SHOWN_KEY = 'cadence-ride-track';
/** The key that hides and shows the ride track in the player. */
export const RIDE_TRACK_KEY = 't';

/**
 * GET the class's ride track at the address the gym's answer names (versioned by its last save,
 * so a copy in the cache is never stale): once, when the player opens, alongside the media. A
 * failure (after one more try) or an answer that is not a track is no track: the class plays as
 * it would without one, and nothing waits for it.
 */
export async function fetchRideTrack(url: string, signal?: AbortSignal): Promise<RideSegment[]> {
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`ride track: ${response.status}`);
  const segments = readRideTrack(await response.json());
  if (!segments) throw new Error('ride track: not a track');
  return segments;
}

/** The class's segments, or null: none, not loaded yet, or failed to load. */
export function useRideTrack(url: string | null): RideSegment[] | null {
  const query = useQuery({
    queryKey: ['ride-track', url],
    queryFn: ({ signal }) => fetchRideTrack(url!, signal),
    enabled: url !== null,
    retry: 1,
  });
  return url !== null && query.data ? query.data : null;
}

function readShown(): boolean {
  try {
    return localStorage.getItem(RIDE_TRACK_SHOWN_KEY) !== 'hidden';
  } catch {
    return true;
  }
}

/** Whether the rider wants the ride track on screen, remembered on this device; and the toggle. */
export function useRideTrackShown(): { shown: boolean; toggle(): void } {
  const [shown, setShown] = useState(readShown);
  const toggle = useCallback(() => {
    setShown((was) => {
      try {
        if (was) localStorage.setItem(RIDE_TRACK_SHOWN_KEY, 'hidden');
        else localStorage.removeItem(RIDE_TRACK_SHOWN_KEY);
      } catch {
        /* storage unavailable (private mode): remembered until the player closes */
      }
      return !was;
    });
  }, []);
  return { shown, toggle };
}

/** The ride track's key: T (not in the quality list, where letters pick an option). */
export const isRideTrackKey = (key: string, targetTag: string) =>
  key.toLowerCase() === RIDE_TRACK_KEY && targetTag !== 'SELECT';
