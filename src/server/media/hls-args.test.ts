import { describe, expect, it } from 'vitest';
import { topRungFor } from '@shared/plan-features';
import {
  buildHlsArgs,
  canCopyTopRung,
  capMasterPlaylist,
  ladderFor,
  ladderTopFor,
  masterTop,
  variantsOf,
} from './hls-args';
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
    expect(ladderFor(source(1920, 1080, 8_000_000), 2160)).toEqual([
      { name: '1080p', width: 1920, height: 1080, maxBitRate: 5_000_000 },
      { name: '720p', width: 1280, height: 720, maxBitRate: 2_800_000 },
      { name: '480p', width: 854, height: 480, maxBitRate: 1_400_000 },
      { name: '360p', width: 640, height: 360, maxBitRate: 800_000 },
    ]);
  });

  it('never taller than the source, and never above its bit rate', () => {
    const rungs = ladderFor(source(1280, 720, 1_000_000), 2160);
    expect(rungs.map((r) => r.name)).toEqual(['720p', '480p', '360p']);
    expect(rungs.map((r) => r.maxBitRate)).toEqual([1_000_000, 1_000_000, 800_000]);
  });

  it('a portrait video is measured by its short side', () => {
    const rungs = ladderFor(source(1080, 1920), 1080);
    expect(rungs[0]).toMatchObject({ name: '1080p', width: 1080, height: 1920 });
    expect(rungs[3]).toMatchObject({ name: '360p', width: 360, height: 640 });
  });

  it('a source below 360p gets one rung at its own size', () => {
    expect(ladderFor(source(320, 240, 300_000), 720)).toEqual([
      { name: '240p', width: 320, height: 240, maxBitRate: 300_000 },
    ]);
  });

  const names = (info: MediaInfo, plan: string) =>
    ladderFor(info, topRungFor(plan)).map((r) => r.name);

  it("tops out at the owner's plan: 720p on Spin Starter, 1080p on Power Cycle and Spin Master, 2160p on Elite Studio", () => {
    const uhd = source(3840, 2160, 40_000_000);
    expect(names(uhd, 'spin-starter')).toEqual(['720p', '480p', '360p']);
    expect(names(uhd, 'power-cycle')).toEqual(['1080p', '720p', '480p', '360p']);
    expect(names(uhd, 'spin-master')).toEqual(['1080p', '720p', '480p', '360p']);
    expect(names(uhd, 'elite-studio')).toEqual(['2160p', '1080p', '720p', '480p', '360p']);
    expect(ladderFor(uhd, 2160)[0]).toEqual({
      name: '2160p',
      width: 3840,
      height: 2160,
      maxBitRate: 16_000_000,
    });
    // An unknown stored plan counts as the free one.
    expect(names(uhd, 'platinum')).toEqual(['720p', '480p', '360p']);
  });

  it('never upscales: a 1080p or 1440p source on Elite Studio tops at 1080p', () => {
    expect(names(source(1920, 1080), 'elite-studio')[0]).toBe('1080p');
    expect(names(source(2560, 1440), 'elite-studio')[0]).toBe('1080p');
    expect(names(source(1280, 720), 'elite-studio')[0]).toBe('720p');
  });

  it('a portrait 4K phone video gets the 2160p rung by its short side, and only on Elite', () => {
    const phone = source(2160, 3840);
    expect(ladderFor(phone, 2160)[0]).toMatchObject({ name: '2160p', width: 2160, height: 3840 });
    expect(ladderFor(phone, 1080)[0]).toMatchObject({ name: '1080p', width: 1080, height: 1920 });
    expect(ladderFor(phone, 720)[0]).toMatchObject({ name: '720p', width: 720, height: 1280 });
  });

  it('ladderTopFor gives the same top from the stored size as ladderFor does', () => {
    for (const [w, h] of [
      [3840, 2160],
      [2160, 3840],
      [2560, 1440],
      [1920, 1080],
      [1280, 720],
      [640, 360],
      [320, 240],
    ] as const) {
      for (const top of [720, 1080, 2160] as const) {
        const rung = ladderFor(source(w, h), top)[0]!;
        expect(ladderTopFor(w, h, top)).toBe(Math.min(rung.width, rung.height));
      }
    }
  });
});

