import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { LocalDiskStore } from '../storage/local-disk';
import { ObjectMissingError, type ObjectStore } from '../storage/object-store';

/** Where jobs keep their working files: DATA_DIR/tmp/media/<label>, on the same disk as local objects. */
export function mediaTempRoot(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'media');
}

/**
 * A job's private folder, removed with everything in it when the job ends (however it ends). Its
 * ffmpeg runs there (relative names resolve inside it); inputs are named by absolute path.
 */
export interface WorkDir {
  path: string;
  file(name: string): string;
  dispose(): Promise<void>;
}

/**
 * The folder for `label` (a job passes its name and job id), emptied first: whatever is there was
 * left by an earlier attempt of the same job, which the queue has given up on (its worker died).
 */
export async function createWorkDir(root: string, label: string): Promise<WorkDir> {
  const dir = path.resolve(root, label.replace(/[^A-Z0-9-]/gi, ''));
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  return {
    path: dir,
    file: (name) => path.join(dir, name),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Removes working folders left by a worker that died (kill -9, power cut). `olderThanMs` 0 removes
 * all: right for the embedded database, where only this process can be running jobs.
 */
export async function sweepWorkDirs(
  root: string,
  olderThanMs: number,
  now = Date.now(),
): Promise<number> {
  let removed = 0;
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const dir = path.join(root, name);
    const s = await stat(dir).catch(() => null);
    if (s && now - s.mtimeMs >= olderThanMs) {
      await rm(dir, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * A local file with the object's bytes for ffmpeg to read: the stored file itself on local disk
 * (read only), else a download into the work folder.
 */
export async function localCopy(
  store: ObjectStore,
  key: string,
  work: WorkDir,
  name: string,
): Promise<string> {
  if (store instanceof LocalDiskStore) return path.resolve(store.pathFor(key));
  const target = work.file(name);
  await pipeline(await store.get(key), createWriteStream(target));
  return target;
}

/** By extension: the pipeline's own files, and what a signed link may name (uploads, logos). */
export const MEDIA_CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4s: 'video/mp4',
  m4a: 'audio/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  ts: 'video/mp2t',
  m3u8: 'application/vnd.apple.mpegurl',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  vtt: 'text/vtt',
  json: 'application/json',
};

export function contentTypeFor(name: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return MEDIA_CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** Every file under `dir`, as paths relative to it (forward slashes), sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (sub: string) => {
    for (const entry of await readdir(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(rel);
      else if (entry.isFile()) out.push(rel);
    }
  };
  await walk('');
  return out.sort();
}

/** More than any master playlist Cadence writes (a few hundred bytes): a larger one is not read. */
export const MASTER_PLAYLIST_MAX_BYTES = 64 * 1024;

/**
 * A stored master playlist as text, read in one go (`size`: the object's size when the caller has
 * its head already); null when it is missing, empty or larger than MASTER_PLAYLIST_MAX_BYTES.
 */
export async function readMasterPlaylist(
  store: ObjectStore,
  key: string,
  size?: number,
): Promise<string | null> {
  const bytes = size ?? (await store.head(key))?.size ?? 0;
  if (bytes <= 0 || bytes > MASTER_PLAYLIST_MAX_BYTES) return null;
  try {
    return (await store.readRange(key, { start: 0, end: bytes - 1 })).toString('utf8');
  } catch (error) {
    if (error instanceof ObjectMissingError) return null;
    throw error;
  }
}
