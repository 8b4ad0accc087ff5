import { describe, expect, it } from 'vitest';
import { NO_ZONE_COLOR, ZONE_INFO, type RideSegment } from '@shared/ride-track';
import {
  countdownText,
  headlineTarget,
  intensity,
  profileBars,
  readRideTrack,
  ridePosition,
  secondaryTargets,
  zoneLabel,
} from './ride-track-position';

const segment = (
  startSeconds: number,
  endSeconds: number,
  name: string,
  targets: Partial<RideSegment> = {},
): RideSegment => ({
  startSeconds,
  endSeconds,
  name,
  cadence: null,
  resistance: null,
  zone: null,
  position: 'seated',
  cue: '',
  ...targets,
});

/** A three-minute class: warm-up, a standing climb, a sprint, a cool-down with no targets. */
const TRACK: RideSegment[] = [
  segment(0, 60, 'Warm-up', { cadence: { min: 80, max: 90 }, resistance: 3, zone: 2 }),
  segment(60, 120, 'Climb', {
    cadence: { min: 60, max: 70 },
    resistance: 7,
    zone: 4,
    position: 'standing',
    cue: 'Out of the saddle, push through the top',
  }),
  segment(120, 150, 'Sprint', { cadence: { min: 100, max: 110 }, zone: 5 }),
  segment(150, 180, 'Cool-down'),
];

const at = (seconds: number) => {
  const position = ridePosition(TRACK, seconds);
  if (!position) throw new Error('no position');
  return { ...position, name: position.segment.name, countdown: countdownText(position) };
};

describe('the rider’s place in the ride track', () => {
  it('is the segment playing, with the whole seconds to the next one rounded up', () => {
    expect(at(0)).toMatchObject({ index: 0, name: 'Warm-up', secondsLeft: 60 });
    expect(at(0).countdown).toBe('Climb in 1:00');
    expect(at(49.2).countdown).toBe('Climb in 0:11');
    expect(at(50).countdown).toBe('Climb in 0:10');
    expect(at(0).next?.name).toBe('Climb');
  });

  it('changes segment exactly at a boundary, showing 0:01 (never 0:00) just before it', () => {
    expect(at(59.01)).toMatchObject({ name: 'Warm-up', secondsLeft: 1 });
    expect(at(59.999).countdown).toBe('Climb in 0:01');
    expect(at(60)).toMatchObject({ index: 1, name: 'Climb', secondsLeft: 60 });
    expect(at(60).countdown).toBe('Sprint in 1:00');
    expect(at(119.5).countdown).toBe('Sprint in 0:01');
    expect(at(120).name).toBe('Sprint');
  });

  it('follows a seek backwards as well as forwards (it depends on the time alone)', () => {
    const seen = [130, 30, 125, 61, 0].map((t) => `${at(t).name} ${at(t).countdown}`);
    expect(seen).toEqual([
      'Sprint Cool-down in 0:20',
      'Warm-up Climb in 0:30',
      'Sprint Cool-down in 0:25',
      'Climb Sprint in 0:59',
      'Warm-up Climb in 1:00',
    ]);
  });

  it('counts down to the class’s end in the last segment, and stays on it past the end', () => {
    expect(at(170)).toMatchObject({ name: 'Cool-down', next: null, secondsLeft: 10 });
    expect(at(170).countdown).toBe('Class ends in 0:10');
    expect(at(180)).toMatchObject({ name: 'Cool-down', secondsLeft: 0, fraction: 1 });
    expect(at(180).countdown).toBe('Class ends');
    expect(at(200)).toMatchObject({ index: 3, secondsLeft: 0, fraction: 1 });
  });

  it('places the marker along the whole track', () => {
    expect(at(0).fraction).toBe(0);
    expect(at(45).fraction).toBe(0.25);
    expect(at(90).fraction).toBe(0.5);
  });

  it('reads a time the video does not know yet (NaN) or before the start as the start', () => {
    expect(at(Number.NaN)).toMatchObject({ index: 0, secondsLeft: 60, fraction: 0 });
    expect(at(-3)).toMatchObject({ index: 0, secondsLeft: 60 });
  });

  it('is nothing without segments', () => {
    expect(ridePosition([], 10)).toBeNull();
  });
});

