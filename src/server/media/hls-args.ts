import type { topRungFor } from '@shared/plan-features';
import { userInputArgs } from './input-args';
import { videoBitRate, type MediaInfo } from './probe-args';

/**
 * The ladder, by the picture's short side, with each rung's bit rate ceiling (bits per second).
 * Which rungs a class gets follows its owner's plan (`topRungFor` in shared/plan-features.ts).
 */
export const LADDER = [
  { name: '2160p', short: 2160, maxBitRate: 16_000_000 },
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

/** A plan's tallest rung, by the short side; the ladder's own top offers every rung. */
export type RungTop = ReturnType<typeof topRungFor>;
export const FULL_LADDER_TOP: RungTop = 2160;

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
 * portrait phone video gets the same steps; never upscaled) nor than `top` (the owner's plan), each
 * capped at the source's bit rate. A source smaller than the lowest step gets one rung at its own
 * size.
 */
export function ladderFor(info: MediaInfo, top: RungTop): Rung[] {
  const { width, height } = info.video;
  const short = Math.min(width, height);
  const sourceRate = videoBitRate(info);
  const scaled = (target: number) => {
    const f = target / short;
    return { width: even(width * f), height: even(height * f) };
  };
  const cap = (max: number) => Math.round(sourceRate ? Math.min(max, sourceRate) : max);
  const rungs: Rung[] = LADDER.filter((r) => r.short <= short && r.short <= top).map((r) => ({
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

/**
 * The short side of the tallest rung a source of `width` x `height` gets under a plan's `top`
 * (ladderFor's rule, without probing): what a class's ladder tops at, from the stored size.
 */
export function ladderTopFor(width: number, height: number, top: RungTop): number {
  const short = Math.min(width, height);
  return LADDER.find((r) => r.short <= short && r.short <= top)?.short ?? even(short);
}

/** The short side of a RESOLUTION attribute ("1920x1080", "1080x1920": 1080), or null. */
export function shortSideOf(resolution: string | null): number | null {
  const m = /^(\d{1,5})x(\d{1,5})$/.exec(resolution ?? '');
  return m ? Math.min(Number(m[1]), Number(m[2])) : null;
}

/** The tallest variant a master playlist lists, by the short side (0 when it names none). */
export function masterTop(master: string): number {
  return Math.max(0, ...variantsOf(master).map((v) => shortSideOf(v.resolution) ?? 0));
}

/**
 * A master playlist with the variants taller than `top` (by the short side) left out: what a
 * downgraded owner's riders are offered, whatever the stored ladder holds. Every other line stays
 * as it is. A variant without a readable RESOLUTION stays (nothing says it is above the plan); a
 * stream tag with no URI after it (before the next one) goes; when every variant is above the plan,
 * the shortest one stays (a master with none would play nothing). Answers the text unchanged (the
 * same string) when nothing is left out.
 */
export function capMasterPlaylist(master: string, top: number): string {
  const STREAM = '#EXT-X-STREAM-INF:';
  const lines = master.split('\n');
  const isUri = (line: string) => line.trim() !== '' && !line.startsWith('#');
  const variants: Array<{ info: number; uri: number; short: number | null }> = [];
  const orphans: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith(STREAM)) continue;
    let uri = i + 1;
    while (uri < lines.length && !isUri(lines[uri]!) && !lines[uri]!.startsWith(STREAM)) uri++;
    if (uri >= lines.length || !isUri(lines[uri]!)) {
      orphans.push(i);
      i = uri - 1;
      continue;
    }
    const resolution = /RESOLUTION=([^,\s]*)/.exec(lines[i]!)?.[1] ?? null;
    variants.push({ info: i, uri, short: shortSideOf(resolution) });
    i = uri;
  }
  const above = variants.filter((v) => v.short !== null && v.short > top);
  if (above.length === variants.length && above.length > 0) {
    const lowest = Math.min(...above.map((v) => v.short!));
    above.splice(
      above.findIndex((v) => v.short === lowest),
      1,
    );
  }
  if (above.length === 0 && orphans.length === 0) return master;
  const drop = new Set([...orphans, ...above.flatMap((v) => [v.info, v.uri])]);
  return lines.filter((_, i) => !drop.has(i)).join('\n');
}
