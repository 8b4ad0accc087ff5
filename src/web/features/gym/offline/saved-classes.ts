/**
 * Classes saved on this tablet for offline play (issue #21 part 2, decision 0048). The gym page's
 * 'Save for offline' uses it, and so can any other screen (a studio screen pre-downloading the
 * day's classes):
 *
 * - `saveClass(video, { gym, onProgress, signal })` downloads the class's offline file in ranged
 *   parts into the Origin Private File System, with its poster and ride track; it resumes what is
 *   already on disk, waits for the network through a drop, and refuses (NotEnoughSpaceError) when
 *   the tablet lacks the room. Resolves once the class plays offline; an abort cancels it and
 *   deletes what it wrote.
 * - `removeClass(id)` deletes a class (cancelling its save) and frees its space; `cancelSave(id)`
 *   cancels a save only (a class saved before keeps its file).
 * - `savedClasses()` lists the index; `savedFile(id)` is the whole file as a Blob (read from disk
 *   as played), `savedCopy(id)` also its poster and ride track; `storageSpace()` the estimate.
 * - `refreshAtOnlineVisit(gym, answerPath)` removes the classes the studio took down and
 *   downloads the ones it changed again (the old file plays until the new one is whole).
 * - `subscribe` and `saveStates()`: every change, for a screen to show.
 *
 * Zod- and Radix-free like the rest of the public page (decision 0017).
 */
import type { PublicGymResponse, PublicGymVideo, PublicOfflineFile } from '@shared/gyms.contract';
import { SERVER_TIME_PATH, type ServerTimeResponse } from '@shared/server-time';
import {
  bytesOnDisk,
  missingParts,
  notEnoughSpaceMessage,
  parseIndex,
  partBytesFor,
  partCount,
  partRange,
  refreshPlan,
  removedByStudioMessage,
  spaceShortage,
  SPACE_MARGIN_BYTES,
  type SavedEntry,
  type SavedFile,
  type SpaceShortage,
} from './saved-index';
import { SAVED_CHANGED_EVENT, SAVED_INDEX_KEY } from './saved-ids';
import * as store from './offline-store';

export type { SavedEntry, SavedFile } from './saved-index';

export interface SaveProgress {
  /** Bytes of the file on disk or arriving now. */
  loaded: number;
  total: number;
}

/** A save under way (or stopped by a failure), as a screen shows it. */
export interface SaveState extends SaveProgress {
  /** 'waiting': the network dropped, it resumes by itself when it is back. */
  phase: 'queued' | 'saving' | 'waiting' | 'failed';
  /** Why it failed, in the rider's words. */
  message: string | null;
}

export interface SaveOptions {
  /** The page the class is saved from (its slug): a later online visit there refreshes it. */
  gym: string;
  onProgress?(progress: SaveProgress): void;
  /** Aborting cancels the save and deletes what it wrote. */
  signal?: AbortSignal;
}

export class NotEnoughSpaceError extends Error {
  constructor(readonly shortage: SpaceShortage) {
    super(notEnoughSpaceMessage(shortage));
    this.name = 'NotEnoughSpaceError';
  }
}

// ---- The index and the states, with their listeners ----

let entries: SavedEntry[] = [];
let states: ReadonlyMap<string, SaveState> = new Map();
let notes: readonly string[] = [];
const listeners = new Set<() => void>();

function readIndex(): SavedEntry[] {
  try {
    return parseIndex(localStorage.getItem(SAVED_INDEX_KEY));
  } catch {
    return [];
  }
}
entries = readIndex();
if (typeof window !== 'undefined') {
  // Another tab changed the index.
  addEventListener('storage', (event) => {
    if (event.key !== SAVED_INDEX_KEY) return;
    entries = readIndex();
    emit();
  });
}

function emit() {
  for (const listener of listeners) listener();
}

function writeIndex(next: SavedEntry[]) {
  entries = next;
  try {
    localStorage.setItem(SAVED_INDEX_KEY, JSON.stringify(next));
  } catch {
    /* storage refused: the index lives for this page's life */
  }
  dispatchEvent(new Event(SAVED_CHANGED_EVENT));
  emit();
}

function putEntry(entry: SavedEntry) {
  writeIndex([...entries.filter((e) => e.id !== entry.id), entry]);
}

