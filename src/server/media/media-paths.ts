/**
 * Where the pipeline's files live in the object store, and the app addresses that serve them.
 * Everything of a video sits under videos/<id>/ (deleting the video deletes the prefix).
 */
import { buildPath } from '@shared/endpoint';
import type { PublicOfflineFile } from '@shared/gyms.contract';
import { mediaEndpoints } from '@shared/media.contract';
import { OFFLINE_FILE } from './offline-args';

export const mediaKeys = {
  thumbnail: (videoId: string) => `videos/${videoId}/thumbnail.jpg`,
  poster: (videoId: string) => `videos/${videoId}/poster.jpg`,
  /** The raw upload's frame at the poster's time: the 'before' of the owner's comparison. */
  before: (videoId: string) => `videos/${videoId}/before.jpg`,
  /** The A/B audio: the same short stretch of the raw upload and of the enhanced file. */
  beforeAudio: (videoId: string) => `videos/${videoId}/before.m4a`,
  afterAudio: (videoId: string) => `videos/${videoId}/after.m4a`,
  preview: (videoId: string) => `videos/${videoId}/preview.mp4`,
  /** The growing HLS preview: index.m3u8 and seg_NNNNN.ts (decision 0029). */
  previewHls: (videoId: string) => `videos/${videoId}/preview/`,
  /** One per run: a retry rewrites its own file, a new run never touches the one being served. */
  enhanced: (videoId: string, version: string) => `videos/${videoId}/enhanced/${version}.mp4`,
  enhancedPrefix: (videoId: string) => `videos/${videoId}/enhanced/`,
  /** One folder per packaging run; the master playlist is written last. */
  hls: (videoId: string, version: string) => `videos/${videoId}/hls/${version}/`,
  /** Built-in backgrounds, drawn once per size and kept. */
  background: (backgroundId: string, width: number, height: number) =>
    `media/backgrounds/${backgroundId}-${width}x${height}.jpg`,
};

export const mediaUrls = {
  thumbnail: (videoId: string) => buildPath(mediaEndpoints.thumbnail, { id: videoId }),
  poster: (videoId: string) => buildPath(mediaEndpoints.poster, { id: videoId }),
  before: (videoId: string) => buildPath(mediaEndpoints.before, { id: videoId }),
  /** The A/B clips; `version` (the enhancement's time) makes a new run's clips a new URL. */
  beforeAudio: (videoId: string, version: string) =>
    buildPath(mediaEndpoints.beforeAudio, { id: videoId }, { v: version }),
  afterAudio: (videoId: string, version: string) =>
    buildPath(mediaEndpoints.afterAudio, { id: videoId }, { v: version }),
  preview: (videoId: string) => buildPath(mediaEndpoints.preview, { id: videoId }),
  previewHls: (videoId: string) =>
    buildPath(mediaEndpoints.previewHls, { id: videoId, '*': 'index.m3u8' }),
  /**
   * The enhanced file, whichever job or admin upload stored it (the route reads enhancedKey). The
   * version makes a new file a new URL for caches.
   */
  enhanced: (videoId: string, version: string) =>
    buildPath(mediaEndpoints.enhanced, { id: videoId }, { v: version }),
  hls: (videoId: string, version: string) =>
    buildPath(mediaEndpoints.hls, { id: videoId, version, '*': 'master.m3u8' }),
  /** The offline file beside a ladder (decision 0047), served by the same route as its segments. */
  offline: (videoId: string, version: string) =>
    buildPath(mediaEndpoints.hls, { id: videoId, version, '*': OFFLINE_FILE }),
};

/** What a previewUrl names: the MP4 (a remux) or the growing HLS preview's playlist. */
export function previewKindOf(previewUrl: string | null): 'mp4' | 'hls' | null {
  if (!previewUrl) return null;
  return previewUrl.endsWith('.m3u8') ? 'hls' : 'mp4';
}

/** The packaging version an hlsUrl points at, or null. */
export function hlsVersionOf(hlsUrl: string | null | undefined): string | null {
  return /\/hls\/([A-Za-z0-9-]+)\/master\.m3u8$/.exec(hlsUrl ?? '')?.[1] ?? null;
}

/**
 * A class's offline file (decision 0047): the one beside its published ladder, named with the
 * ladder's version; null when it is not packaged or the packaging made none.
 */
export function offlineFileOf(row: {
  id: string;
  hlsUrl: string | null;
  offlineBytes: number | null;
}): PublicOfflineFile | null {
  const version = hlsVersionOf(row.hlsUrl);
  if (!version || row.offlineBytes === null) return null;
  return { url: mediaUrls.offline(row.id, version), bytes: row.offlineBytes, version };
}

/** A short version label from a job id (a retry of the same job keeps it). */
export function versionOf(jobId: string): string {
  return jobId.replace(/-/g, '').slice(0, 16);
}
