import { useCallback, useEffect, useState } from 'react';
import type { Engine } from './media-engine';

type AirPlayVideo = HTMLVideoElement & { webkitShowPlaybackTargetPicker?: () => void };

/** Where the browser offers it: AirPlay (Safari) or the Remote Playback API (Chromecast, etc.). */
export function useRemotePlayback(
  videoRef: React.RefObject<HTMLVideoElement | null>,
  engine: Engine | null,
) {
  const [kind, setKind] = useState<'airplay' | 'remote' | null>(null);
  useEffect(() => {
    const video = videoRef.current as AirPlayVideo | null;
    if (!video || !engine) return;
    if ('WebKitPlaybackTargetAvailabilityEvent' in window && video.webkitShowPlaybackTargetPicker) {
      const onAvailability = (event: Event) =>
        setKind(
          (event as Event & { availability?: string }).availability === 'available'
            ? 'airplay'
            : null,
        );
      video.addEventListener('webkitplaybacktargetavailabilitychanged', onAvailability);
      return () =>
        video.removeEventListener('webkitplaybacktargetavailabilitychanged', onAvailability);
    }
    if (!video.remote || typeof video.remote.watchAvailability !== 'function') return;
    let id: number | undefined;
    let cancelled = false;
    video.remote
      .watchAvailability((available) => setKind(available ? 'remote' : null))
      .then((watchId) => {
        if (cancelled) void video.remote.cancelWatchAvailability(watchId).catch(() => undefined);
        else id = watchId;
      })
      .catch(() => setKind(null)); // not supported for this source or browser
    return () => {
      cancelled = true;
      setKind(null);
      if (id !== undefined) void video.remote.cancelWatchAvailability(id).catch(() => undefined);
    };
  }, [videoRef, engine]);
  const prompt = useCallback(() => {
    const video = videoRef.current as AirPlayVideo | null;
    if (!video) return;
    if (kind === 'airplay') video.webkitShowPlaybackTargetPicker?.();
    else if (kind === 'remote') void video.remote.prompt().catch(() => undefined);
  }, [kind, videoRef]);
  return { kind, prompt };
}
