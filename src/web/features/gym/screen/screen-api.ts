/**
 * A studio screen's calls (shared/screens.ts): a pairing code, its status, and the paired screen's
 * timetable with its token. No session: the token is the screen's only credential.
 */
import {
  screenAuthorization,
  screenDeviceEndpoints,
  type ScreenPairingStarted,
  type ScreenTimetableResponse,
} from '@shared/screens';
import { api, apiUrl, ApiError } from '@web/lib/api';

export function startPairing(signal?: AbortSignal): Promise<ScreenPairingStarted> {
  return api(screenDeviceEndpoints.startPairing, { signal });
}

export type PairingPoll =
  | { status: 'waiting' }
  | { status: 'paired'; token: string }
  /** Gone: expired, used, or unknown (a 404). */
  | { status: 'expired' };

export async function pollPairing(pairingId: string, signal?: AbortSignal): Promise<PairingPoll> {
  try {
    const answer = await api(screenDeviceEndpoints.pairingStatus, {
      params: { pairingId },
      signal,
    });
    return answer.status === 'paired'
      ? { status: 'paired', token: answer.token }
      : { status: 'waiting' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { status: 'expired' };
    throw error;
  }
}

export type TimetablePoll =
  | { kind: 'changed'; timetable: ScreenTimetableResponse; etag: string | null }
  | { kind: 'same' }
  /** 401: the studio removed this screen (or the token is unknown). */
  | { kind: 'revoked' };

/** GET /api/screen/timetable with the token, and the last ETag (a 304 answers 'same'). Throws when unreachable. */
export async function pollTimetable(
  token: string,
  etag: string | null,
  signal?: AbortSignal,
): Promise<TimetablePoll> {
  const headers: Record<string, string> = { Authorization: screenAuthorization(token) };
  if (etag) headers['If-None-Match'] = etag;
  const res = await fetch(apiUrl(screenDeviceEndpoints.timetable), {
    headers,
    // Not the browser's HTTP cache: the ETag is the screen's own, and a 304 must reach it.
    cache: 'no-store',
    credentials: 'omit',
    signal,
  });
  if (res.status === 304) return { kind: 'same' };
  if (res.status === 401) return { kind: 'revoked' };
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  return {
    kind: 'changed',
    timetable: (await res.json()) as ScreenTimetableResponse,
    etag: res.headers.get('ETag'),
  };
}
