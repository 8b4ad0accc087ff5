import { mkdir, readFile } from 'node:fs/promises';
import { runFfmpeg, type MediaTools } from './ffmpeg';
import {
  buildHlsArgs,
  canCopyTopRung,
  ladderFor,
  MASTER_PLAYLIST,
  variantsOf,
  type Rung,
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

/** Writes the HLS ladder of `input` into `outDir` (empty), checking the master lists every rung. */
export async function packageHls(
  tools: MediaTools,
  input: string,
  info: MediaInfo,
  outDir: string,
  options: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {},
): Promise<PackageResult> {
  const rungs = ladderFor(info);
  const copyTop = canCopyTopRung(info, rungs);
  await mkdir(outDir, { recursive: true });
  await runFfmpeg(tools, buildHlsArgs(input, info, rungs, { copyTop }), {
    signal: options.signal,
    cwd: outDir,
    progress: options.onProgress
      ? { durationSeconds: info.durationSeconds, onProgress: options.onProgress }
      : undefined,
  });
  const master = await readFile(`${outDir}/${MASTER_PLAYLIST}`, 'utf8');
  const listed = variantsOf(master).map((v) => v.uri);
  const expected = rungs.map((r) => `v${r.name}/index.m3u8`);
  if (expected.some((uri) => !listed.includes(uri))) {
    throw new Error(`master playlist lists ${listed.join(', ')}; expected ${expected.join(', ')}`);
  }
  const files = (await listFiles(outDir)).filter((f) => f !== MASTER_PLAYLIST);
  return { rungs, copiedTop: copyTop, files: [...files, MASTER_PLAYLIST] };
}
