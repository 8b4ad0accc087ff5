/**
 * bench/tempo: generated audio with a known tempo, written as mono 16-bit WAV in blocks (a 45-minute
 * programme never sits in memory whole). Deterministic (a seeded generator), so every run measures
 * the same sound.
 *
 *   - click: a 1 kHz tick on each beat (the click track);
 *   - music: kick on each beat, snare on 2 and 4, hi-hats on the eighths, a bass line, a chord pad and
 *     a syncopated melody on the sixteenths, optionally with a voice talking over it;
 *   - talk: a voice alone (voiced syllables of varying pitch and length, consonant bursts, pauses:
 *     speech's irregular onsets, no steady beat);
 *   - silence: the room's faint noise only.
 * Every part sits on a faint noise floor (about -80 dBFS), as any recording does.
 */
import { open, type FileHandle } from 'node:fs/promises';

export type Part =
  | { kind: 'click'; bpm: number; seconds: number }
  | { kind: 'music'; bpm: number; seconds: number; talk?: boolean }
  | { kind: 'talk'; seconds: number }
  | { kind: 'silence'; seconds: number };

/** A class of about `seconds`: intro talk, songs (some talked over), breaks, a silence, outro. */
export function classProgramme(seconds: number): Part[] {
  const tempos = [96, 128, 140, 72, 168, 110, 124, 84, 150, 100, 132, 76, 160, 92];
  const parts: Part[] = [{ kind: 'talk', seconds: 40 }];
  let total = 40;
  let i = 0;
  while (total < seconds - 60) {
    const bpm = tempos[i % tempos.length]!;
    const song = Math.min(
      seconds - 60 - total,
      seconds >= 1800 ? 180 + (i % 3) * 30 : 60 + (i % 3) * 15,
    );
    parts.push({ kind: 'music', bpm, seconds: song, talk: i % 3 === 1 });
    total += song;
    if (i % 4 === 3 && total < seconds - 90) {
      parts.push(i % 8 === 3 ? { kind: 'silence', seconds: 15 } : { kind: 'talk', seconds: 25 });
      total += i % 8 === 3 ? 15 : 25;
    }
    i += 1;
  }
  parts.push({ kind: 'talk', seconds: seconds - total });
  return parts;
}

/** The tempo the listener hears at each moment: the part's BPM, null for talk and silence. */
export function truthAt(parts: readonly Part[], seconds: number): number | null {
  let start = 0;
  for (const [i, part] of parts.entries()) {
    // The programme's last instant belongs to its last part.
    if (seconds < start + part.seconds || i === parts.length - 1)
      return part.kind === 'click' || part.kind === 'music' ? part.bpm : null;
    start += part.seconds;
  }
  return null;
}