const entryOf = (id: string) => entries.find((e) => e.id === id);

function setState(id: string, state: SaveState | null) {
  const next = new Map(states);
  if (state) next.set(id, state);
  else next.delete(id);
  states = next;
  emit();
}

/** Calls `listener` on every change of the index, of a save's state or of the notes. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The saves under way or failed, by class id (a new Map on every change). */
export const saveStates = (): ReadonlyMap<string, SaveState> => states;
/** Every class in the index, whole or downloading (a new array on every change). */
export const savedClasses = (): readonly SavedEntry[] => entries;
/** What an online visit removed, in the rider's words (a new array on every change). */
export const savedNotes = (): readonly string[] => notes;

export function dismissNotes(): void {
  notes = [];
  emit();
}

// ---- Downloading ----

const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 10_000;
/** At most this often a save's progress is told to its listeners (every byte is still counted). */
const PROGRESS_EVERY_MS = 200;

const isQuota = (error: unknown) =>
  error instanceof DOMException && error.name === 'QuotaExceededError';

/** Resolves after `ms`, or at once when the browser says it is back online; rejects on abort. */
function waitToRetry(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      removeEventListener('online', done);
      signal.removeEventListener('abort', aborted);
      resolve();
    };
    const aborted = () => {
      done();
      reject(signal.reason);
    };
    const timer = setTimeout(done, ms);
    addEventListener('online', done);
    signal.addEventListener('abort', aborted);
  });
}

/** Counts the bytes as they pass (the stream itself is never held). */
function counted(body: ReadableStream<Uint8Array>, onBytes: (n: number) => void) {
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        onBytes(chunk.byteLength);
        controller.enqueue(chunk);
      },
    }),
  );
}

interface Run {
  id: string;
  url: string;
  file: SavedFile;
  signal: AbortSignal;
  /** Bytes of the file on disk or arriving, for the progress. */
  onBytes(n: number): void;
  onWaiting(waiting: boolean): void;
  /** The part's first answer named the file's ETag (kept in the index for the next parts). */
  onEtag(etag: string): void;
}

/**
 * Downloads part `index` into its file. Network errors and 5xx answers wait and try again (the
 * bytes already on disk stay); a 200 where a part was asked with If-Range means the file changed
 * on the server: 'changed' with its new ETag.
 */
async function fetchPart(run: Run, index: number): Promise<{ changed: string | null } | null> {
  const { start, end } = partRange(run.file, index);
  let delay = RETRY_FIRST_MS;
  for (;;) {
    run.signal.throwIfAborted();
    let arrived = 0;
    try {
      const headers: Record<string, string> = { range: `bytes=${start}-${end}` };
      if (run.file.etag) headers['if-range'] = run.file.etag;
      const response = await fetch(run.url, {
        headers,
        signal: run.signal,
        cache: 'no-store',
        credentials: 'same-origin',
      });
      const whole = response.status === 200 && run.file.bytes <= run.file.partBytes;
      if (response.status === 200 && run.file.etag && !whole) {
        await response.body?.cancel();
        return { changed: response.headers.get('etag') };
      }
      if (response.status === 206 || whole) {
        const etag = response.headers.get('etag');
        if (etag && !run.file.etag) run.onEtag(etag);
        run.onWaiting(false);
        await store.writePart(
          run.id,
          run.file.version,
          index,
          counted(response.body!, (n) => {
            arrived += n;
            run.onBytes(n);
          }),
          run.signal,
        );
        return null;
      }
      if (response.status < 500 && response.status !== 408 && response.status !== 429) {
        await response.body?.cancel();
        throw new Error(
          response.status === 200
            ? "The server can't send this class in parts, so it can't be saved."
            : `The class's file could not be downloaded (HTTP ${response.status}). Try again later.`,
        );
      }
    } catch (error) {
      run.onBytes(-arrived);
      if (run.signal.aborted || isQuota(error) || (error instanceof Error && !isNetwork(error)))
        throw error;
    }
    run.onWaiting(true);
    await waitToRetry(delay, run.signal);
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  }
}

