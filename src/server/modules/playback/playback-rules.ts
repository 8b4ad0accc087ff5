/**
 * The arithmetic of views and watch time (issue 7, decision 0005), pure so it is tested alone.
 *
 * - A view counts after 10 s of real playback, or half of a video shorter than 20 s, and at most
 *   once per viewer, video and hour.
 * - Watch time grows by what the player says it really played, but never faster than the wall
 *   clock: each beacon adds at most the time since the session's previous beacon (plus a little
 *   slack for network jitter), and a session never holds more than its own age (plus the same
 *   slack), so seeking, a replayed beacon or a forged total adds nothing beyond real time. A
 *   beacon's time is its moment: the server's now, less the age of one kept offline (0051).
 */
export const VIEW_THRESHOLD_SECONDS = 10;
export const SHORT_VIDEO_SECONDS = 20;
export const VIEW_DEDUPE_MS = 60 * 60 * 1000;
export const WATCH_SLACK_SECONDS = 2;

/** Seconds of real playback after which a session is a view. */
export function viewThreshold(durationSeconds: number | null): number {
  if (durationSeconds !== null && durationSeconds > 0 && durationSeconds < SHORT_VIDEO_SECONDS) {
    return durationSeconds / 2;
  }
  return VIEW_THRESHOLD_SECONDS;
}

/**
 * A beacon's moment (decision 0051): the server's `now`, less the age of one the device kept
 * offline, but never before the class was uploaded (`since`): an age is the device's word, and a
 * forged one must not date a ride before the class existed.
 */
export function beaconMoment(now: number, ageMs: number | undefined, since: Date): number {
  return Math.max(now - (ageMs ?? 0), Math.min(now, since.getTime()));
}

export interface SessionClock {
  watchedSeconds: number;
  startedAt: Date;
  lastSeenAt: Date;
}

/**
 * The session's watched seconds after a beacon made at `at` (the server's now, or now − ageMs for
 * a beacon the device kept while offline, decision 0051) reporting `reportedTotal` played seconds
 * so far: only growth counts, capped by the time between this beacon's moment and the session's
 * last one and by the session's age at that moment. A beacon older than the session's last adds
 * nothing (the later one already carried its total).
 */
export function nextWatchedSeconds(
  session: SessionClock,
  reportedTotal: number,
  at: number,
): number {
  const growth = reportedTotal - session.watchedSeconds;
  if (!(growth > 0) || at < session.lastSeenAt.getTime()) return session.watchedSeconds;
  const sinceLast = (at - session.lastSeenAt.getTime()) / 1000;
  const age = Math.max(0, (at - session.startedAt.getTime()) / 1000);
  const next = session.watchedSeconds + Math.min(growth, sinceLast + WATCH_SLACK_SECONDS);
  return Math.max(session.watchedSeconds, Math.min(next, age + WATCH_SLACK_SECONDS));
}

/**
 * Whether this session becomes a view at the beacon's moment `at`: not counted yet, past the
 * threshold, and the viewer's counted view of this video nearest that moment (in any session) is
 * at least an hour away from it, before or after (a session sent late may land before a view
 * already counted).
 */
export function countsAsView(input: {
  alreadyCounted: boolean;
  watchedSeconds: number;
  durationSeconds: number | null;
  nearestViewOfVideoAt: Date | null;
  at: number;
}): boolean {
  if (input.alreadyCounted) return false;
  if (input.watchedSeconds < viewThreshold(input.durationSeconds)) return false;
  return (
    !input.nearestViewOfVideoAt ||
    Math.abs(input.at - input.nearestViewOfVideoAt.getTime()) >= VIEW_DEDUPE_MS
  );
}

/** Where to resume: the reported position within the video; back to the start once it ended. */
export function resumePosition(
  position: number,
  durationSeconds: number | null,
  ended: boolean,
): number {
  if (ended) return 0;
  return durationSeconds !== null && durationSeconds > 0
    ? Math.min(position, durationSeconds)
    : position;
}

/**
 * The furthest point of the class a session reached (the audience retention curve's input): the
 * greater of what it held and the reported position, within the class; the class's end once the
 * player says it ended (a last beacon may land a fraction of a second short of the probed length).
 */
export function furthestPosition(
  previous: number,
  position: number,
  durationSeconds: number | null,
  ended: boolean,
): number {
  const known = durationSeconds !== null && durationSeconds > 0;
  const reached = known
    ? ended
      ? durationSeconds
      : Math.min(position, durationSeconds)
    : position;
  return Math.max(previous, reached);
}
