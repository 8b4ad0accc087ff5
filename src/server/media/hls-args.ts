import { userInputArgs } from './input-args';
import { videoBitRate, type MediaInfo } from './probe-args';

/** The ladder, by the picture's short side, with each rung's bit rate ceiling (bits per second). */
export const LADDER = [
  { name: '1080p', short: 1080, maxBitRate: 5_000_000 },
  { name: '720p', short: 720, maxBitRate: 2_800_000 },
  { name: '480p', short: 480, maxBitRate: 1_400_000 },
  { name: '360p', short: 360, maxBitRate: 800_000 },
] as const;

export const SEGMENT_SECONDS = 4;
export const HLS_AUDIO_BITRATE = '128k';
export const HLS_CRF = 23;
/** The lower rungs are small; superfast keeps packaging well under the clip's duration. */
export const HLS_PRESET = 'superfast';
export const MASTER_PLAYLIST = 'master.m3u8';

export interface Rung {
  name: string;
  width: number;
  height: number;
  /** The ceiling: the rung's own, or the source's when lower. */
  maxBitRate: number;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * The rungs for a source: every ladder step no taller than the source (by the short side, so a
 * portrait phone video gets the same steps), each capped at the source's bit rate. A source smaller
 * than the lowest step gets one rung at its own size.
 */
export function ladderFor(info: MediaInfo): Rung[] {
  const { width, height } = info.video;
  const short = Math.min(width, height);
  const sourceRate = videoBitRate(info);
  const scaled = (target: number) => {
    const f = target / short;
    return { width: even(width * f), height: even(height * f) };
  };
  const cap = (max: number) => Math.round(sourceRate ? Math.min(max, sourceRate) : max);
  const rungs: Rung[] = LADDER.filter((r) => r.short <= short).map((r) => ({
    name: r.name,
    ...scaled(r.short),
    maxBitRate: cap(r.maxBitRate),
  }));
  if (rungs.length === 0) {
    const lowest = LADDER[LADDER.length - 1]!;
    rungs.push({
      name: `${even(short)}p`,
      width: even(width),
      height: even(height),
      maxBitRate: cap(lowest.maxBitRate),
    });
  }
  return rungs;
}

/** How Cadence's own enhanced files are marked: keyframes every 4 s, capped at the top rung's rate. */
export const HLS_READY_MARK = 'cadence:hls-gop4';

/**
 * The top rung can be the enhanced file's own video, copied: when Cadence encoded it for this
 * (keyframes on the 4 s grid, bit rate capped at the rung's), at exactly the rung's size.
 */
export function canCopyTopRung(info: MediaInfo, rungs: Rung[]): boolean {
  const top = rungs[0];
  return (
    info.comment === HLS_READY_MARK &&
    info.video.codec === 'h264' &&
    top !== undefined &&
    top.width === info.video.width &&
    top.height === info.video.height
  );
}

/**
 * One ffmpeg run: one decode, `split` into every rung, libx264 superfast with keyframes forced every
 * 4 s (so every rung cuts segments at the same instants), fMP4 segments, one master playlist.
 * With `copyTop`, the top rung is the input's video stream copied (see canCopyTopRung) and only
 * the lower rungs are encoded. Paths are relative to the output folder ffmpeg runs in:
 * v<name>/index.m3u8, v<name>/seg_0000.m4s.
 */
export function buildHlsArgs(
  input: string,
  info: MediaInfo,
  rungs: Rung[],
  options: { copyTop?: boolean } = {},
): string[] {
  const fps = info.video.fps ?? 30;
  const gop = Math.max(1, Math.round(fps * SEGMENT_SECONDS));
  const copyTop = Boolean(options.copyTop) && rungs.length > 0;
  const encoded = rungs.map((r, i) => ({ r, i })).filter(({ i }) => !(copyTop && i === 0));
  const scaled = (r: Rung, label: string) =>
    `scale=${r.width}:${r.height},format=yuv420p[${label}]`;
  const graph =
    encoded.length === 0
      ? null
      : encoded.length === 1
        ? `[0:v]${scaled(encoded[0]!.r, `v${encoded[0]!.i}`)}`
        : [
            `[0:v]split=${encoded.length}${encoded.map(({ i }) => `[s${i}]`).join('')}`,
            ...encoded.map(({ r, i }) => `[s${i}]${scaled(r, `v${i}`)}`),
          ].join(';');
  const hasAudio = Boolean(info.audio);
  // Cadence's own enhanced file already carries 48 kHz AAC: every rung shares it as it is.
  const copyAudio = copyTop && info.audio?.codec === 'aac';
  const maps = rungs.flatMap((_, i) => [
    '-map',
    copyTop && i === 0 ? '0:v:0' : `[v${i}]`,
    ...(hasAudio ? ['-map', '0:a:0'] : []),
  ]);
  const rates = encoded.flatMap(({ r, i }) => [
    `-maxrate:v:${i}`,
    String(r.maxBitRate),
    `-bufsize:v:${i}`,
    String(r.maxBitRate * 2),
  ]);
  const streamMap = rungs
    .map((r, i) => `v:${i}${hasAudio ? `,a:${i}` : ''},name:${r.name}`)
    .join(' ');
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'error',
    '-y',
    ...userInputArgs(input, info.demuxer),
    ...(graph ? ['-filter_complex', graph] : []),
    ...maps,
    '-c:v',
    'libx264',
    ...(copyTop ? ['-c:v:0', 'copy'] : []),
    '-preset',
    HLS_PRESET,
    // Per stream: a copied stream has no encoder to take a profile.
    ...encoded.flatMap(({ i }) => [`-profile:v:${i}`, 'high']),
    '-crf',
    String(HLS_CRF),
    ...rates,
    '-g',
    String(gop),
    '-keyint_min',
    String(gop),
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    ...(hasAudio
      ? copyAudio
        ? ['-c:a', 'copy']
        : ['-c:a', 'aac', '-b:a', HLS_AUDIO_BITRATE, '-ar', '48000', '-ac', '2']
      : []),
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_type',
    'fmp4',
    '-hls_fmp4_init_filename',
    'init.mp4',
    '-hls_segment_filename',
    'v%v/seg_%04d.m4s',
    '-master_pl_name',
    MASTER_PLAYLIST,
    '-var_stream_map',
    streamMap,
    'v%v/index.m3u8',
  ];
}

/** The rung names a master playlist lists (its variant URIs' folders), in order. */
export function variantsOf(
  master: string,
): Array<{ uri: string; bandwidth: number; resolution: string | null }> {
  const lines = master.split(/\r?\n/);
  const out: Array<{ uri: string; bandwidth: number; resolution: string | null }> = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const bandwidth = Number(/BANDWIDTH=(\d+)/.exec(line)?.[1] ?? NaN);
    const resolution = /RESOLUTION=(\d+x\d+)/.exec(line)?.[1] ?? null;
    const uri =
      lines
        .slice(i + 1)
        .find((l) => l.trim() && !l.startsWith('#'))
        ?.trim() ?? '';
    out.push({ uri, bandwidth, resolution });
  }
  return out;
}