/** Where the tempo (or its absence) changes, in seconds. */
export function changesOf(parts: readonly Part[]): number[] {
  const out: number[] = [];
  let start = 0;
  for (let i = 0; i < parts.length - 1; i += 1) {
    start += parts[i]!.seconds;
    const [a, b] = [truthAt(parts, start - 0.01), truthAt(parts, start + 0.01)];
    if (a !== b) out.push(start);
  }
  return out;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A sound starting at `start` (seconds), `length` seconds long, adding itself into a block. */
interface Voice {
  start: number;
  length: number;
  /** Adds sample `i` (seconds `t` since the voice's start) into out[j]. */
  render(out: Float32Array, from: number, to: number, offset: number, sr: number): void;
}

const TAU = 2 * Math.PI;
const midi = (note: number) => 440 * 2 ** ((note - 69) / 12);

function kick(start: number, amp: number): Voice {
  return {
    start,
    length: 0.35,
    render(out, from, to, offset, sr) {
      let phase = 0;
      for (let i = 0; i < offset + to; i += 1) {
        const t = i / sr;
        phase += (TAU * (45 + 90 * Math.exp(-t * 35))) / sr;
        if (i >= offset + from) out[i - offset]! += amp * Math.exp(-t * 9) * Math.sin(phase);
      }
    },
  };
}

function noiseBurst(
  start: number,
  length: number,
  amp: number,
  decay: number,
  bright: boolean,
  rand: () => number,
): Voice {
  // The noise is drawn when the voice is made, so the block it falls in does not change it.
  const sr0 = 22050;
  const n = Math.ceil(length * sr0) + 1;
  const noise = new Float32Array(n);
  let prev = 0;
  for (let i = 0; i < n; i += 1) {
    const x = rand() * 2 - 1;
    noise[i] = bright ? x - prev : x; // a first difference: a crude high-pass (hi-hat)
    prev = x;
  }
  return {
    start,
    length,
    render(out, from, to, offset, sr) {
      for (let i = from; i < to; i += 1) {
        const k = i + offset;
        const t = k / sr;
        out[i]! += amp * Math.exp(-t * decay) * noise[Math.min(n - 1, Math.floor((k * sr0) / sr))]!;
      }
    },
  };
}

function tone(
  start: number,
  length: number,
  freq: number,
  amp: number,
  shape: 'pluck' | 'pad' | 'saw',
): Voice {
  return {
    start,
    length,
    render(out, from, to, offset, sr) {
      for (let i = from; i < to; i += 1) {
        const t = (i + offset) / sr;
        const env =
          shape === 'pad'
            ? Math.min(1, t / 0.4) * Math.min(1, (length - t) / 0.4)
            : Math.exp(-t * (shape === 'saw' ? 6 : 10)) * Math.min(1, t / 0.004);
        const x =
          shape === 'saw'
            ? Math.sin(TAU * freq * t) +
              0.5 * Math.sin(2 * TAU * freq * t) +
              0.33 * Math.sin(3 * TAU * freq * t)
            : Math.sin(TAU * freq * t);
        out[i]! += amp * env * x;
      }
    },
  };
}

/** A voiced syllable: harmonics of a gliding pitch shaped by a vowel's two formants. */
function syllable(start: number, length: number, amp: number, rand: () => number): Voice {
  const f0 = 100 + rand() * 110;
  const glide = (rand() - 0.5) * 40;
  const vowels = [
    [700, 1200],
    [400, 2000],
    [300, 800],
    [550, 1700],
    [350, 2300],
  ] as const;
  const [f1, f2] = vowels[Math.floor(rand() * vowels.length)]!;
  const harmonics: number[] = [];
  for (let h = 1; h <= 12; h += 1) {
    const f = f0 * h;
    harmonics.push(
      (Math.exp(-(((f - f1) / 150) ** 2)) + 0.6 * Math.exp(-(((f - f2) / 200) ** 2)) + 0.05) / h,
    );
  }
  return {
    start,
    length,
    render(out, from, to, offset, sr) {
      for (let i = from; i < to; i += 1) {
        const t = (i + offset) / sr;
        const env = Math.sin((Math.PI * t) / length) ** 1.5;
        const f = f0 + (glide * t) / length;
        let x = 0;
        for (let h = 0; h < harmonics.length; h += 1)
          x += harmonics[h]! * Math.sin(TAU * f * (h + 1) * t);
        out[i]! += amp * env * x;
      }
    },
  };
}

/** A voice talking from `start` for `seconds`: phrases of syllables with pauses between them. */
function talkVoices(start: number, seconds: number, amp: number, rand: () => number): Voice[] {
  const voices: Voice[] = [];
  let t = start + rand() * 0.5;
  const end = start + seconds;
  while (t < end - 0.3) {
    const syllables = 4 + Math.floor(rand() * 12);
    for (let s = 0; s < syllables && t < end - 0.3; s += 1) {
      if (rand() < 0.4) voices.push(noiseBurst(t, 0.05, amp * 0.5, 40, true, rand));
      const length = 0.08 + rand() * 0.22;
      voices.push(syllable(t + 0.03, length, amp * (0.6 + rand() * 0.4), rand));
      t += 0.03 + length + 0.02 + rand() * 0.15;
    }
    t += 0.25 + rand() * 0.9;
  }
  return voices;
}

function musicVoices(start: number, seconds: number, bpm: number, rand: () => number): Voice[] {
  const voices: Voice[] = [];
  const beat = 60 / bpm;
  const beats = Math.floor(seconds / beat);
  const roots = [45, 41, 48, 43]; // A, F, C, G
  const scale = [0, 2, 3, 5, 7, 8, 10, 12];
  for (let b = 0; b < beats; b += 1) {
    const at = start + b * beat;
    const bar = Math.floor(b / 4);
    const root = roots[bar % roots.length]!;
    voices.push(kick(at, 0.55));
    if (b % 4 === 1 || b % 4 === 3) voices.push(noiseBurst(at, 0.2, 0.3, 18, false, rand));
    voices.push(noiseBurst(at + beat / 2, 0.06, 0.12, 70, true, rand));
    voices.push(noiseBurst(at, 0.04, 0.06, 90, true, rand));
    voices.push(tone(at + beat / 2, beat / 2, midi(root), 0.18, 'saw'));
    if (b % 4 === 0) {
      for (const step of [12, 15, 19])
        voices.push(tone(at, beat * 4, midi(root + step), 0.05, 'pad'));
    }
    for (let s = 0; s < 4; s += 1) {
      if (rand() < 0.3) {
        const note = root + 24 + scale[Math.floor(rand() * scale.length)]!;
        voices.push(tone(at + (s * beat) / 4, beat / 2, midi(note), 0.08, 'pluck'));
      }
    }
  }
  return voices;
}

export const SAMPLE_RATE = 22050;
const BLOCK_SECONDS = 10;
/** About -80 dBFS of white noise: the room and the converter. */
const FLOOR = 0.0002;

function wavHeader(samples: number, sr: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + samples * 2, 4);
  h.write('WAVE', 8);
  h.write('fmt ', 12);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(sr, 24);
  h.writeUInt32LE(sr * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(samples * 2, 40);
  return h;
}

/** Writes the programme as a mono 16-bit WAV at SAMPLE_RATE; returns its length in seconds. */
export async function writeProgramme(
  file: string,
  parts: readonly Part[],
  seed = 1,
): Promise<number> {
  const rand = mulberry32(seed);
  const sr = SAMPLE_RATE;
  const total = parts.reduce((s, p) => s + p.seconds, 0);
  const samples = Math.round(total * sr);
  const handle: FileHandle = await open(file, 'w');
  try {
    await handle.write(wavHeader(samples, sr));
    // Voices are made part by part as the blocks reach them (a long programme's are never all held).
    let partIndex = 0;
    let partStart = 0;
    let active: Voice[] = [];
    const block = new Float32Array(BLOCK_SECONDS * sr);
    for (let first = 0; first < samples; first += block.length) {
      const count = Math.min(block.length, samples - first);
      const blockStart = first / sr;
      const blockEnd = (first + count) / sr;
      while (partIndex < parts.length && partStart < blockEnd) {
        const part = parts[partIndex]!;
        if (part.kind === 'click') {
          const beat = 60 / part.bpm;
          for (let b = 0; b * beat < part.seconds - 0.05; b += 1)
            active.push(tone(partStart + b * beat, 0.05, 1000, 0.6, 'pluck'));
        } else if (part.kind === 'music') {
          active.push(...musicVoices(partStart, part.seconds, part.bpm, rand));
          if (part.talk) active.push(...talkVoices(partStart, part.seconds, 0.35, rand));
        } else if (part.kind === 'talk') {
          active.push(...talkVoices(partStart, part.seconds, 0.35, rand));
        }
        partStart += part.seconds;
        partIndex += 1;
      }
      block.fill(0, 0, count);
      for (const v of active) {
        if (v.start >= blockEnd || v.start + v.length <= blockStart) continue;
        const voiceFirst = Math.round(v.start * sr);
        const from = Math.max(0, voiceFirst - first);
        const to = Math.min(count, voiceFirst + Math.round(v.length * sr) - first);
        // Sample j of the block is sample (j + first - voiceFirst) of the voice.
        if (to > from) v.render(block, from, to, first - voiceFirst, sr);
      }
      active = active.filter((v) => v.start + v.length > blockEnd);
      const pcm = Buffer.alloc(count * 2);
      for (let j = 0; j < count; j += 1) {
        const x = block[j]! + FLOOR * (rand() * 2 - 1);
        pcm.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(x * 26000))), j * 2);
      }
      await handle.write(pcm);
    }
  } finally {
    await handle.close();
  }
  return total;
}
