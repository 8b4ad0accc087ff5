/**
 * Real ffmpeg on generated clips (2-3 s, at most 480p): what each media step produces. The tempo
 * tests use a 3-minute click track (64x64 at 4 fps: it encodes and decodes in a moment).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAudioClips } from './ab-audio';
import { BACKGROUNDS, buildBackgroundArgs, chooseBackground } from './background-args';
import { enhanceMedia, type EnhanceRequest } from './enhance-media';
import { DEFAULT_TOOLS, runFfmpeg, runFfprobe } from './ffmpeg';
import { makePreview, makeStills, probeMedia } from './ingest-media';
import { createWorkDir, type WorkDir } from './media-files';
import { OFFLINE_FILE } from './offline-args';
import { packageHls } from './package-hls';
import { UnreadableMediaError } from './probe-args';
import { detectTempo } from './tempo';
import { TEMPO_DETECTOR } from './tempo-args';
import type { LogoPlacement } from '@shared/videos.contract';
import { averageLuma, clip, logoImage, loudnessOf, regionColor } from '../test/media-clips';
import { beatClip } from '../test/beat-clip';

const tools = DEFAULT_TOOLS;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cadence-media-it-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const work = (label: string): Promise<WorkDir> => createWorkDir(root, label);

/** Enhances a clip; the background (when used) is the one the description picks. */
async function enhance(
  name: Parameters<typeof clip>[0],
  options: { logo?: LogoPlacement; background?: string; basic?: boolean } = {},
) {
  const input = await clip(name);
  const info = await probeMedia(tools, input);
  const w = await work(`enh-${name}`);
  const chosen = options.background
    ? chooseBackground(options.background).background
    : BACKGROUNDS[0]!;
  const request: EnhanceRequest = {
    tools,
    input,
    info,
    work: w,
    logo: options.logo ? { file: await logoImage(), placement: options.logo } : null,
    replaceBackground: Boolean(options.background),
    advanced: !options.basic,
    backgroundImage: async (size) => {
      const file = w.file('bg.jpg');
      await runFfmpeg(tools, buildBackgroundArgs(chosen, size, file));
      return file;
    },
  };
  const progress: number[] = [];
  const result = await enhanceMedia({ ...request, onProgress: (f) => progress.push(f) });
  return { input, info, result, progress };
}

/** ffmpeg on a shared 2-core machine: generous limits; no assertion is about time. */
const HEAVY = { timeout: 240_000 };

describe('probe', HEAVY, () => {
  it('reads duration, size and codecs of a real clip', async () => {
    const info = await probeMedia(tools, await clip('basic'));
    expect(info.durationSeconds).toBeGreaterThan(2.9);
    expect(info.durationSeconds).toBeLessThan(3.2);
    expect(info.video).toMatchObject({ codec: 'h264', width: 640, height: 360, pixFmt: 'yuv420p' });
    expect(info.video.fps).toBe(25);
    expect(info.audio?.codec).toBe('aac');
  });

  it('calls a file that is not a video unreadable', async () => {
    const junk = path.join(root, 'junk.mp4');
    // The magic bytes of an MP4, then nothing a decoder can use.
    await writeFile(
      junk,
      Buffer.concat([Buffer.from('000000206674797069736f6d', 'hex'), Buffer.alloc(4000, 7)]),
    );
    await expect(probeMedia(tools, junk)).rejects.toBeInstanceOf(UnreadableMediaError);
  });
});

