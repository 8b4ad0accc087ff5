import { describe, expect, it } from 'vitest';
import { buildHlsArgs, canCopyTopRung, ladderFor, variantsOf } from './hls-args';
import { avcCodecOf, withCodecs } from './package-hls';
import type { MediaInfo } from './probe-args';

const source = (
  width: number,
  height: number,
  bitRate: number | null = null,
  audio = true,
): MediaInfo => ({
  demuxer: 'mov',
  durationSeconds: 60,
  formatName: 'mp4',
  comment: null,
  bitRate: null,
  video: {
    codec: 'h264',
    profile: 'High',
    pixFmt: 'yuv420p',
    width,
    height,
    rotation: 0,
    fps: 30,
    frames: null,
    bitRate,
  },
  audio: audio ? { codec: 'aac', channels: 2, sampleRate: 48000, bitRate: 128000 } : null,
});
const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1]!;

describe('ladderFor', () => {
  it('1080p gets four rungs, each at its own ceiling', () => {
    expect(ladderFor(source(1920, 1080, 8_000_000))).toEqual([
      { name: '1080p', width: 1920, height: 1080, maxBitRate: 5_000_000 },
      { name: '720p', width: 1280, height: 720, maxBitRate: 2_800_000 },
      { name: '480p', width: 854, height: 480, maxBitRate: 1_400_000 },
      { name: '360p', width: 640, height: 360, maxBitRate: 800_000 },
    ]);
  });

  it('never taller than the source, and never above its bit rate', () => {
    const rungs = ladderFor(source(1280, 720, 1_000_000));
    expect(rungs.map((r) => r.name)).toEqual(['720p', '480p', '360p']);
    expect(rungs.map((r) => r.maxBitRate)).toEqual([1_000_000, 1_000_000, 800_000]);
  });

  it('a portrait video is measured by its short side', () => {
    const rungs = ladderFor(source(1080, 1920));
    expect(rungs[0]).toMatchObject({ name: '1080p', width: 1080, height: 1920 });
    expect(rungs[3]).toMatchObject({ name: '360p', width: 360, height: 640 });
  });

  it('a source below 360p gets one rung at its own size', () => {
    expect(ladderFor(source(320, 240, 300_000))).toEqual([
      { name: '240p', width: 320, height: 240, maxBitRate: 300_000 },
    ]);
  });
});

describe('buildHlsArgs', () => {
  it('one decode split into every rung, 4 s aligned keyframes, fMP4, one master', () => {
    const info = source(1280, 720, 2_000_000);
    const args = buildHlsArgs('/enhanced.mp4', info, ladderFor(info));
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    expect(after(args, '-filter_complex')).toBe(
      '[0:v]split=3[s0][s1][s2];[s0]scale=1280:720,format=yuv420p[v0];[s1]scale=854:480,format=yuv420p[v1];[s2]scale=640:360,format=yuv420p[v2]',
    );
    expect(after(args, '-preset')).toBe('superfast');
    expect(after(args, '-g')).toBe('120');
    expect(after(args, '-keyint_min')).toBe('120');
    expect(after(args, '-sc_threshold')).toBe('0');
    expect(after(args, '-force_key_frames')).toBe('expr:gte(t,n_forced*4)');
    expect(after(args, '-maxrate:v:0')).toBe('2000000');
    expect(after(args, '-bufsize:v:2')).toBe('1600000');
    expect(after(args, '-hls_time')).toBe('4');
    expect(after(args, '-hls_segment_type')).toBe('fmp4');
    expect(after(args, '-master_pl_name')).toBe('master.m3u8');
    expect(after(args, '-var_stream_map')).toBe(
      'v:0,a:0,name:720p v:1,a:1,name:480p v:2,a:2,name:360p',
    );
    expect(args.at(-1)).toBe('v%v/index.m3u8');
  });

  it("copies the top rung from Cadence's own enhanced file and encodes only the lower ones", () => {
    const own = { ...source(1280, 720, 2_000_000), comment: 'cadence:hls-gop4' };
    const rungs = ladderFor(own);
    expect(canCopyTopRung(own, rungs)).toBe(true);
    expect(canCopyTopRung(source(1280, 720, 2_000_000), rungs)).toBe(false);
    expect(
      canCopyTopRung(
        { ...own, video: { ...own.video, width: 1366, height: 768 } },
        ladderFor({ ...own, video: { ...own.video, width: 1366, height: 768 } }),
      ),
    ).toBe(false);
    const args = buildHlsArgs('/e.mp4', own, rungs, { copyTop: true });
    expect(after(args, '-filter_complex')).toBe(
      '[0:v]split=2[s1][s2];[s1]scale=854:480,format=yuv420p[v1];[s2]scale=640:360,format=yuv420p[v2]',
    );
    expect(args.slice(args.indexOf('-map'), args.indexOf('-map') + 4)).toEqual([
      '-map',
      '0:v:0',
      '-map',
      '0:a:0',
    ]);
    expect(after(args, '-c:v:0')).toBe('copy');
    expect(args).not.toContain('-maxrate:v:0');
    expect(args).not.toContain('-profile:v:0');
    expect(after(args, '-profile:v:1')).toBe('high');
    expect(after(args, '-var_stream_map')).toBe(
      'v:0,a:0,name:720p v:1,a:1,name:480p v:2,a:2,name:360p',
    );
    // Its AAC is shared by every rung as it is.
    expect(after(args, '-c:a')).toBe('copy');
    expect(args).not.toContain('-b:a');
    // A source of another kind is re-encoded.
    expect(after(buildHlsArgs('/e.mp4', own, rungs), '-c:a')).toBe('aac');
  });

  it('a single rung needs no split, and no audio means no audio streams', () => {
    const info = source(320, 240, null, false);
    const args = buildHlsArgs('/e.mp4', info, ladderFor(info));
    expect(after(args, '-filter_complex')).toBe('[0:v]scale=320:240,format=yuv420p[v0]');
    expect(after(args, '-var_stream_map')).toBe('v:0,name:240p');
    expect(args).not.toContain('-c:a');
  });
});

describe('variantsOf', () => {
  it('lists the variant playlists of a master with their bandwidth', () => {
    const master =
      '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-STREAM-INF:BANDWIDTH=1020800,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"\nv360p/index.m3u8\n\n';
    expect(variantsOf(master)).toEqual([
      { uri: 'v360p/index.m3u8', bandwidth: 1020800, resolution: '640x360' },
    ]);
  });
});

describe('master playlist codecs for a copied rung', () => {
  it('reads the avcC profile and level and adds CODECS where ffmpeg left none', () => {
    const init = Buffer.concat([
      Buffer.from('....ftypisom....avcC', 'latin1'),
      Buffer.from([1, 0x64, 0x00, 0x1f, 0xff]),
    ]);
    expect(avcCodecOf(init)).toBe('avc1.64001f');
    expect(avcCodecOf(Buffer.from('no box here'))).toBeNull();
    const master =
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=3338481,RESOLUTION=1280x720\nv720p/index.m3u8\n\n#EXT-X-STREAM-INF:BANDWIDTH=1,CODECS="avc1.64001f,mp4a.40.2"\nv480p/index.m3u8\n';
    const patched = withCodecs(master, 'v720p/index.m3u8', 'avc1.64001f,mp4a.40.2');
    expect(patched).toContain(
      'RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"\nv720p/index.m3u8',
    );
    expect(withCodecs(patched, 'v480p/index.m3u8', 'x')).toBe(patched);
  });
});
