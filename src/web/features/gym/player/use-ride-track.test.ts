// @vitest-environment happy-dom
import { createElement, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RideSegment } from '@shared/ride-track';
import { createQueryClient } from '@web/lib/query-client';
import { RideTrackPanel } from './ride-track-panel';
import {
  isRideTrackKey,
  RIDE_TRACK_SHOWN_KEY,
  useRideTrack,
  useRideTrackShown,
} from './use-ride-track';

const TRACK: RideSegment[] = [
  {
    startSeconds: 0,
    endSeconds: 8,
    name: 'Warm-up',
    cadence: { min: 80, max: 90 },
    resistance: 3,
    zone: 2,
    position: 'seated',
    cue: 'Find your rhythm',
  },
  {
    startSeconds: 8,
    endSeconds: 20,
    name: 'Climb',
    cadence: { min: 60, max: 70 },
    resistance: 7,
    zone: 4,
    position: 'standing',
    cue: '',
  },
];
const URL_V1 = '/api/classes/c1/ride-track?v=1';

const wrapper = ({ children }: { children: ReactNode }) =>
  createElement(QueryClientProvider, { client: createQueryClient() }, children);
const panel = (currentTime: number) =>
  createElement(RideTrackPanel, { segments: TRACK, currentTime });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the ride track’s fetch', () => {
  it('loads the track at the address the gym’s answer names', async () => {
    const fetch = vi.fn(async (_url: string) => Response.json({ segments: TRACK }));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useRideTrack(URL_V1), { wrapper });
    await waitFor(() => expect(result.current).toEqual(TRACK));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe(URL_V1);
  });

  it('asks nothing for a class without a track', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useRideTrack(null), { wrapper });
    expect(result.current).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is no track when the request fails (once more, then the class plays without it)', async () => {
    const fetch = vi.fn(async () => new Response('gone', { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useRideTrack(URL_V1), { wrapper });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2), { timeout: 3_000 });
    expect(result.current).toBeNull();
  });

  it('is no track when the answer is not one', async () => {
    const fetch = vi.fn(async () => Response.json({ segments: [{ name: 'no times' }] }));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useRideTrack(URL_V1), { wrapper });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2), { timeout: 3_000 });
    expect(result.current).toBeNull();
  });
});

describe('hiding the ride track', () => {
  it('is remembered on this device', () => {
    const first = renderHook(() => useRideTrackShown());
    expect(first.result.current.shown).toBe(true);
    act(() => first.result.current.toggle());
    expect(first.result.current.shown).toBe(false);
    expect(localStorage.getItem(RIDE_TRACK_SHOWN_KEY)).toBe('hidden');
    // The next class, or the next ride, opens with it hidden.
    expect(renderHook(() => useRideTrackShown()).result.current.shown).toBe(false);

    act(() => first.result.current.toggle());
    expect(first.result.current.shown).toBe(true);
    expect(localStorage.getItem(RIDE_TRACK_SHOWN_KEY)).toBeNull();
  });

  it('answers T (either case), but not in the quality list where letters pick an option', () => {
    expect(isRideTrackKey('t', 'DIV')).toBe(true);
    expect(isRideTrackKey('T', 'BUTTON')).toBe(true);
    expect(isRideTrackKey('t', 'SELECT')).toBe(false);
    expect(isRideTrackKey('k', 'DIV')).toBe(false);
  });
});

describe('the ride track panel', () => {
  it('shows the segment now, its targets and cue, and the countdown to the next with its targets', () => {
    render(panel(2.4));
    expect(screen.getByTestId('ride-segment').textContent).toBe('Warm-up');
    expect(screen.getByTestId('ride-targets').textContent).toBe('80–90RPMResistance 3 · Seated');
    expect(screen.getByText('Zone 2 · Light')).toBeTruthy();
    expect(screen.getByTestId('ride-cue').textContent).toBe('Find your rhythm');
    expect(screen.getByTestId('ride-countdown').textContent).toBe('Climb in 0:06');
    // (Each target kept on one line.)
    expect(screen.getByTestId('ride-next').textContent?.replaceAll('\u00a0', ' ')).toContain(
      '60–70 RPM · resistance 7 · zone 4 · standing',
    );
    // The marker at 2.4 s of 20.
    expect(screen.getByTestId('ride-marker').style.left).toBe('12%');
  });

  it('follows the time it is given, back as well as forwards, to the class’s end', () => {
    const { rerender } = render(panel(15));
    expect(screen.getByTestId('ride-segment').textContent).toBe('Climb');
    expect(screen.getByTestId('ride-countdown').textContent).toBe('Class ends in 0:05');
    expect(screen.getByText('Last segment')).toBeTruthy();
    expect(screen.queryByTestId('ride-cue')).toBeNull();
    rerender(panel(1));
    expect(screen.getByTestId('ride-segment').textContent).toBe('Warm-up');
    expect(screen.getByTestId('ride-countdown').textContent).toBe('Climb in 0:07');
  });
});