describe('what the panel says', () => {
  it('shows the cadence largest, else the resistance, else the zone', () => {
    expect(headlineTarget(TRACK[1]!)).toEqual({ value: '60–70', unit: 'RPM' });
    expect(headlineTarget(segment(0, 10, 'Hold', { cadence: { min: 90, max: 90 } }))).toEqual({
      value: '90',
      unit: 'RPM',
    });
    expect(headlineTarget(segment(0, 10, 'Grind', { resistance: 8, zone: 4 }))).toEqual({
      value: '8',
      unit: 'resistance',
    });
    expect(headlineTarget(segment(0, 10, 'Effort', { zone: 3 }))).toEqual({
      value: '3',
      unit: 'zone',
    });
    expect(headlineTarget(TRACK[3]!)).toBeNull();
  });

  it('puts the resistance (unless it is the headline) and the position beside it', () => {
    expect(secondaryTargets(TRACK[1]!)).toEqual(['Resistance 7', 'Standing']);
    expect(secondaryTargets(segment(0, 10, 'Grind', { resistance: 8 }))).toEqual(['Seated']);
    expect(secondaryTargets(TRACK[3]!)).toEqual(['Seated']);
  });

  it('labels the zone for its band, and nothing without one', () => {
    expect(zoneLabel(TRACK[1]!)).toBe('Zone 4 · Hard');
    expect(zoneLabel(TRACK[3]!)).toBeNull();
  });
});

describe('the class’s profile', () => {
  it('has a bar per segment, as wide as it lasts, coloured by its zone', () => {
    const bars = profileBars(TRACK);
    const round = (n: number) => Math.round(n * 100) / 100;
    expect(bars.map((b) => [round(b.left), round(b.width)])).toEqual([
      [0, 33.33],
      [33.33, 33.33],
      [66.67, 16.67],
      [83.33, 16.67],
    ]);
    expect(bars.map((b) => b.color)).toEqual([
      ZONE_INFO[2].color,
      ZONE_INFO[4].color,
      ZONE_INFO[5].color,
      NO_ZONE_COLOR,
    ]);
  });

  it('is as high as a segment is hard: the sprint highest, an easy segment still visible', () => {
    const heights = profileBars(TRACK).map((b) => b.height);
    expect(heights[2]).toBe(100);
    expect(heights[1]).toBeGreaterThan(heights[0]!);
    expect(heights[0]).toBeGreaterThan(heights[3]!);
    expect(Math.min(...heights)).toBeGreaterThan(20);
  });

  it('reads the effort from the zone, else the resistance, else the cadence', () => {
    expect(intensity(segment(0, 10, 'a', { zone: 5, resistance: 2 }))).toBe(1);
    expect(intensity(segment(0, 10, 'b', { resistance: 6 }))).toBe(0.6);
    expect(intensity(segment(0, 10, 'c', { cadence: { min: 100, max: 120 } }))).toBe(1);
    expect(intensity(segment(0, 10, 'd', { cadence: { min: 60, max: 90 } }))).toBe(0.5);
    expect(intensity(segment(0, 10, 'e'))).toBe(0.1);
  });

  it('is empty without segments', () => {
    expect(profileBars([])).toEqual([]);
  });
});

describe('the public answer, read without zod', () => {
  it('takes a track as the server sends it, filling what an older answer leaves out', () => {
    expect(readRideTrack({ segments: TRACK })).toEqual(TRACK);
    expect(
      readRideTrack({ segments: [{ startSeconds: 0, endSeconds: 30, name: 'Ride' }] }),
    ).toEqual([segment(0, 30, 'Ride')]);
  });

  it('refuses what is not a track: the class then plays without one', () => {
    const bad: unknown[] = [
      null,
      'segments',
      {},
      { segments: [] },
      { segments: [{ ...TRACK[0], endSeconds: 0 }] },
      { segments: [{ ...TRACK[0], name: 3 }] },
      { segments: [{ ...TRACK[0], zone: 7 }] },
      { segments: [{ ...TRACK[0], position: 'lying' }] },
      { segments: [{ ...TRACK[0], cadence: { min: 'fast' } }] },
      { segments: [{ ...TRACK[0], resistance: '7' }] },
      // A gap between segments.
      { segments: [TRACK[0], TRACK[2]] },
    ];
    for (const body of bad) expect(readRideTrack(body)).toBeNull();
  });
});