/** fetch's own failure (no network) or a stream cut mid-way; our own Errors are not. */
const isNetwork = (error: Error) =>
  error instanceof TypeError || (error instanceof DOMException && error.name === 'NetworkError');

/** Saves a small file beside the parts; false when it could not be fetched (the class plays without). */
async function saveBeside(
  id: string,
  version: string,
  url: string | null,
  name: string,
  signal: AbortSignal,
): Promise<boolean> {
  if (!url) return false;
  try {
    const response = await fetch(url, { signal });
    if (!response.ok) return false;
    await store.writeBeside(id, version, name, await response.blob());
    return true;
  } catch (error) {
    if (signal.aborted || isQuota(error)) throw error;
    return false;
  }
}

/** Downloads `file` of the class (resuming what is on disk) until it is whole, poster and track too. */
async function download(
  video: PublicGymVideo,
  url: string,
  file: SavedFile,
  signal: AbortSignal,
  report: (state: Partial<SaveState>) => void,
): Promise<SavedFile> {
  const id = video.id;
  let current = file;
  const keep = (next: SavedFile) => {
    current = next;
    const entry = entryOf(id);
    if (entry) putEntry({ ...entry, pending: next });
  };
  const count = partCount(current);
  let sizes = await store.partSizes(id, current.version, count);
  let loaded = bytesOnDisk(current, sizes);
  report({ phase: 'saving', loaded, total: current.bytes });
  const shortage = spaceShortage(await store.estimate(), current.bytes - loaded);
  if (shortage) throw new NotEnoughSpaceError(shortage);
  if (!entries.some((e) => e.file)) void store.persist();

  let todo = missingParts(current, sizes);
  for (let k = 0; k < todo.length;) {
    const outcome = await fetchPart(
      {
        id,
        url,
        file: current,
        signal,
        onBytes: (n) => {
          loaded += n;
          report({ loaded });
        },
        onWaiting: (waiting) => report({ phase: waiting ? 'waiting' : 'saving' }),
        onEtag: (etag) => keep({ ...current, etag }),
      },
      todo[k]!,
    );
    if (outcome) {
      // The file changed on the server since the first parts: what is on disk is of another file.
      await store.removeVersion(id, current.version);
      keep({ ...current, etag: outcome.changed });
      sizes = [];
      loaded = 0;
      report({ loaded });
      todo = missingParts(current, sizes);
      k = 0;
      continue;
    }
    k += 1;
  }
  const poster = await saveBeside(id, current.version, video.posterUrl, store.POSTER_FILE, signal);
  const rideTrack = await saveBeside(
    id,
    current.version,
    video.rideTrackUrl,
    store.RIDE_TRACK_FILE,
    signal,
  );
  return { ...current, poster, rideTrack };
}

interface Active {
  controller: AbortController;
  done: Promise<SavedEntry>;
}
const active = new Map<string, Active>();
/** One save at a time: the tablet's wifi and disk are shared by all of them. */
let queue: Promise<unknown> = Promise.resolve();

function newFile(offline: PublicOfflineFile): SavedFile {
  return {
    version: offline.version,
    bytes: offline.bytes,
    etag: null,
    partBytes: partBytesFor(offline.bytes),
    poster: false,
    rideTrack: false,
  };
}

/** Drops the download of the class's pending version: its files, and the entry and folder if nothing else. */
async function dropPending(id: string) {
  const entry = entryOf(id);
  if (!entry?.pending) return;
  const { version } = entry.pending;
  if (entry.file) {
    putEntry({ ...entry, pending: null });
    if (entry.file.version !== version) await store.removeVersion(id, version);
  } else {
    // Nothing else of the class on this tablet: its folder goes too.
    writeIndex(entries.filter((e) => e.id !== id));
    await store.removeClassFolder(id);
  }
}

/**
 * Saves the class's offline file (see the top of this file). Saving a class already saving joins
 * that save; a class already saved at the offered version resolves at once.
 */
