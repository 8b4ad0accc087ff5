import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { runFfmpeg, type MediaTools } from './ffmpeg';
import {
  buildHlsArgs,
  canCopyTopRung,
  FULL_LADDER_TOP,
  ladderFor,
  MASTER_PLAYLIST,
  variantsOf,
  type Rung,
  type RungTop,
} from './hls-args';
import { listFiles } from './media-files';
import type { MediaInfo } from './probe-args';

export interface PackageResult {
  rungs: Rung[];
  /** The top rung is the enhanced file's own video, copied (Cadence encoded it for this). */
  copiedTop: boolean;
  /** Every file written, relative to the output folder; the master playlist last. */
  files: string[];
}

/** The RFC 6381 name of an H.264 stream ("avc1.64001f") from the avcC box of an MP4 init segment. */
export function avcCodecOf(init: Buffer): string | null {
  const at = init.indexOf('avcC', 0, 'latin1');
  if (at < 0 || at + 8 > init.length) return null;
  // avcC: configurationVersion, AVCProfileIndication, profile_compatibility, AVCLevelIndication.
  const hex = (b: number) => b.toString(16).padStart(2, '0');
  return `avc1.${hex(init[at + 5]!)}${hex(init[at + 6]!)}${hex(init[at + 7]!)}`;
}

/** Adds CODECS to the variant `uri`'s EXT-X-STREAM-INF line when it has none. */
export function withCodecs(master: string, uri: string, codecs: string): string {
  const lines = master.split('\n');
  const index = lines.findIndex((l) => l.trim() === uri);
  const info = lines[index - 1];
  if (index > 0 && info?.startsWith('#EXT-X-STREAM-INF:') && !info.includes('CODECS=')) {
    lines[index - 1] = `${info},CODECS="${codecs}"`;
  }
  return lines.join('\n');
}

/**
 * Writes the HLS ladder of `input` into `outDir` (empty), checking the master lists every rung.
 * `top`: the owner's plan's tallest rung (default: every rung the source has).
 */
export async function packageHls(
  tools: MediaTools,
  input: string,
  info: MediaInfo,
  outDir: string,
  options: { top?: RungTop; signal?: AbortSignal; onProgress?: (fraction: number) => void } = {},
): Promise<PackageResult> {
  const rungs = ladderFor(info, options.top ?? FULL_LADDER_TOP);
  const copyTop = canCopyTopRung(info, rungs);
  await mkdir(outDir, { recursive: true });
  await runFfmpeg(tools, buildHlsArgs(input, info, rungs, { copyTop }), {
    signal: options.signal,
    cwd: outDir,
    progress: options.onProgress
      ? { durationSeconds: info.durationSeconds, onProgress: options.onProgress }
      : undefined,
    timing: { step: 'package', mediaSeconds: info.durationSeconds },
  });
  let master = await readFile(`${outDir}/${MASTER_PLAYLIST}`, 'utf8');
  if (copyTop) {
    // ffmpeg names no CODECS for a copied stream; players (Safari above all) want them.
    const top = rungs[0]!;
    const init = (await listFiles(`${outDir}/v${top.name}`)).find((f) => f.startsWith('init'));
    const avc = init ? avcCodecOf(await readFile(`${outDir}/v${top.name}/${init}`)) : null;
    if (avc) {
      master = withCodecs(master, `v${top.name}/index.m3u8`, info.audio ? `${avc},mp4a.40.2` : avc);
      await writeFile(`${outDir}/${MASTER_PLAYLIST}`, master);
    }
  }
  const listed = variantsOf(master).map((v) => v.uri);
  const expected = rungs.map((r) => `v${r.name}/index.m3u8`);
  if (expected.some((uri) => !listed.includes(uri))) {
    throw new Error(`master playlist lists ${listed.join(', ')}; expected ${expected.join(', ')}`);
  }
  const files = (await listFiles(outDir)).filter((f) => f !== MASTER_PLAYLIST);
  return { rungs, copiedTop: copyTop, files: [...files, MASTER_PLAYLIST] };
}
