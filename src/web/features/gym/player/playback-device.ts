/**
 * What this tablet remembers, in localStorage: an anonymous viewer id (a random uuid, nothing
 * personal) and where each class stopped, so a reload or the next ride resumes there.
 */
const VIEWER_KEY = 'cadence-viewer-id';
const RESUME_PREFIX = 'cadence-resume:';

/** A random v4 uuid; crypto.getRandomValues works on plain http too (a gym's LAN address). */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage full or unavailable (private mode): the server's copy still resumes */
  }
}

let memoryViewerId: string | undefined;

/** This device's viewer id, made on first use. */
export function viewerId(): string {
  const stored = read(VIEWER_KEY);
  if (stored && /^[A-Z0-9-]{8,64}$/i.test(stored)) return stored;
  memoryViewerId ??= randomUuid();
  write(VIEWER_KEY, memoryViewerId);
  return memoryViewerId;
}

export interface SavedPosition {
  position: number;
  /** Epoch ms when it was saved. */
  at: number;
}

export function savedPosition(videoId: string): SavedPosition | null {
  const raw = read(RESUME_PREFIX + videoId);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SavedPosition>;
    return typeof value.position === 'number' && typeof value.at === 'number'
      ? { position: value.position, at: value.at }
      : null;
  } catch {
    return null;
  }
}

export function savePosition(videoId: string, position: number): void {
  write(RESUME_PREFIX + videoId, JSON.stringify({ position, at: Date.now() }));
}

/** Seconds from the start or end within which a class starts over instead of resuming. */
const RESUME_MARGIN_SECONDS = 5;

/**
 * Where to start: the newer of this device's copy and the server's, unless it is at the very
 * start or within the last seconds (a finished class starts over).
 */
export function startPosition(
  local: SavedPosition | null,
  server: { position: number | null; at: string | null } | null,
  durationSeconds: number | null,
): number {
  const serverAt = server?.at ? Date.parse(server.at) : NaN;
  const fromServer =
    server && Number.isFinite(serverAt) ? { position: server.position ?? 0, at: serverAt } : null;
  const newest = [local, fromServer]
    .filter((p): p is SavedPosition => p !== null)
    .sort((a, b) => b.at - a.at)[0];
  if (!newest || newest.position < RESUME_MARGIN_SECONDS) return 0;
  if (durationSeconds && newest.position > durationSeconds - RESUME_MARGIN_SECONDS) return 0;
  return newest.position;
}
