import type { ObjectInfo, ObjectStore } from './object-store';

/** How long a kept file is served without asking the store whether it is still that version. */
export const HOT_FILE_CHECK_MS = 1000;
/** Files larger than this are streamed from the store, never kept. */
const HOT_FILE_MAX_BYTES = 16 * 1024 * 1024;

/** A stored file as the store knows it, with its bytes when they are kept in memory. */
export interface HotFile {
  info: ObjectInfo;
  /** The whole file; null when it is not kept (too large, no room, or it changed while read). */
  bytes: Buffer | null;
}

export interface HotFiles {
  /** The file (null when the store has none): from memory when checked under a second ago. */
  find(key: string): Promise<HotFile | null>;
  /**
   * Counts `bytes` (a kept file's) as in use until the returned release is called (once the
   * answer sending them has closed): a slow client holding a file evicted meanwhile still counts
   * against the budget. null for any other Buffer (this does not count it).
   */
  hold(bytes: Buffer): (() => void) | null;
  /** Bytes in memory now: kept, or evicted but still being sent. */
  readonly usedBytes: number;
}

interface Kept {
  file: HotFile;
  checkedAt: number;
}

/** A kept file's Buffer and the answers sending it now. */
interface Held {
  holders: number;
  /** Still in the map (else only the answers keep it alive). */
  kept: boolean;
}

/**
 * The public files riders fetch by the hundred (segments, playlists, posters), kept in memory up to
 * `budgetBytes`, least recently used out first, as a CDN edge keeps them (decision 0053). A kept
 * file is checked against the store (a HEAD: a `stat` on disk) at most once a `checkMs`, so a file
 * replaced or deleted in the store is served as it was for at most that long, like the public rows
 * beside it. A budget of 0 keeps nothing: every call is a HEAD, and the bytes are streamed.
 * Concurrent misses of one key share one read.
 *
 * The budget counts every byte this holds: files kept, reads under way, and files evicted while
 * answers were still sending them (`hold`). A file that does not fit then is streamed from the
 * store as before, so clients that read slowly, or never, cannot pile up memory past the budget.
 */
export function hotFiles(
  store: Pick<ObjectStore, 'head' | 'readRange'>,
  {
    budgetBytes,
    maxFileBytes = HOT_FILE_MAX_BYTES,
    checkMs = HOT_FILE_CHECK_MS,
    now = () => performance.now(),
  }: { budgetBytes: number; maxFileBytes?: number; checkMs?: number; now?: () => number },
): HotFiles {
  /** In use order: the first entry is the least recently used. */
  const kept = new Map<string, Kept>();
  const loading = new Map<string, Promise<HotFile | null>>();
  /** Every Buffer counted in `usedBytes`: kept, or evicted while answers still send it. */
  const buffers = new Map<Buffer, Held>();
  /** Bytes kept, being read, or evicted but still being sent. */
  let usedBytes = 0;

  function release(bytes: Buffer, holding: Held) {
    if (holding.kept || holding.holders > 0) return;
    buffers.delete(bytes);
    usedBytes -= bytes.length;
  }

  function forget(key: string) {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    const bytes = entry.file.bytes;
    const holding = bytes && buffers.get(bytes);
    if (!bytes || !holding) return;
    holding.kept = false;
    release(bytes, holding);
  }

  /** The bytes evicting this file would free: none while an answer is still sending it. */
  function freeable(file: HotFile): number {
    return file.bytes && buffers.get(file.bytes)?.holders === 0 ? file.bytes.length : 0;
  }

  /**
   * Room for `size` more bytes, evicting the least recently used; false when there is none.
   * Nothing is evicted unless that makes the room (else a miss could empty the map and free
   * nothing, every file in it still being sent).
   */
  function room(size: number): boolean {
    if (usedBytes + size <= budgetBytes) return true;
    let total = 0;
    for (const { file } of kept.values()) total += freeable(file);
    if (usedBytes - total + size > budgetBytes) return false;
    for (const [key, { file }] of kept) {
      if (usedBytes + size <= budgetBytes) break;
      if (freeable(file) > 0) forget(key);
    }
    return true;
  }

  async function load(key: string): Promise<HotFile | null> {
    const info = await store.head(key);
    if (!info) {
      forget(key);
      return null;
    }
    const before = kept.get(key)?.file;
    if (before && sameVersion(before.info, info)) {
      kept.delete(key);
      kept.set(key, { file: before, checkedAt: now() });
      return before;
    }
    forget(key);
    if (info.size > maxFileBytes || !room(info.size)) return { info, bytes: null };
    // Counted from before the read, so reads under way cannot pass the budget either; given back
    // whatever happens unless the file is kept.
    usedBytes += info.size;
    let read: Buffer | null = null;
    try {
      const bytes = info.size === 0 ? Buffer.alloc(0) : await readWhole(key, info.size);
      // Kept only when the bytes are the version the HEAD described (not replaced while read).
      const after = bytes && (await store.head(key));
      if (bytes && after && sameVersion(info, after)) read = bytes;
    } finally {
      if (!read) usedBytes -= info.size;
    }
    if (!read) return { info, bytes: null };
    const file = { info, bytes: read };
    kept.set(key, { file, checkedAt: now() });
    buffers.set(read, { holders: 0, kept: true });
    return file;
  }

  async function readWhole(key: string, size: number): Promise<Buffer | null> {
    try {
      const bytes = await store.readRange(key, { start: 0, end: size - 1 });
      return bytes.length === size ? bytes : null;
    } catch {
      // Gone or replaced while read: the caller streams it (or answers 404) as it stands now.
      return null;
    }
  }

  return {
    async find(key) {
      const entry = kept.get(key);
      if (entry && now() - entry.checkedAt < checkMs) {
        // Most recently used now: moved to the end.
        kept.delete(key);
        kept.set(key, entry);
        return entry.file;
      }
      let pending = loading.get(key);
      if (!pending) {
        pending = load(key).finally(() => loading.delete(key));
        loading.set(key, pending);
      }
      return pending;
    },
    hold(bytes) {
      const holding = buffers.get(bytes);
      if (!holding) return null;
      holding.holders++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        holding.holders--;
        release(bytes, holding);
      };
    },
    get usedBytes() {
      return usedBytes;
    },
  };
}

/** One version of a file: the same strong ETag, or (where the store gives none) size and time. */
function sameVersion(a: ObjectInfo, b: ObjectInfo): boolean {
  if (a.etag !== undefined || b.etag !== undefined) return a.etag === b.etag;
  return a.size === b.size && a.modifiedAt?.getTime() === b.modifiedAt?.getTime();
}