describe('stills and preview', HEAVY, () => {
  it('a browser-safe clip is remuxed: same duration, copied H.264, stills at their sizes', async () => {
    const input = await clip('basic');
    const info = await probeMedia(tools, input);
    const w = await work('ingest');
    await makeStills(tools, input, info, { thumbnail: w.file('t.jpg'), poster: w.file('p.jpg') });
    expect(await widthOf(w.file('t.jpg'))).toBe(480);
    // The poster is at most 1280 wide, never wider than the source.
    expect(await widthOf(w.file('p.jpg'))).toBe(640);
    expect(
      await makePreview(tools, input, info, { file: w.file('preview.mp4'), dir: w.file('hls') }),
    ).toBe('remux');
    const preview = await probeMedia(tools, w.file('preview.mp4'));
    expect(preview.video.codec).toBe('h264');
    expect(Math.abs(preview.durationSeconds - info.durationSeconds)).toBeLessThan(0.1);
    // faststart: the index (moov) comes before the media data (mdat).
    const head = (await readFile(w.file('preview.mp4'))).subarray(0, 4096).toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(-1);
  });

  it('an MPEG-4 Part 2 AVI grows as an HLS preview: segments play before the transcode ends, the playlist ends, its speed reported', async () => {
    const input = await clip('legacyLong');
    const info = await probeMedia(tools, input);
    expect(info.video.codec).toBe('mpeg4');
    const w = await work('legacy');
    const dir = w.file('preview');
    const calls: Array<{ count: number; ended: boolean }> = [];
    let early: { codec: string; playlist: string } | null = null;
    const runs: Array<{ step: string; mediaSeconds: number; wallSeconds: number }> = [];
    const observed = {
      ...tools,
      observe: (step: string, mediaSeconds: number, wallSeconds: number) =>
        runs.push({ step, mediaSeconds, wallSeconds }),
    };
    const mode = await makePreview(
      observed,
      input,
      info,
      { file: w.file('preview.mp4'), dir },
      {
        onSegments: async (segments, ended) => {
          calls.push({ count: segments.length, ended });
          if (ended || early) return;
          // ffmpeg is still encoding: the listed segment is complete and plays on its own.
          const { stdout } = await runFfprobe(tools, [
            '-v',
            'error',
            '-show_entries',
            'stream=codec_name',
            '-of',
            'csv=p=0',
            path.join(dir, segments[0]!.name),
          ]);
          early = {
            // MPEG-TS lists its streams under its program too: each codec once.
            codec: [...new Set(stdout.split('\n').filter(Boolean))].join(','),
            playlist: await readFile(path.join(dir, 'index.m3u8'), 'utf8'),
          };
        },
      },
    );
    expect(mode).toBe('transcode');
    expect(early).not.toBeNull();
    expect(early!.codec).toBe('h264,aac');
    expect(early!.playlist).not.toContain('#EXT-X-ENDLIST');
    const last = calls.at(-1)!;
    // 40 s in 4 s segments (a last short one may carry the sound's tail).
    expect(last.ended).toBe(true);
    expect(last.count).toBeGreaterThanOrEqual(10);
    expect(calls.filter((c) => c.ended)).toHaveLength(1);
    // Each call lists more than the one before (the playlist only grows).
    for (let i = 1; i < calls.length; i++)
      expect(calls[i]!.count).toBeGreaterThanOrEqual(calls[i - 1]!.count);
    expect(calls[0]!.count).toBeLessThan(10);
    // The remux is tried first only for browser-safe sources: one timed run, the transcode.
    expect(runs).toEqual([
      {
        step: 'preview-transcode',
        mediaSeconds: info.durationSeconds,
        wallSeconds: expect.any(Number),
      },
    ]);
    expect(runs[0]!.wallSeconds).toBeGreaterThan(0);
  });
});

async function widthOf(file: string): Promise<number> {
  const { stdout } = await runFfprobe(tools, [
    '-v',
    'error',
    '-show_entries',
    'stream=width',
    '-of',
    'csv=p=0',
    file,
  ]);
  return Number(stdout.trim());
}

