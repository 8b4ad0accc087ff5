import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
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
import { OFFLINE_FILE } from './offline-args';
import { makeOfflineFile } from './offline-file';
import type { MediaInfo } from './probe-args';

export interface PackageResult {
  rungs: Rung[];
  /** The top rung is the enhanced file's own video, copied (Cadence encoded it for this). */
  copiedTop: boolean;
  /** Every file written, relative to the output folder; the master playlist last. */
  files: string[];
  /**
   * The offline file (OFFLINE_FILE, among `files`) and the rung it was remuxed from; null when it
   * could not be made (`offlineError` says why; the ladder is whole and streams without it).
   */
  offline: { file: string; rung: string } | null;
  offlineError?: string;
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
 * Writes the HLS ladder of `input` into `outDir` (empty), checking the master lists every rung,
 * then the offline file (decision 0047) remuxed from its rung up to 720p.
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
  const offline = await offlineFileOf(tools, outDir, options.signal);
  const files = (await listFiles(outDir)).filter((f) => f !== MASTER_PLAYLIST);
  return { rungs, copiedTop: copyTop, files: [...files, MASTER_PLAYLIST], ...offline };
}

/**
 * The offline file of the ladder just written in `outDir`, beside it. A failure (other than the
 * job being stopped) leaves none rather than losing the ladder: the worker's sweep tries again.
 */
async function offlineFileOf(
  tools: MediaTools,
  outDir: string,
  signal: AbortSignal | undefined,
): Promise<Pick<PackageResult, 'offline' | 'offlineError'>> {
  try {
    const { rung } = await makeOfflineFile(
      tools,
      async (file) => path.join(outDir, file),
      path.join(outDir, OFFLINE_FILE),
      { scratch: `${outDir}.offline-source.mp4`, signal },
    );
    return { offline: { file: OFFLINE_FILE, rung } };
  } catch (error) {
    if (signal?.aborted) throw error;
    await rm(path.join(outDir, OFFLINE_FILE), { force: true });
    return { offline: null, offlineError: error instanceof Error ? error.message : String(error) };
  }
}
