import { describe, expect, it } from 'vitest';
import { MEDIA_LIMITS } from './media-limits';
import {
  buildAubioArgs,
  buildTempoDecodeArgs,
  foldTempo,
  TEMPO_STEP_SECONDS,
  tempoPoints,
  tempoSpeed,
  timeCap,
  TimeReader,
} from './tempo-args';

/** Beats from `from` to `to` seconds at `bpm`. */
function beatsAt(bpm: number, from: number, to: number): number[] {
  const out: number[] = [];
  for (let t = from; t < to - 1e-9; t += 60 / bpm) out.push(Math.round(t * 1e6) / 1e6);
  return out;
}

/** A deterministic generator for "noise" onsets. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
}

describe('the decode for the tempo', () => {
  it('reads the user file with its demuxer only, from local files only, and writes mono WAV at 22.05 kHz', () => {
    const args = buildTempoDecodeArgs('/work/original', 'mov', 600.4, '/work/tempo.wav');
    const at = args.indexOf('-i');
    expect(args.slice(at - 10, at + 2)).toEqual([
      '-f',
      'mov',
      '-format_whitelist',
      'mov',
      '-protocol_whitelist',
      'file',
      '-probesize',
      '20000000',
      '-analyzeduration',
      '20000000',
      '-i',
      '/work/original',
    ]);
    // The only input is the user's file; the noise floor is a filter's own source.
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(graph).toContain('[0:a:0]aresample=22050,aformat=sample_fmts=flt:channel_layouts=mono');
    expect(graph).toContain('anoisesrc=r=22050:a=0.0002');
    expect(graph).toContain('amix=inputs=2:duration=first:normalize=0[out]');
    expect(args[args.indexOf('-map') + 1]).toBe('[out]');
    expect(args[args.indexOf('-t') + 1]).toBe('602');
    expect(args.slice(-5)).toEqual(['-c:a', 'pcm_s16le', '-f', 'wav', '/work/tempo.wav']);
  });

  it('never writes more than the media limits allow', () => {
    const args = buildTempoDecodeArgs('/in', 'avi', 6 * 3600, '/out.wav');
    expect(args[args.indexOf('-t') + 1]).toBe(String(MEDIA_LIMITS.maxDurationSeconds));
  });

  it("runs aubio's tools at the same rate, with an 11.6 ms hop, printing seconds", () => {
    expect(buildAubioArgs('/work/tempo.wav')).toEqual([
      '-i',
      '/work/tempo.wav',
      '-r',
      '22050',
      '-B',
      '1024',
      '-H',
      '256',
      '-T',
      'seconds',
    ]);
  });
});

describe("reading the tools' times", () => {
  it('reads lines split anywhere across chunks, with or without a last newline', () => {
    const reader = new TimeReader(100);
    reader.push('0.5000');
    reader.push('00\n1.0');
    reader.push('12\r\n1.5\n');
    reader.push('2.25');
    expect(reader.end()).toEqual([0.5, 1.012, 1.5, 2.25]);
  });

  it('skips what is not a time, and times going back', () => {
    const reader = new TimeReader(100);
    reader.push('AUBIO WARNING: something\n\n1\nNaN\n-2\n0.5\nInfinity\n3\n1e400\n');
    expect(reader.end()).toEqual([1, 3]);
  });

  it('keeps at most the cap, counting the rest', () => {
    const reader = new TimeReader(3);
    reader.push('1\n2\n3\n4\n5\n');
    expect(reader.end()).toEqual([1, 2, 3]);
    expect(reader.dropped).toBe(2);
  });

  it('never holds a runaway line', () => {
    const reader = new TimeReader(10);
    for (let i = 0; i < 1000; i += 1) reader.push('9'.repeat(1000));
    reader.push('\n4\n');
    expect(reader.end()).toEqual([4]);
  });

  it('caps a class at 8 times a second of it (6 hours at most counted)', () => {
    expect(timeCap(60)).toBe(480 + 64);
    expect(timeCap(100 * 3600)).toBe(timeCap(6 * 3600));
    expect(timeCap(Number.NaN)).toBe(64);
  });
});

describe('tempo points', () => {
  it('takes a tempo an octave at a time into 60-180 BPM', () => {
    expect(foldTempo(45)).toBe(90);
    expect(foldTempo(200)).toBe(100);
    expect(foldTempo(400)).toBe(100);
    expect(foldTempo(120)).toBe(120);
    expect(foldTempo(179)).toBe(179);
    expect(foldTempo(180)).toBe(90);
  });

  it('gives one point every 5 s from 0 to the end, the steady tempo heard there', () => {
    const beats = beatsAt(120, 0.3, 60);
    // aubio places its beats a little early: the onsets are 40 ms after them.
    const onsets = beats.map((b) => b + 0.04);
    const points = tempoPoints(beats, onsets, 60);
    expect(points.map((p) => p.atSeconds)).toEqual(
      Array.from({ length: 13 }, (_, k) => k * TEMPO_STEP_SECONDS),
    );
    expect(points.every((p) => p.bpm === 120)).toBe(true);
  });

  it('follows a change from 120 to 140 BPM within 5 s', () => {
    const beats = [...beatsAt(120, 0, 90), ...beatsAt(140, 90, 180)];
    const points = tempoPoints(beats, beats, 180);
    const at = (s: number) => points.find((p) => p.atSeconds === s)!.bpm;
    for (let s = 0; s <= 85; s += 5) expect(at(s)).toBe(120);
    for (let s = 95; s <= 180; s += 5) expect(at(s)).toBe(140);
  });

  it('rounds to a whole BPM from the mean interval', () => {
    const points = tempoPoints(beatsAt(127.6, 0, 30), beatsAt(127.6, 0, 30), 30);
    expect(points.map((p) => p.bpm)).toEqual([128, 128, 128, 128, 128, 128, 128]);
  });

  it('is null where there are no beats, or too few', () => {
    expect(tempoPoints([], [], 20).map((p) => p.bpm)).toEqual([null, null, null, null, null]);
    const few = [1, 1.5, 2, 2.5];
    expect(tempoPoints(few, few, 5).map((p) => p.bpm)).toEqual([null, null]);
  });

  it('is null where the beats keep going but nothing is heard on them (talk, noise)', () => {
    // The tracker's steady beats through speech: onsets fall anywhere.
    const beats = beatsAt(128, 0, 60);
    const next = lcg(7);
    const onsets = Array.from({ length: 180 }, () => next() * 60).sort((a, b) => a - b);
    const points = tempoPoints(beats, onsets, 60);
    expect(points.filter((p) => p.bpm !== null).length).toBeLessThanOrEqual(1);
    // No onsets at all (faint noise).
    expect(tempoPoints(beats, [], 60).every((p) => p.bpm === null)).toBe(true);
  });

  it('is null where the beats are not steady', () => {
    const next = lcg(3);
    const beats: number[] = [];
    for (let t = 0; t < 60; t += 0.25 + next() * 0.6) beats.push(t);
    expect(tempoPoints(beats, beats, 60).every((p) => p.bpm === null)).toBe(true);
  });

  it('puts a stretch counted in half time back in its neighbours’ octave', () => {
    const beats = [...beatsAt(140, 0, 40), ...beatsAt(70, 40, 50), ...beatsAt(140, 50, 90)];
    const points = tempoPoints(beats, beats, 90);
    const at = (s: number) => points.find((p) => p.atSeconds === s)!.bpm;
    expect(at(45)).toBe(140);
    expect(points.every((p) => p.bpm === null || p.bpm === 140)).toBe(true);
  });

  it('keeps a real tempo change that is not an octave', () => {
    const beats = [...beatsAt(100, 0, 60), ...beatsAt(150, 60, 120)];
    const points = tempoPoints(beats, beats, 120);
    expect(points.find((p) => p.atSeconds === 30)!.bpm).toBe(100);
    expect(points.find((p) => p.atSeconds === 90)!.bpm).toBe(150);
  });

  it('has no points for a length that is not one', () => {
    expect(tempoPoints([1, 2], [1, 2], 0)).toEqual([]);
    expect(tempoPoints([1, 2], [1, 2], Number.NaN)).toEqual([]);
  });

  it('measures speed as seconds of audio per wall second', () => {
    expect(tempoSpeed(600, 4)).toBe(150);
    expect(tempoSpeed(600, 0)).toBeNull();
    expect(tempoSpeed(0, 1)).toBeNull();
  });
});
