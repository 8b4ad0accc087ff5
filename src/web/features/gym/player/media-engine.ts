import type { PublicGymVideo } from '@shared/gyms.contract';

/**
 * How a class plays: hls.js where Media Source Extensions exist (adaptive quality, a long buffer,
 * retries), the browser's own HLS where MSE is missing but HLS plays natively (iOS Safari), else
 * the enhanced MP4 (with range requests).
 */
export type Engine = 'hls.js' | 'native-hls' | 'mp4';

export interface BrowserSupport {
  mse: boolean;
  nativeHls: boolean;
}

export function browserSupport(video: HTMLVideoElement): BrowserSupport {
  return {
    mse: 'MediaSource' in window || 'ManagedMediaSource' in window,
    nativeHls: video.canPlayType('application/vnd.apple.mpegurl') !== '',
  };
}

export type PlayerSource = Pick<PublicGymVideo, 'hlsUrl' | 'mp4Url'>;

/** The engines to try, best first. */
export function enginesFor(source: PlayerSource, support: BrowserSupport): Engine[] {
  const engines: Engine[] = [];
  if (source.hlsUrl && support.mse) engines.push('hls.js');
  else if (source.hlsUrl && support.nativeHls) engines.push('native-hls');
  if (source.mp4Url) engines.push('mp4');
  return engines;
}

export interface QualityLevel {
  index: number;
  label: string;
}

/** '720p' for a rung; the bit rate when the height is unknown. */
export function levelLabel(level: { height?: number; bitrate?: number }): string {
  if (level.height) return `${level.height}p`;
  return level.bitrate ? `${Math.round(level.bitrate / 1000)} kbps` : 'Unknown';
}

export interface EngineEvents {
  /** The rungs the stream offers (hls.js only; empty otherwise), highest first. */
  onLevels(levels: QualityLevel[]): void;
  /** The rung now playing (hls.js), or null. */
  onLevelPlaying(index: number | null): void;
  /** The network is gone and the player keeps retrying (true), or it is back (false). */
  onReconnecting(reconnecting: boolean): void;
  /** This engine cannot play the class: try the next. */
  onFailed(): void;
}

export interface AttachedEngine {
  engine: Engine;
  /** A rung index, or -1 for automatic. */
  setLevel(index: number): void;
  destroy(): void;
}

/** Rides through wifi drops: 60 s buffered ahead, and loads retried with backoff before giving up. */
const RETRY = { maxNumRetry: 8, retryDelayMs: 1000, maxRetryDelayMs: 8000 } as const;
const LOAD_POLICY = (maxLoadTimeMs: number) => ({
  default: {
    maxTimeToFirstByteMs: 10_000,
    maxLoadTimeMs,
    timeoutRetry: RETRY,
    errorRetry: RETRY,
  },
});
export const HLS_CONFIG = {
  maxBufferLength: 60,
  maxMaxBufferLength: 120,
  backBufferLength: 30,
  capLevelToPlayerSize: true,
  fragLoadPolicy: LOAD_POLICY(120_000),
  playlistLoadPolicy: LOAD_POLICY(20_000),
  manifestLoadPolicy: LOAD_POLICY(20_000),
} as const;
/** After hls.js itself gave up on the network: try again this often, forever (the rider waits). */
const RECONNECT_MAX_MS = 10_000;

async function attachHlsJs(
  video: HTMLVideoElement,
  url: string,
  startAt: number,
  events: EngineEvents,
): Promise<AttachedEngine | null> {
  // Lazy: only a rider who starts a class downloads hls.js (the light build: no subtitles or DRM).
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) return null;
  const hls = new Hls({ ...HLS_CONFIG, startPosition: startAt > 0 ? startAt : -1 });
  let reconnectDelay = 1000;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let mediaRecoveries = 0;

  hls.on(Hls.Events.MANIFEST_PARSED, () => {
    const levels = hls.levels
      .map((level, index) => ({ index, label: levelLabel(level), height: level.height || 0 }))
      .sort((a, b) => b.height - a.height)
      .map(({ index, label }) => ({ index, label }));
    events.onLevels(levels);
  });
  hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => events.onLevelPlaying(data.level));
  hls.on(Hls.Events.FRAG_LOADED, () => {
    if (reconnectTimer === undefined && reconnectDelay === 1000) return;
    reconnectDelay = 1000;
    events.onReconnecting(false);
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
      events.onReconnecting(true);
      clearTimeout(reconnectTimer);
      reconnectTimer = setTimeout(() => {
        reconnectTimer = undefined;
        // A playlist that never loaded is loaded again; otherwise loading resumes where it stopped.
        if (hls.levels.length === 0) hls.loadSource(url);
        else hls.startLoad();
      }, reconnectDelay);
      reconnectDelay = Math.min(reconnectDelay * 2, RECONNECT_MAX_MS);
      return;
    }
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaRecoveries < 3) {
      mediaRecoveries += 1;
      hls.recoverMediaError();
      return;
    }
    events.onFailed();
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return {
    engine: 'hls.js',
    setLevel: (index) => {
      hls.nextLevel = index;
    },
    destroy: () => {
      clearTimeout(reconnectTimer);
      hls.destroy();
    },
  };
}

function attachUrl(
  engine: 'native-hls' | 'mp4',
  video: HTMLVideoElement,
  url: string,
  startAt: number,
  events: EngineEvents,
): AttachedEngine {
  const onMetadata = () => {
    if (startAt > 0) video.currentTime = startAt;
  };
  const onError = () => events.onFailed();
  video.addEventListener('loadedmetadata', onMetadata, { once: true });
  video.addEventListener('error', onError);
  video.src = url;
  video.load();
  events.onLevels([]);
  return {
    engine,
    setLevel: () => undefined,
    destroy: () => {
      video.removeEventListener('loadedmetadata', onMetadata);
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
    },
  };
}

/** Attaches the engine to the video, starting at `startAt` seconds; null when it cannot run here. */
export async function attachEngine(
  engine: Engine,
  video: HTMLVideoElement,
  source: PlayerSource,
  startAt: number,
  events: EngineEvents,
): Promise<AttachedEngine | null> {
  if (engine === 'hls.js')
    return source.hlsUrl ? attachHlsJs(video, source.hlsUrl, startAt, events) : null;
  const url = engine === 'native-hls' ? source.hlsUrl : source.mp4Url;
  return url ? attachUrl(engine, video, url, startAt, events) : null;
}