export function saveClass(video: PublicGymVideo, options: SaveOptions): Promise<SavedEntry> {
  const offline = video.offline;
  if (!offline) return Promise.reject(new Error('This class cannot be saved yet.'));
  const running = active.get(video.id);
  if (running) return running.done;
  const existing = entryOf(video.id);
  if (existing?.file?.version === offline.version && !existing.pending)
    return Promise.resolve(existing);

  const controller = new AbortController();
  const signal = options.signal
    ? AbortSignal.any([controller.signal, options.signal])
    : controller.signal;
  const pending =
    existing?.pending?.version === offline.version ? existing.pending : newFile(offline);
  let state: SaveState = { phase: 'queued', loaded: 0, total: offline.bytes, message: null };
  let told = 0;
  const report = (change: Partial<SaveState>) => {
    state = { ...state, ...change };
    const now = performance.now();
    if (
      change.phase !== undefined ||
      now - told >= PROGRESS_EVERY_MS ||
      state.loaded === state.total
    ) {
      told = now;
      setState(video.id, state);
    }
    options.onProgress?.({ loaded: state.loaded, total: state.total });
  };
  setState(video.id, state);

  const run = async (): Promise<SavedEntry> => {
    const before = entryOf(video.id);
    // Another version was downloading: it is of no use any more.
    if (before?.pending && before.pending.version !== pending.version) await dropPending(video.id);
    const start = entryOf(video.id);
    putEntry({
      id: video.id,
      gym: options.gym,
      title: video.title,
      duration: video.duration,
      durationSeconds: video.durationSeconds,
      file: start?.file ?? null,
      pending,
      savedAt: start?.savedAt ?? Date.now(),
    });
    try {
      const whole = await download(video, offline.url, pending, signal, report);
      const old = entryOf(video.id)?.file;
      const saved: SavedEntry = {
        ...entryOf(video.id)!,
        file: whole,
        pending: null,
        savedAt: Date.now(),
      };
      putEntry(saved);
      if (old && old.version !== whole.version) await store.removeVersion(video.id, old.version);
      setState(video.id, null);
      return saved;
    } catch (error) {
      if (signal.aborted) {
        await dropPending(video.id);
        setState(video.id, null);
        throw error;
      }
      let failure = error;
      if (isQuota(error)) {
        // Never half a class: what was written goes, and the rider reads what is short.
        await dropPending(video.id);
        const { usage = 0, quota = 0 } = await store.estimate();
        failure = new NotEnoughSpaceError({
          needs: offline.bytes + SPACE_MARGIN_BYTES,
          free: Math.max(0, quota - usage),
        });
      } else if (failure instanceof NotEnoughSpaceError) {
        await dropPending(video.id);
      }
      const message =
        failure instanceof Error ? failure.message : 'The class could not be saved. Try again.';
      setState(video.id, { ...state, phase: 'failed', message });
      throw failure;
    } finally {
      active.delete(video.id);
    }
  };
  const done = queue.then(() => {
    if (signal.aborted) {
      // Cancelled while queued: nothing was written.
      active.delete(video.id);
      setState(video.id, null);
      throw signal.reason;
    }
    return run();
  });
  queue = done.catch(() => undefined);
  active.set(video.id, { controller, done });
  return done;
}

/**
 * Cancels the class's save, running or queued: what it wrote goes, a version saved before stays
 * (a refresh cancelled keeps the old file playing).
 */
export async function cancelSave(id: string): Promise<void> {
  const running = active.get(id);
  if (!running) return;
  running.controller.abort();
  await running.done.catch(() => undefined);
}

/** Forgets a failed save's message (its partial file stays for a later resume). */
export function clearFailure(id: string): void {
  if (states.get(id)?.phase === 'failed') setState(id, null);
}

/** Deletes a class from this tablet (cancelling its save if one runs) and frees its space. */
export async function removeClass(id: string): Promise<void> {
  await cancelSave(id);
  writeIndex(entries.filter((e) => e.id !== id));
  setState(id, null);
  await store.removeClassFolder(id);
}

// ---- Playing ----

/** The saved class whole, as one Blob of its parts (read from disk as played); null if not saved. */
export async function savedFile(id: string): Promise<Blob | null> {
  const file = entryOf(id)?.file;
  if (!file) return null;
  const parts = await store.readParts(id, file.version, partCount(file));
  if (!parts) {
    // The browser evicted it (or someone cleared the site's data): not saved any more.
    writeIndex(entries.filter((e) => e.id !== id));
    await store.removeClassFolder(id);
    return null;
  }
  return new Blob(parts, { type: 'video/mp4' });
}

