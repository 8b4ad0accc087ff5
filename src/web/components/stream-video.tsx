import { useEffect, useRef, type VideoHTMLAttributes } from 'react';

/**
 * A <video> for an MP4 or an HLS playlist (the owner's growing preview, decision 0029). HLS plays
 * natively where the browser can (Safari, iOS), else through hls.js, loaded only when needed. A
 * growing (EVENT) playlist keeps being reloaded by the player, so playback goes on as it grows.
 */
export function StreamVideo({
  src,
  kind,
  autoPlay,
  ...rest
}: { src: string; kind: 'mp4' | 'hls' } & Omit<VideoHTMLAttributes<HTMLVideoElement>, 'src'>) {
  const ref = useRef<HTMLVideoElement>(null);
  const viaHlsJs = kind === 'hls' && !nativeHls();

  useEffect(() => {
    const video = ref.current;
    if (!viaHlsJs || !video) return;
    let destroyed = false;
    let destroy = () => {};
    void import('hls.js/light').then(({ default: Hls }) => {
      if (destroyed || !Hls.isSupported()) return;
      // From the start (a growing playlist is not live: no jump to its end).
      const hls = new Hls({ startPosition: 0 });
      hls.loadSource(src);
      hls.attachMedia(video);
      if (autoPlay) hls.on(Hls.Events.MANIFEST_PARSED, () => void video.play().catch(() => {}));
      destroy = () => hls.destroy();
    });
    return () => {
      destroyed = true;
      destroy();
    };
  }, [src, viaHlsJs, autoPlay]);

  return <video ref={ref} src={viaHlsJs ? undefined : src} autoPlay={autoPlay} {...rest} />;
}

function nativeHls(): boolean {
  if (typeof document === 'undefined') return false;
  // Where Media Source Extensions exist, hls.js (Chrome on Android says 'maybe' natively).
  if (typeof window !== 'undefined' && 'MediaSource' in window) return false;
  return document.createElement('video').canPlayType('application/vnd.apple.mpegurl') !== '';
}
