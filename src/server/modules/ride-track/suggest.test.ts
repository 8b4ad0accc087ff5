import { describe, expect, it } from 'vitest';
import { RIDE_TRACK_LIMITS, trackIssues, type TempoPoint } from '@shared/ride-track';
import { rideTrackBody } from '@shared/ride-track.contract';
import { cadenceOfBeat, suggestRideTrack } from './suggest';

/** Points every 5 s from 0, as the ingest job stores them. */
const every5 = (bpms: Array<number | null>): TempoPoint[] =>
  bpms.map((bpm, i) => ({ atSeconds: i * 5, bpm }));
const repeat = <T>(value: T, times: number): T[] => Array.from({ length: times }, () => value);
const shape = (track: ReturnType<typeof suggestRideTrack>) =>
  track!.map((s) => [s.startSeconds, s.endSeconds, s.name]);

describe('suggestRideTrack', () => {
  it('rides a beat per stroke from 60 to 120 BPM, every other beat above, two strokes below', () => {
    expect([90, 120, 121, 140, 128, 50].map(cadenceOfBeat)).toEqual([90, 120, 61, 70, 64, 100]);
  });

  it('splits where the tempo changes and holds, halfway between the readings, with a warm-up and a cool-down on a long class', () => {
    const points = every5([
      ...repeat(120, 36),
      ...repeat(140, 48),
      ...repeat(100, 36),
      ...repeat(116, 24),
    ]);
    const track = suggestRideTrack(points, 720)!;
    expect(trackIssues(track, 720)).toEqual([]);
    expect(shape(track)).toEqual([
      [0, 178, 'Warm-up'],
      [178, 418, 'Climb'],
      [418, 598, 'Sprint'],
      [598, 720, 'Cool-down'],
    ]);
    expect(track.map((s) => s.cadence)).toEqual([
      { min: 115, max: 125 },
      // 140 BPM: a stroke every other beat.
      { min: 65, max: 75 },
      { min: 95, max: 105 },
      { min: 111, max: 121 },
    ]);
  });

  it('cuts the warm-up and the cool-down from a long stretch: a tenth of the class, 2 to 5 minutes', () => {
    const track = suggestRideTrack(every5(repeat(90, 541)), 2700)!;
    expect(shape(track)).toEqual([
      [0, 270, 'Warm-up'],
      [270, 2430, 'Flat road'],
      [2430, 2700, 'Cool-down'],
    ]);
    expect(shape(suggestRideTrack(every5(repeat(90, 121)), 600))).toEqual([
      [0, 120, 'Warm-up'],
      [120, 480, 'Flat road'],
      [480, 600, 'Cool-down'],
    ]);
    // Under 10 minutes: no warm-up or cool-down.
    expect(shape(suggestRideTrack(every5(repeat(90, 108)), 539))).toEqual([[0, 539, 'Flat road']]);
  });

  it('takes 70 and 140 BPM (the tracker counting half or double time) as the same ride', () => {
    const points = every5([...repeat(140, 20), ...repeat(70, 12), ...repeat(141, 20)]);
    const track = suggestRideTrack(points, 260)!;
    expect(shape(track)).toEqual([[0, 260, 'Climb']]);
    expect(track[0]!.cadence).toEqual({ min: 65, max: 75 });
    // Around 120 BPM a reading either side of the line is still one stretch.
    const near120 = every5([119, 121, 120, 122, 118, 121, 119, 120, 121, 122, 119, 120, 121]);
    expect(suggestRideTrack(near120, 60)).toHaveLength(1);
  });

  it('ignores a single odd reading, a short gap without a beat, and a small drift', () => {
    const points = every5([
      ...repeat(90, 20),
      150,
      ...repeat(90, 10),
      null,
      null,
      ...repeat(92, 10),
      93,
      ...repeat(90, 10),
    ]);
    const track = suggestRideTrack(points, 270)!;
    expect(trackIssues(track, 270)).toEqual([]);
    expect(track).toHaveLength(1);
    expect(track[0]!.cadence).toEqual({ min: 85, max: 95 });
  });

  it('folds a stretch shorter than 30 s into the neighbour nearest its cadence', () => {
    // 20 s of 104 between 100 and 132 BPM: nearer the 100 (cadence 100) than the 132 (66).
    const points = every5([...repeat(100, 20), ...repeat(108, 4), ...repeat(132, 20)]);
    const track = suggestRideTrack(points, 215)!;
    expect(shape(track)).toEqual([
      [0, 118, 'Sprint'],
      [118, 215, 'Climb'],
    ]);
    expect(track.every((s) => s.endSeconds - s.startSeconds >= 30)).toBe(true);
  });

  it('gives 30 s or more without a beat a segment of its own, with no cadence', () => {
    const track = suggestRideTrack(every5([...repeat(null, 12), ...repeat(96, 12)]), 120)!;
    expect(track.map((s) => [s.startSeconds, s.endSeconds, s.name, s.cadence])).toEqual([
      [0, 58, 'Free ride', null],
      [58, 120, 'Sprint', { min: 91, max: 101 }],
    ]);
    expect(track[0]).toMatchObject({ zone: 2, cue: 'No steady beat here: ride by feel' });
  });

  it('has nothing to say without a beat or without a usable length', () => {
    expect(suggestRideTrack(every5(repeat(null, 40)), 200)).toBeNull();
    expect(suggestRideTrack([], 200)).toBeNull();
    const points = every5(repeat(120, 20));
    expect(suggestRideTrack(points, 0)).toBeNull();
    expect(suggestRideTrack(points, -5)).toBeNull();
    expect(suggestRideTrack(points, 99.5)).toBeNull();
    expect(suggestRideTrack(points, Number.NaN)).toBeNull();
    expect(suggestRideTrack(points, 6 * 3600 + 1)).toBeNull();
    // Readings no music has: nothing usable.
    expect(suggestRideTrack(every5([5, 1000, Number.NaN, Infinity]), 20)).toBeNull();
  });

  it('makes a short class one segment', () => {
    const track = suggestRideTrack(every5([100, 100, 140, 140, 140]), 22)!;
    expect(shape(track)).toHaveLength(1);
    expect(trackIssues(track, 22)).toEqual([]);
    expect(shape(suggestRideTrack([{ atSeconds: 0, bpm: 128 }], 3))).toEqual([[0, 3, 'Climb']]);
  });

  it('proposes targets that fit the cadence: a standing climb, a seated climb, the flat, a sprint', () => {
    const points = every5([
      ...repeat(130, 24), // 65 RPM
      ...repeat(150, 24), // 75 RPM
      ...repeat(88, 24),
      ...repeat(110, 24),
    ]);
    const track = suggestRideTrack(points, 479)!;
    expect(
      track.map(({ name, resistance, zone, position }) => [name, resistance, zone, position]),
    ).toEqual([
      ['Climb', 8, 4, 'standing'],
      ['Climb', 6, 3, 'seated'],
      ['Flat road', 4, 3, 'seated'],
      ['Sprint', 4, 4, 'seated'],
    ]);
    expect(track.map((s) => s.cue)).toEqual([
      'Out of the saddle, heavy climb: a stroke every other beat, 60–70 RPM',
      'Seated climb, add resistance: a stroke every other beat, 70–80 RPM',
      'Steady on the flat: a stroke a beat, 83–93 RPM',
      'Fast legs, stay smooth in the saddle: 105–115 RPM',
    ]);
  });

  it('keeps to 200 segments on a 6-hour class whose tempo changes every 30 s', () => {
    const bpms: number[] = [];
    for (let k = 0; k < 6 * 720; k += 1) bpms.push(Math.floor(k / 6) % 2 ? 90 : 110);
    const track = suggestRideTrack(every5(bpms), 6 * 3600)!;
    expect(track.length).toBeLessThanOrEqual(RIDE_TRACK_LIMITS.segments);
    expect(track.length).toBeGreaterThan(100);
    expect(trackIssues(track, 6 * 3600)).toEqual([]);
  });

  it('reads points in any order and spacing, ignoring what is not a reading', () => {
    const points: TempoPoint[] = [
      ...every5(repeat(96, 24)).reverse(),
      { atSeconds: -5, bpm: 140 },
      { atSeconds: 500, bpm: 140 },
      { atSeconds: Number.NaN, bpm: 140 },
      { atSeconds: 7.3, bpm: 96.4 },
    ];
    expect(shape(suggestRideTrack(points, 120))).toEqual([[0, 120, 'Sprint']]);
  });

  it('always answers a track the owner can save as it is, whatever the input (random inputs)', () => {
    let seed = 20;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(values: T[]): T => values[Math.floor(random() * values.length)]!;
    let answered = 0;
    for (let run = 0; run < 400; run++) {
      const duration = pick([
        1 + Math.floor(random() * 40),
        1 + Math.floor(random() * 4000),
        1 + Math.floor(random() * 6 * 3600),
        random() * 500,
      ]);
      const steady = random() < 0.5;
      const points: TempoPoint[] = [];
      let bpm = 60 + random() * 120;
      for (let at = random() * 3; at < duration + 20; at += pick([5, 5, 5, 0.5 + random() * 8])) {
        if (!steady || random() < 0.05) bpm = 60 + random() * 120;
        const reading = pick([bpm, bpm, bpm, bpm * 2, bpm / 2, null, 20 + random() * 300]);
        points.push({
          atSeconds: random() < 0.02 ? pick([-1, Number.NaN, Infinity]) : at,
          bpm: reading === null || random() < 0.97 ? reading : pick([Number.NaN, -3, Infinity]),
        });
      }
      if (random() < 0.5) points.sort(() => random() - 0.5);
      const track = suggestRideTrack(points, duration);
      const usable =
        Number.isInteger(duration) &&
        points.some(
          (p) =>
            p.atSeconds >= 0 &&
            p.atSeconds <= duration &&
            p.bpm !== null &&
            p.bpm >= 30 &&
            p.bpm <= 300,
        );
      expect(track !== null, `run ${run}: answered`).toBe(usable);
      if (track === null) continue;
      answered += 1;
      expect(trackIssues(track, duration), `run ${run}`).toEqual([]);
      expect(rideTrackBody.safeParse({ segments: track }).success, `run ${run}: contract`).toBe(
        true,
      );
      expect(track.length).toBeLessThanOrEqual(RIDE_TRACK_LIMITS.segments);
      if (duration >= 30)
        expect(
          track.every((s) => s.endSeconds - s.startSeconds >= 30),
          `run ${run}: 30 s`,
        ).toBe(true);
      for (const segment of track) {
        expect(Number.isInteger(segment.startSeconds) && Number.isInteger(segment.endSeconds)).toBe(
          true,
        );
      }
    }
    expect(answered).toBeGreaterThan(200);
  });
});
