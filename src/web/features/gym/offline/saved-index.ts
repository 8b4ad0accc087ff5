/**
 * The pure parts of saving classes on the tablet (decision 0048): the index's entries, how a file
 * is cut into ranged parts and where a download resumes, the space check, and what to do with the
 * saved classes at an online visit. No browser API here: saved-classes.ts does the I/O.
 */
import type { PublicGymVideo, PublicOfflineFile } from '@shared/gyms.contract';
import { formatSize } from '@shared/format';

/** One version of a class's file: what was asked for, and how it is cut. */
export interface SavedFile {
  version: string;
  /** The file's size, from the public answer. */
  bytes: number;
  /** The file's strong ETag, once the first part has answered (If-Range on every later part). */
  etag: string | null;
  /** The size of every part but the last. */
  partBytes: number;
  /** A poster and a ride track were saved beside it. */
  poster: boolean;
  rideTrack: boolean;
}

/** A class in the index (localStorage, SAVED_INDEX_KEY): kept small, read at every open. */
export interface SavedEntry {
  id: string;
  /** The page it was saved from (its slug): an online visit there refreshes it. */
  gym: string;
  title: string;
  /** '45 min', as the page says it. */
  duration: string;
  durationSeconds: number | null;
  /** The version saved whole (it plays), or null while the first save is not complete. */
  file: SavedFile | null;
  /** A version downloading: the first save, or a newer version replacing `file` once whole. */
  pending: SavedFile | null;
  /** Epoch ms of the last completed save (or of the start, while none is complete). */
  savedAt: number;
}

const MIB = 1024 * 1024;
/** Parts of 256 KiB to 8 MiB: at least 16 per file, so a drop loses little and progress moves. */
export const MIN_PART_BYTES = 256 * 1024;
export const MAX_PART_BYTES = 8 * MIB;
/** Kept free beyond the file: the browser's own files and the poster and ride track. */
export const SPACE_MARGIN_BYTES = 50 * MIB;

export function partBytesFor(bytes: number): number {
  const wanted = Math.ceil(bytes / 16 / (64 * 1024)) * 64 * 1024;
  return Math.min(MAX_PART_BYTES, Math.max(MIN_PART_BYTES, wanted));
}

export function partCount(file: Pick<SavedFile, 'bytes' | 'partBytes'>): number {
  return Math.max(1, Math.ceil(file.bytes / file.partBytes));
}

/** The bytes of part `index` (inclusive, as a Range header names them). */
export function partRange(
  file: Pick<SavedFile, 'bytes' | 'partBytes'>,
  index: number,
): { start: number; end: number } {
  const start = index * file.partBytes;
  return { start, end: Math.min(file.bytes, start + file.partBytes) - 1 };
}

/**
 * Where a download resumes: the parts not on disk whole, in order. `sizes[i]` is the size of
 * part i as stored (undefined: missing); a part of another size (a write cut short) is fetched again.
 */
export function missingParts(
  file: Pick<SavedFile, 'bytes' | 'partBytes'>,
  sizes: ReadonlyArray<number | undefined>,
): number[] {
  const missing: number[] = [];
  for (let i = 0; i < partCount(file); i += 1) {
    const { start, end } = partRange(file, i);
    if (sizes[i] !== end - start + 1) missing.push(i);
  }
  return missing;
}

/** The bytes already on disk whole (the progress a resume starts from). */
export function bytesOnDisk(
  file: Pick<SavedFile, 'bytes' | 'partBytes'>,
  sizes: ReadonlyArray<number | undefined>,
): number {
  const missing = new Set(missingParts(file, sizes));
  let total = 0;
  for (let i = 0; i < partCount(file); i += 1) {
    if (!missing.has(i)) total += sizes[i]!;
  }
  return total;
}

export interface SpaceShortage {
  /** What the save still needs, margin included. */
  needs: number;
  free: number;
}