describe('enhance', HEAVY, () => {
  it('levels the sound to -16 LUFS (within 1 LU) and puts the logo where the owner chose, at the size and opacity chosen', async () => {
    const placement = { corner: 'bottom-left', size: 8, opacity: 100 } as const;
    const { input, result, progress } = await enhance('basic', { logo: placement });
    expect(result.outcome).toBe('enhanced');
    if (result.outcome !== 'enhanced') return;
    expect(result.summary.logo).toEqual(placement);
    expect(result.summary.loudnessBefore).toBeLessThan(-18);
    expect(Math.abs((await loudnessOf(result.output)) + 16)).toBeLessThanOrEqual(1);
    const out = await probeMedia(tools, result.output);
    expect(out.video.codec).toBe('h264');
    expect(out.audio).toMatchObject({ codec: 'aac', sampleRate: 48000 });
    // The 200x100 magenta logo at 8% of 640 px: 52x26, 19 px (3%) from the left and bottom
    // edges: x 19-71, y 315-341. Fully opaque: pure magenta there.
    const logoArea = { x: 26, y: 320, width: 38, height: 16 };
    const after = await regionColor(result.output, 1.5, logoArea);
    expect(after.r).toBeGreaterThan(200);
    expect(after.b).toBeGreaterThan(200);
    expect(after.g).toBeLessThan(60);
    // The old spot (top right, where an 18% disc used to sit) is not covered any more.
    const before = await regionColor(input, 1.5, { x: 520, y: 25, width: 80, height: 30 });
    const oldSpot = await regionColor(result.output, 1.5, { x: 520, y: 25, width: 80, height: 30 });
    expect(before.r - before.g).toBeLessThan(40);
    expect(oldSpot.r - oldSpot.g).toBeLessThan(60);
    // Elsewhere the picture is not covered.
    const centre = await regionColor(result.output, 1.5, { x: 20, y: 300, width: 40, height: 40 });
    expect(Math.abs(centre.r - centre.b) + Math.abs(centre.g - centre.b)).toBeGreaterThan(20);
    expect(progress.at(-1)).toBeGreaterThan(0.9);
  });

  it('cuts the A/B audio: the same stretch before and after, the enhanced one levelled louder', async () => {
    // The dim clip's tone is at -32 dB: well under the -16 LUFS target.
    const { input, info, result } = await enhance('dim');
    if (result.outcome !== 'enhanced') throw new Error(result.outcome);
    const clips = await makeAudioClips(tools, {
      original: input,
      info,
      enhanced: result.output,
      work: await work('ab-dim'),
    });
    // A 3 s class is compared whole.
    expect(clips.window).toEqual({ start: 0, duration: 3 });
    const durations = [];
    for (const file of [clips.original, clips.enhanced]) {
      const clipInfo = await runFfprobe(tools, [
        '-v',
        'error',
        '-show_entries',
        'format=duration:stream=codec_type,codec_name',
        '-of',
        'json',
        file,
      ]);
      const parsed = JSON.parse(clipInfo.stdout) as {
        streams: { codec_type: string; codec_name: string }[];
        format: { duration: string };
      };
      // Sound only, AAC.
      expect(parsed.streams).toEqual([{ codec_type: 'audio', codec_name: 'aac' }]);
      durations.push(Number(parsed.format.duration));
    }
    expect(Math.abs(durations[0]! - 3)).toBeLessThan(0.1);
    expect(Math.abs(durations[0]! - durations[1]!)).toBeLessThan(0.05);
    const before = await loudnessOf(clips.original);
    const after = await loudnessOf(clips.enhanced);
    expect(before).toBeLessThan(-25);
    expect(after - before).toBeGreaterThan(8);
    expect(Math.abs(after + 16)).toBeLessThanOrEqual(1.5);
  });

  it('chooses the A/B stretch where a longer class has sound', async () => {
    // 20 s: near silence, then a tone from 8 s on.
    const w = await work('ab-window');
    const input = w.file('quiet-start.mp4');
    await runFfmpeg(tools, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=160x120:r=10:d=20',
      '-f',
      'lavfi',
      '-i',
      "sine=f=440:d=20:sample_rate=48000,volume='if(gte(t,8),0.3,0.001)':eval=frame",
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      input,
    ]);
    const info = await probeMedia(tools, input);
    const clips = await makeAudioClips(tools, { original: input, info, enhanced: input, work: w });
    expect(clips.window).toEqual({ start: 8, duration: 12 });
    // The tone (about -32 LUFS), not the near silence before it (under -70).
    expect(await loudnessOf(clips.original)).toBeGreaterThan(-40);
  });

  it('brightens a dim clip', async () => {
    const { input, result } = await enhance('dim');
    expect(result.outcome).toBe('enhanced');
    if (result.outcome !== 'enhanced') return;
    expect(result.summary.lighting).not.toBeNull();
    const before = await averageLuma(input);
    const after = await averageLuma(result.output);
    expect(after).toBeGreaterThan(before + 25);
    expect(Math.abs((await loudnessOf(result.output)) + 16)).toBeLessThanOrEqual(1);
    expect(result.summary).toMatchObject({ whiteBalance: true, denoise: true });
  });

  it('basic enhancement (Spin Starter) lights and levels the clip, with no white balance or denoise', async () => {
    const { input, result } = await enhance('dim', { basic: true });
    expect(result.outcome).toBe('enhanced');
    if (result.outcome !== 'enhanced') return;
    expect(result.summary).toMatchObject({ whiteBalance: false, denoise: false });
    expect(result.summary.lighting).not.toBeNull();
    expect(await averageLuma(result.output)).toBeGreaterThan((await averageLuma(input)) + 25);
    expect(Math.abs((await loudnessOf(result.output)) + 16)).toBeLessThanOrEqual(1);
  });

  it('replaces a green screen with the chosen background and keeps the rider', async () => {
    const { input, result } = await enhance('green', { background: 'plain blue wall' });
    expect(result.outcome).toBe('enhanced');
    if (result.outcome !== 'enhanced') return;
    expect(result.summary.background).toMatchObject({ method: 'key', color: 'green' });
    // Far from the rider's path (x 40-500, y 80-320): plain blue 0x1E40AF instead of green.
    const bgBefore = await regionColor(input, 1.5, { x: 560, y: 330, width: 60, height: 20 });
    const bgAfter = await regionColor(result.output, 1.5, {
      x: 560,
      y: 330,
      width: 60,
      height: 20,
    });
    expect(bgBefore.g).toBeGreaterThan(150);
    expect(bgAfter.b).toBeGreaterThan(140);
    expect(bgAfter.g).toBeLessThan(100);
    // The rider (orange 0xC04020, at x 190-350 at 1.5 s) is still orange.
    const rider = await regionColor(result.output, 1.5, { x: 230, y: 150, width: 60, height: 80 });
    expect(rider.r).toBeGreaterThan(150);
    expect(rider.g).toBeLessThan(100);
    expect(rider.b).toBeLessThan(80);
  });

  it('replaces the background of a locked-off camera by subtraction', async () => {
    const { input, result } = await enhance('static', { background: 'solid black' });
    expect(result.outcome).toBe('enhanced');
    if (result.outcome !== 'enhanced') return;
    expect(result.summary.background).toMatchObject({ method: 'subtract' });
    // Above the subject's path (y 140-340): the bars become near-black.
    const region = { x: 100, y: 20, width: 400, height: 80 };
    const before = await regionColor(input, 1.5, region);
    const after = await regionColor(result.output, 1.5, region);
    expect(before.r + before.g + before.b).toBeGreaterThan(300);
    expect(after.r + after.g + after.b).toBeLessThan(100);
    // The yellow subject (x ≈ 320-440 at 1.5 s) is kept.
    const subject = await regionColor(result.output, 1.5, {
      x: 350,
      y: 190,
      width: 60,
      height: 100,
    });
    expect(subject.r).toBeGreaterThan(150);
    expect(subject.g).toBeGreaterThan(150);
    expect(subject.b).toBeLessThan(100);
  });

  it('does not pretend: a moving camera or changing lights need manual work', async () => {
    const pan = await enhance('pan', { background: 'sunset road' });
    expect(pan.result).toMatchObject({ outcome: 'needs-manual', reason: 'camera-moves' });
    const lights = await enhance('lights', { background: 'sunset road' });
    expect(lights.result).toMatchObject({ outcome: 'needs-manual', reason: 'lights-change' });
  });
});

