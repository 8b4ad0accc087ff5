import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, open, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOOLS, runFfprobe } from '../../media/ffmpeg';
import { makePreview, probeMedia } from '../../media/ingest-media';
import { demuxerFor } from '../../media/input-args';
import { buildProbeArgs, UnreadableMediaError } from '../../media/probe-args';
import { sniffVideo } from '@shared/video-sniff';
import { FFMPEG, mediaFixtures } from '../media-fixtures';

/**
 * Audit finding 3: a DASH manifest that starts `<!--skip-->` passed the magic-byte check as
 * QuickTime ('<!--' read as an atom size, 'skip' as its type); ffprobe then detected it as DASH and
 * followed its relative BaseURL to another owner's private preview, which became the attacker's
 * "class". The objects below are laid out as on local disk: videos/<id>/...
 */
const run = promisify(execFile);
const tools = { ...DEFAULT_TOOLS, ffmpeg: FFMPEG };
let root: string;
let hostile: string;
let victim: string;
const real: Record<string, string> = {};

const manifest = `<!--skip--><MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static"
 mediaPresentationDuration="PT2S" minBufferTime="PT1S"
 profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">
 <Period><AdaptationSet mimeType="video/mp4">
  <Representation id="1" bandwidth="100000" width="320" height="240" codecs="avc1.64000d">
   <BaseURL>../victim/preview.mp4</BaseURL>
  </Representation>
 </AdaptationSet></Period>
</MPD>
`;

async function head(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The video stream of an MPEG-TS segment Cadence wrote. */
async function segmentVideo(file: string) {
  const { stdout } = await runFfprobe(tools, [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=codec_name,width,height',
    '-of',
    'json',
    file,
  ]);
  const [stream] = (JSON.parse(stdout) as { streams: Array<Record<string, unknown>> }).streams;
  return { codec: stream?.codec_name, width: stream?.width, height: stream?.height };
}

beforeAll(async () => {
  const { clipPath } = await mediaFixtures();
  root = await mkdtemp(path.join(os.tmpdir(), 'cadence-dash-'));
  await mkdir(path.join(root, 'videos', 'victim'), { recursive: true });
  await mkdir(path.join(root, 'videos', 'attacker'), { recursive: true });
  victim = path.join(root, 'videos', 'victim', 'preview.mp4');
  await copyFile(clipPath, victim);
  hostile = path.join(root, 'videos', 'attacker', 'original');
  await writeFile(hostile, manifest);
  real.mp4 = clipPath;
  for (const [ext, args] of [
    ['mov', ['-c', 'copy']],
    ['webm', ['-c:v', 'libvpx', '-b:v', '200k', '-c:a', 'libvorbis', '-t', '1']],
    ['avi', ['-c:v', 'mpeg4', '-c:a', 'mp3', '-t', '1']],
  ] as const) {
    real[ext] = path.join(root, `real.${ext}`);
    await run(FFMPEG, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      clipPath,
      ...args,
      real[ext],
    ]);
  }
}, 120_000);

describe('a DASH manifest disguised as QuickTime', () => {
  it('is not a video to the sniff', async () => {
    expect(sniffVideo(await head(hostile))).toBeNull();
    expect(demuxerFor(await head(hostile))).toBeNull();
  });

  it("is real: ffprobe's auto-detection reads the other owner's file through it", async () => {
    const { stdout } = await runFfprobe(tools, [
      '-hide_banner',
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      hostile,
    ]);
    const out = JSON.parse(stdout) as { format: { format_name: string }; streams: unknown[] };
    expect(out.format.format_name).toBe('dash');
    expect(out.streams).toContainEqual(expect.objectContaining({ codec_name: 'h264', width: 320 }));
  });

  it('is refused at the probe: ingest fails it as unreadable and reads nothing else', async () => {
    await expect(probeMedia(tools, hostile, { cwd: root })).rejects.toBeInstanceOf(
      UnreadableMediaError,
    );
  });

  it('is read by no allowed demuxer even if the sniff were fooled', async () => {
    for (const demuxer of ['mov', 'matroska', 'avi'] as const) {
      await expect(runFfprobe(tools, buildProbeArgs(hostile, demuxer))).rejects.toThrow();
    }
  });
});

describe('real videos still ingest with the fixed arguments', () => {
  it.each([
    ['mp4', 'mov'],
    ['mov', 'mov'],
    ['webm', 'matroska'],
    ['avi', 'avi'],
  ] as const)('a .%s is probed with %s and gets its preview', async (ext, demuxer) => {
    const info = await probeMedia(tools, real[ext]!, { cwd: root });
    expect(info.demuxer).toBe(demuxer);
    expect(info.video).toMatchObject({ width: 320, height: 240 });
    const out = {
      file: path.join(root, `preview-${ext}.mp4`),
      dir: path.join(root, `preview-${ext}`),
    };
    const mode = await makePreview(tools, real[ext]!, info, out);
    // The AVI (not browser-safe here) grows as HLS; its first segment is read as MPEG-TS.
    const preview =
      mode === 'remux'
        ? await probeMedia(tools, out.file, { cwd: root })
        : { video: await segmentVideo(path.join(out.dir, 'seg_00000.ts')) };
    expect(preview.video).toMatchObject({ codec: 'h264', width: 320, height: 240 });
  });
});