export interface SavedCopy {
  video: Blob;
  poster: Blob | null;
  /** The ride track's JSON as saved (the player reads it), or null. */
  rideTrack: unknown;
}

/** The saved class with its poster and ride track, or null when it is not saved whole. */
export async function savedCopy(id: string): Promise<SavedCopy | null> {
  const video = await savedFile(id);
  const file = entryOf(id)?.file;
  if (!video || !file) return null;
  const poster = file.poster ? await store.readBeside(id, file.version, store.POSTER_FILE) : null;
  const track = file.rideTrack
    ? await store.readBeside(id, file.version, store.RIDE_TRACK_FILE)
    : null;
  let rideTrack: unknown = null;
  try {
    rideTrack = track ? JSON.parse(await track.text()) : null;
  } catch {
    /* a broken track: the class plays without one */
  }
  return { video, poster, rideTrack };
}

export interface StorageSpace {
  /** Bytes the saved classes take (whole files, and the parts of saves under way). */
  saved: number;
  /** The browser's estimate for this origin: used and still free; null where it gives none. */
  used: number | null;
  free: number | null;
}

export async function storageSpace(): Promise<StorageSpace> {
  const { usage, quota } = await store.estimate();
  const saved = entries.reduce(
    (sum, e) => sum + (e.file?.bytes ?? 0) + (e.pending ? (states.get(e.id)?.loaded ?? 0) : 0),
    0,
  );
  return {
    saved,
    used: usage ?? null,
    free: quota === undefined ? null : Math.max(0, quota - (usage ?? 0)),
  };
}

// ---- The next online visit ----

/** How far apart the answer's Date and the server's clock may be for the answer to be fresh. */
const FRESH_WITHIN_MS = 120_000;

/**
 * The page's public answer, only when it comes from the server now: the service worker answers a
 * copy from an earlier visit when the network is slow or down (decision 0045), and a copy must
 * never delete a class. The server's clock (/api/time, never answered by the worker) dates it.
 */
async function freshAnswer(answerPath: string): Promise<PublicGymResponse | null> {
  try {
    const [answer, time] = await Promise.all([
      fetch(answerPath, { cache: 'no-store', credentials: 'same-origin' }),
      fetch(SERVER_TIME_PATH, { cache: 'no-store' }),
    ]);
    if (!answer.ok || !time.ok) return null;
    const now = ((await time.json()) as ServerTimeResponse).now;
    const dated = Date.parse(answer.headers.get('date') ?? '');
    if (!Number.isFinite(dated) || Math.abs(now - dated) > FRESH_WITHIN_MS) return null;
    const body = (await answer.json()) as Partial<PublicGymResponse>;
    return Array.isArray(body.videos) ? (body as PublicGymResponse) : null;
  } catch {
    return null;
  }
}

/**
 * At an online visit to `gym`'s page: removes the saved classes the studio took down (with a
 * note), downloads again the ones it changed (the old file plays until the new one is whole) and
 * resumes the saves left half-way. Nothing happens unless the answer is fresh from the server.
 * Answers the notes it added.
 */
export async function refreshAtOnlineVisit(gym: string, answerPath: string): Promise<string[]> {
  if (!entries.some((e) => e.gym === gym)) return [];
  const answer = await freshAnswer(answerPath);
  if (!answer) return [];
  const plan = refreshPlan(entries, gym, answer.videos);
  const added: string[] = [];
  for (const entry of plan.removed) {
    await removeClass(entry.id);
    added.push(removedByStudioMessage(entry.title));
  }
  if (added.length > 0) {
    notes = [...notes, ...added];
    emit();
  }
  const byId = new Map(answer.videos.map((v) => [v.id, v]));
  for (const entry of [...plan.changed.map((c) => c.entry), ...plan.unfinished]) {
    const video = byId.get(entry.id);
    if (video) saveClass(video, { gym }).catch(() => undefined);
  }
  // Folders the index does not name (an index lost to a cleared localStorage) are freed.
  const named = new Set(entries.map((e) => e.id));
  for (const id of await store.classFolders()) {
    if (!named.has(id) && !active.has(id)) await store.removeClassFolder(id);
  }
  return added;
}
