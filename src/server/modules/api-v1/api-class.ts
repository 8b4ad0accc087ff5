import type { FastifyRequest } from 'fastify';
import type { ApiClass } from '@shared/api-v1.contract';
import { OWNER_STATUS_LABELS } from '@shared/videos.contract';
import type { VideoRow } from '../../db/schema/videos';
import { offlineFileOf } from '../../media/media-paths';
import { toVideoDto } from '../videos/video-dto';

/**
 * The origin the API's absolute addresses start with: PUBLIC_URL when set, else the request's own
 * when its Host is one of the app's (APP_HOSTS; the protocol only as far as the configured proxy is
 * trusted); for any other Host, none: the addresses stay relative to wherever the caller asked.
 */
export function apiOrigin(
  request: FastifyRequest,
  origin: { publicOrigin: string | undefined; appHosts: readonly string[] },
): string {
  if (origin.publicOrigin) return origin.publicOrigin;
  return origin.appHosts.includes(request.hostname.toLowerCase())
    ? `${request.protocol}://${request.host}`
    : '';
}

export const absolute = (origin: string, path: string | null) =>
  path === null ? null : /^https?:\/\//.test(path) ? path : `${origin}${path}`;
const numberOrNull = (text: string | null) => {
  const value = text === null ? NaN : Number(text);
  return Number.isFinite(value) ? value : null;
};

/** The class's offline file with its absolute URL, or null. */
function offlineOf(row: VideoRow, origin: string): ApiClass['offline'] {
  const file = offlineFileOf(row);
  return file && { ...file, url: absolute(origin, file.url)! };
}

/** A class as the API and webhooks give it (the web's video, in the API's words). */
export function toApiClass(row: VideoRow, origin: string): ApiClass {
  const video = toVideoDto(row);
  return {
    id: video.id,
    title: video.title,
    description: video.description,
    status: video.processingStatus,
    statusLabel: OWNER_STATUS_LABELS[video.processingStatus],
    progress: video.progress,
    processingNotes: video.processingNotes,
    durationSeconds: numberOrNull(video.duration),
    width: video.width,
    height: video.height,
    fileName: video.originalFileName,
    fileSizeBytes: Number(video.fileSize),
    streamUrl: absolute(origin, video.hlsUrl),
    posterUrl: absolute(origin, video.posterUrl),
    thumbnailUrl: absolute(origin, video.thumbnailUrl),
    offline: offlineOf(row, origin),
    uploadedAt: video.uploadedAt,
    enhancedAt: video.enhancedAt,
    updatedAt: video.updatedAt,
    instructorId: video.instructorId,
    difficulty: video.difficulty,
    classType: video.classType,
    music: video.music,
    equipmentNotes: video.equipmentNotes,
  };
}