/** Null when the estimate leaves room for `toFetch` bytes and the margin; else what is short. */
export function spaceShortage(
  estimate: { usage?: number; quota?: number },
  toFetch: number,
): SpaceShortage | null {
  if (estimate.quota === undefined) return null;
  const free = Math.max(0, estimate.quota - (estimate.usage ?? 0));
  const needs = toFetch + SPACE_MARGIN_BYTES;
  return free >= needs ? null : { needs, free };
}

export function notEnoughSpaceMessage({ needs, free }: SpaceShortage): string {
  // The disk filled during a save while the estimate still shows room: no figures that disagree.
  if (free >= needs)
    return 'Not enough space on this tablet to save this class. Remove a saved class to make room.';
  return (
    `Not enough space on this tablet to save this class (needs ${formatSize(needs)}, ` +
    `${formatSize(free)} free). Remove a saved class to make room.`
  );
}

export function removedByStudioMessage(title: string): string {
  return `'${title}' was removed by the studio, so it was deleted from this tablet.`;
}

/** A version string as a folder name in the private file system: anything else is hashed out. */
export function folderName(version: string): string {
  return /^[\w-]{1,64}$/.test(version)
    ? version
    : `v${[...version].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 7) >>> 0}`;
}

export interface RefreshPlan {
  /** Saved classes the page no longer offers: deleted, with a note. */
  removed: SavedEntry[];
  /** Saved classes whose file changed: the new version, downloaded in the background. */
  changed: Array<{ entry: SavedEntry; offline: PublicOfflineFile }>;
  /** Saves left unfinished (a drop, a closed tab) of the version still offered: resumed. */
  unfinished: SavedEntry[];
}

/**
 * What an online visit to `gym`'s page does with the classes saved from it, given the page's
 * fresh answer: a class gone from it is removed; one whose offline version differs from the one
 * saved (or downloading) is downloaded again; a save left half-way of the offered version resumes.
 * A class still listed without an offline file keeps its saved copy (it plays as it was).
 */
export function refreshPlan(
  entries: readonly SavedEntry[],
  gym: string,
  videos: readonly Pick<PublicGymVideo, 'id' | 'offline'>[],
): RefreshPlan {
  const plan: RefreshPlan = { removed: [], changed: [], unfinished: [] };
  const offered = new Map(videos.map((v) => [v.id, v]));
  for (const entry of entries) {
    if (entry.gym !== gym) continue;
    const video = offered.get(entry.id);
    if (!video) {
      plan.removed.push(entry);
      continue;
    }
    const offline = video.offline;
    if (!offline) continue;
    const latest = entry.pending ?? entry.file;
    if (latest?.version !== offline.version) plan.changed.push({ entry, offline });
    else if (entry.pending) plan.unfinished.push(entry);
  }
  return plan;
}

function isSavedFile(value: unknown): value is SavedFile {
  const f = value as Partial<SavedFile> | null;
  return (
    typeof f === 'object' &&
    f !== null &&
    typeof f.version === 'string' &&
    typeof f.bytes === 'number' &&
    f.bytes >= 0 &&
    typeof f.partBytes === 'number' &&
    f.partBytes >= MIN_PART_BYTES &&
    (f.etag === null || typeof f.etag === 'string')
  );
}

/** The index as stored; entries that are not whole entries are left out. */
export function parseIndex(text: string | null): SavedEntry[] {
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter((e): e is SavedEntry => {
    const entry = e as Partial<SavedEntry> | null;
    return (
      typeof entry === 'object' &&
      entry !== null &&
      typeof entry.id === 'string' &&
      typeof entry.gym === 'string' &&
      typeof entry.title === 'string' &&
      typeof entry.duration === 'string' &&
      typeof entry.savedAt === 'number' &&
      (entry.file === null || isSavedFile(entry.file)) &&
      (entry.pending === null || isSavedFile(entry.pending)) &&
      (entry.file !== null || entry.pending !== null)
    );
  });
}