describe('buildHlsArgs', () => {
  it('one decode split into every rung, 4 s aligned keyframes, fMP4, one master', () => {
    const info = source(1280, 720, 2_000_000);
    const args = buildHlsArgs('/enhanced.mp4', info, ladderFor(info, 2160));
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
    const rungs = ladderFor(own, 1080);
    expect(canCopyTopRung(own, rungs)).toBe(true);
    expect(canCopyTopRung(source(1280, 720, 2_000_000), rungs)).toBe(false);
    expect(
      canCopyTopRung(
        { ...own, video: { ...own.video, width: 1366, height: 768 } },
        ladderFor({ ...own, video: { ...own.video, width: 1366, height: 768 } }, 1080),
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
    const args = buildHlsArgs('/e.mp4', info, ladderFor(info, 720));
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

/** A master as ffmpeg writes it for a 4K ladder (CODECS added for the copied top rung). */
const UHD_MASTER = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-INDEPENDENT-SEGMENTS',
  '#EXT-X-STREAM-INF:BANDWIDTH=17740800,RESOLUTION=3840x2160,CODECS="avc1.640033,mp4a.40.2"',
  'v2160p/index.m3u8',
  '',
  '#EXT-X-STREAM-INF:BANDWIDTH=5640800,RESOLUTION=1920x1080,CODECS="avc1.640028,mp4a.40.2"',
  'v1080p/index.m3u8',
  '',
  '#EXT-X-STREAM-INF:BANDWIDTH=3220800,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"',
  'v720p/index.m3u8',
  '',
  '#EXT-X-STREAM-INF:BANDWIDTH=1020800,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"',
  'v360p/index.m3u8',
  '',
].join('\n');

describe('capMasterPlaylist', () => {
  const uris = (master: string) => variantsOf(master).map((v) => v.uri);

  it("leaves out the variants above the plan's top and keeps every other line as it is", () => {
    const hd = capMasterPlaylist(UHD_MASTER, 1080);
    expect(uris(hd)).toEqual(['v1080p/index.m3u8', 'v720p/index.m3u8', 'v360p/index.m3u8']);
    expect(hd).toBe(
      UHD_MASTER.replace(/#EXT-X-STREAM-INF:[^\n]*3840x2160[^\n]*\nv2160p\/index\.m3u8\n/, ''),
    );
    expect(uris(capMasterPlaylist(UHD_MASTER, 720))).toEqual([
      'v720p/index.m3u8',
      'v360p/index.m3u8',
    ]);
    expect(masterTop(capMasterPlaylist(UHD_MASTER, 720))).toBe(720);
  });

  it('answers the same text when nothing is above the plan', () => {
    expect(capMasterPlaylist(UHD_MASTER, 2160)).toBe(UHD_MASTER);
    expect(capMasterPlaylist('', 720)).toBe('');
  });

  it('measures a portrait ladder by its short side', () => {
    const portrait = UHD_MASTER.replace('3840x2160', '2160x3840').replace('1920x1080', '1080x1920');
    expect(uris(capMasterPlaylist(portrait, 1080))[0]).toBe('v1080p/index.m3u8');
    expect(masterTop(portrait)).toBe(2160);
  });

  it('CRLF lines, a variant with no readable size, and a ladder wholly above the plan', () => {
    const crlf = UHD_MASTER.replace(/\n/g, '\r\n');
    expect(uris(capMasterPlaylist(crlf, 720))).toEqual(['v720p/index.m3u8', 'v360p/index.m3u8']);
    const unsized =
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=huge\nva/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=2\nvb/index.m3u8\n';
    expect(capMasterPlaylist(unsized, 720)).toBe(unsized);
    // Only tall rungs: the shortest stays, so the class still plays.
    const tall =
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=9,RESOLUTION=3840x2160\nv2160p/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=5,RESOLUTION=1920x1080\nv1080p/index.m3u8\n';
    expect(uris(capMasterPlaylist(tall, 720))).toEqual(['v1080p/index.m3u8']);
  });

  it('hostile text: a URI line that looks like a tag, a stream tag with no URI, huge numbers', () => {
    const odd = [
      '#EXTM3U',
      '#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=99999x99999',
      '#EXT-X-STREAM-INF:BANDWIDTH=2,RESOLUTION=640x360',
      'v360p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=3,RESOLUTION=3840x2160,RESOLUTION=1x1',
      'v2160p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=4,RESOLUTION=1920x1080',
    ].join('\n');
    expect(capMasterPlaylist(odd, 720)).toBe(
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=2,RESOLUTION=640x360\nv360p/index.m3u8',
    );
    expect(masterTop('#EXTM3U\nnot a playlist')).toBe(0);
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