describe('package', HEAVY, () => {
  it('writes a master playlist with one rung per step no taller than the source, aligned segments', async () => {
    const input = await clip('ladder');
    const info = await probeMedia(tools, input);
    const w = await work('hls');
    const out = w.file('hls');
    const result = await packageHls(tools, input, info, out);
    expect(result.rungs.map((r) => r.name)).toEqual(['480p', '360p']);
    expect(result.files.at(-1)).toBe('master.m3u8');
    const master = await readFile(path.join(out, 'master.m3u8'), 'utf8');
    expect(master.startsWith('#EXTM3U')).toBe(true);
    expect(master).toContain('RESOLUTION=854x480');
    expect(master).toContain('RESOLUTION=640x360');
    // Capped at the source's ~300 kb/s (plus audio and the muxer's 10% margin).
    for (const bw of [...master.matchAll(/BANDWIDTH=(\d+)/g)].map((m) => Number(m[1]))) {
      expect(bw).toBeLessThan(600_000);
    }
    const durations: string[][] = [];
    for (const rung of ['v480p', 'v360p']) {
      const playlist = await readFile(path.join(out, rung, 'index.m3u8'), 'utf8');
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist).toContain('#EXT-X-ENDLIST');
      expect(Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist)?.[1])).toBeLessThanOrEqual(4);
      const map = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1];
      expect(map && existsSync(path.join(out, rung, map))).toBe(true);
      const segments = playlist.split('\n').filter((l) => l.endsWith('.m4s'));
      expect(segments.length).toBeGreaterThan(0);
      for (const s of segments) expect(existsSync(path.join(out, rung, s))).toBe(true);
      durations.push([...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => m[1]!));
    }
    // Aligned keyframes: every rung cuts its segments at the same instants.
    expect(durations[0]).toEqual(durations[1]);
  });

  it("copies the top rung from Cadence's own enhanced file, still aligned with the encoded rungs", async () => {
    const { result } = await enhance('ladder');
    expect(result.outcome).toBe('enhanced');
    if (result.outcome !== 'enhanced') return;
    const info = await probeMedia(tools, result.output);
    expect(info.comment).toBe('cadence:hls-gop4');
    const out = (await work('hls-copy')).file('hls');
    const packaged = await packageHls(tools, result.output, info, out);
    expect(packaged.copiedTop).toBe(true);
    expect(packaged.rungs.map((r) => r.name)).toEqual(['480p', '360p']);
    const extinf = async (rung: string) =>
      [
        ...(await readFile(path.join(out, rung, 'index.m3u8'), 'utf8')).matchAll(
          /#EXTINF:([\d.]+)/g,
        ),
      ].map((m) => m[1]);
    expect(await extinf('v480p')).toEqual(await extinf('v360p'));
    const master = await readFile(path.join(out, 'master.m3u8'), 'utf8');
    expect(master.match(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/g)).toHaveLength(2);
  });
});

/** The top-level boxes of an MP4, in file order ('ftyp', 'moov', 'mdat', ...). */
async function topBoxes(file: string): Promise<string[]> {
  const bytes = await readFile(file);
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= bytes.length;) {
    let size = bytes.readUInt32BE(at);
    if (size === 1) size = Number(bytes.readBigUInt64BE(at + 8));
    boxes.push(bytes.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

/** What ffprobe says of an offline file: its duration and streams. */
async function probeOffline(file: string) {
  const { stdout } = await runFfprobe(tools, [
    ...[
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_type,codec_name,width,height',
    ],
    ...['-of', 'json', file],
  ]);
  const json = JSON.parse(stdout) as {
    format: { duration: string };
    streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number }>;
  };
  return {
    duration: Number(json.format.duration),
    video: json.streams.filter((s) => s.codec_type === 'video'),
    audio: json.streams.filter((s) => s.codec_type === 'audio'),
  };
}

describe('the offline file (decision 0047)', HEAVY, () => {
  it('is the 480p rung of a 480p class, remuxed: same duration, H.264 + AAC, the index first', async () => {
    const input = await clip('ladder');
    const info = await probeMedia(tools, input);
    const out = (await work('offline-480')).file('hls');
    const result = await packageHls(tools, input, info, out);
    expect(result.offline).toEqual({ file: OFFLINE_FILE, rung: 'v480p/index.m3u8' });
    expect(result.files).toContain(OFFLINE_FILE);
    expect(result.files.at(-1)).toBe('master.m3u8');
    // Nothing else is left beside the ladder (the joined source is removed).
    expect(result.files.filter((f) => !f.includes('/'))).toEqual([OFFLINE_FILE, 'master.m3u8']);
    const file = path.join(out, OFFLINE_FILE);
    const probed = await probeOffline(file);
    expect(Math.abs(probed.duration - info.durationSeconds)).toBeLessThan(0.25);
    expect(probed.video).toEqual([
      { codec_type: 'video', codec_name: 'h264', width: 854, height: 480 },
    ]);
    expect(probed.audio.map((a) => a.codec_name)).toEqual(['aac']);
    const boxes = await topBoxes(file);
    expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(boxes).not.toContain('moof');
  });

  it('a 1080p class gets its 720p rung (never taller); a class without sound, no audio', async () => {
    const dir = (await work('offline-1080')).path;
    const source = path.join(dir, 'hd.mp4');
    await runFfmpeg(tools, [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25:duration=2'],
      ...['-f', 'lavfi', '-i', 'sine=f=440:d=2:sample_rate=48000,volume=-20dB'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '96k', '-shortest', source],
    ]);
    const info = await probeMedia(tools, source);
    const out = path.join(dir, 'hls');
    const hd = await packageHls(tools, source, info, out, { top: 1080 });
    expect(hd.rungs.map((r) => r.name)).toEqual(['1080p', '720p', '480p', '360p']);
    expect(hd.offline?.rung).toBe('v720p/index.m3u8');
    const probed = await probeOffline(path.join(out, OFFLINE_FILE));
    expect(probed.video.map((v) => [v.width, v.height])).toEqual([[1280, 720]]);
    expect(probed.audio.map((a) => a.codec_name)).toEqual(['aac']);
    expect(Math.abs(probed.duration - info.durationSeconds)).toBeLessThan(0.25);

    const silent = await clip('noaudio');
    const silentOut = (await work('offline-silent')).file('hls');
    const mute = await packageHls(tools, silent, await probeMedia(tools, silent), silentOut);
    expect(mute.offline?.rung).toBe('v240p/index.m3u8');
    const muted = await probeOffline(path.join(silentOut, OFFLINE_FILE));
    expect(muted.video.map((v) => [v.width, v.height])).toEqual([[320, 240]]);
    expect(muted.audio).toEqual([]);
  });
});

describe('music tempo (issue #20 part 3)', HEAVY, () => {
  it('hears a click track at 120 then 140 BPM: each part within 3 BPM, the change within 5 s', async () => {
    const input = await beatClip(root, 'clicks', {
      parts: [
        { bpm: 120, seconds: 90 },
        { bpm: 140, seconds: 90 },
      ],
    });
    const info = await probeMedia(tools, input);
    const w = await work('tempo-clicks');
    const tempo = await detectTempo(tools, input, info, w.file('tempo.wav'), { cwd: w.path });
    expect(tempo?.detector).toBe(TEMPO_DETECTOR);
    expect(tempo?.speed).toBeGreaterThan(1);
    const points = tempo!.points;
    expect(points.map((p) => p.atSeconds)).toEqual(
      Array.from({ length: Math.floor(info.durationSeconds / 5) + 1 }, (_, k) => k * 5),
    );
    const near = (bpm: number | null, target: number) =>
      bpm !== null && Math.abs(bpm - target) <= 3;
    // Every point of each part, away from the change, reads its tempo.
    expect(points.filter((p) => p.atSeconds <= 85).every((p) => near(p.bpm, 120))).toBe(true);
    expect(points.filter((p) => p.atSeconds >= 95).every((p) => near(p.bpm, 140))).toBe(true);
    // The change is where the reading moves from one to the other: within 5 s of 90 s.
    const last120 = points.filter((p) => near(p.bpm, 120)).at(-1)!.atSeconds;
    const first140 = points.find((p) => near(p.bpm, 140))!.atSeconds;
    expect(Math.abs(last120 - 90)).toBeLessThanOrEqual(5);
    expect(Math.abs(first140 - 90)).toBeLessThanOrEqual(5);
    // The WAV is gone once read.
    expect(existsSync(w.file('tempo.wav'))).toBe(false);
  });

  it('hears no beat in silence', async () => {
    const input = await beatClip(root, 'silence', { silence: 30 });
    const info = await probeMedia(tools, input);
    const w = await work('tempo-silence');
    const tempo = await detectTempo(tools, input, info, w.file('tempo.wav'));
    expect(tempo!.points).toHaveLength(7);
    expect(tempo!.points.every((p) => p.bpm === null)).toBe(true);
  });

  it('skips a video with no audio stream (nothing is run)', async () => {
    const input = await clip('noaudio');
    const info = await probeMedia(tools, input);
    expect(info.audio).toBeNull();
    const w = await work('tempo-noaudio');
    // A tool that cannot run: had anything been started, this would throw.
    const broken = {
      ...tools,
      ffmpeg: '/nonexistent/ffmpeg',
      aubiotrack: '/nonexistent/aubiotrack',
    };
    expect(await detectTempo(broken, input, info, w.file('tempo.wav'))).toBeNull();
  });

  it('stops when its signal is aborted, leaving no WAV', async () => {
    const input = await beatClip(root, 'clicks-short', { parts: [{ bpm: 120, seconds: 20 }] });
    const info = await probeMedia(tools, input);
    const w = await work('tempo-abort');
    const controller = new AbortController();
    controller.abort(new Error('job stopped'));
    await expect(
      detectTempo(tools, input, info, w.file('tempo.wav'), { signal: controller.signal }),
    ).rejects.toThrow('job stopped');
    expect(existsSync(w.file('tempo.wav'))).toBe(false);
  });
});
