import { DEFAULT_LOGO_PLACEMENT, type LogoPlacement, type VideoDto } from '@shared/videos.contract';
import type { VideoRow } from '../../db/schema/videos';
import { mediaUrls, previewKindOf } from '../../media/media-paths';

/** The stored placement; the default for a logo added before placements were stored. */
export function logoPlacementOf(row: VideoRow): LogoPlacement | null {
  if (!row.addLogo) return null;
  return {
    corner: row.logoCorner ?? DEFAULT_LOGO_PLACEMENT.corner,
    size: row.logoSizePercent ?? DEFAULT_LOGO_PLACEMENT.size,
    opacity: row.logoOpacityPercent ?? DEFAULT_LOGO_PLACEMENT.opacity,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The A/B clips' URLs when the enhance job made them (an admin's enhanced file clears the report). */
function audioClipsOf(row: VideoRow): VideoDto['audioClips'] {
  if (!row.enhancementReport?.audioClip) return null;
  const version = String(row.enhancedAt?.getTime() ?? 0);
  return {
    beforeUrl: mediaUrls.beforeAudio(row.id, version),
    afterUrl: mediaUrls.afterAudio(row.id, version),
  };
}

/** The one shape every video route answers: the product's Video fields and media URLs, never keys. */
export function toVideoDto(row: VideoRow): VideoDto {
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    description: row.description,
    originalFileName: row.originalFileName,
    originalFileUrl: row.originalFileUrl,
    enhancedFileUrl: row.enhancedFileUrl,
    fileSize: row.fileSize,
    duration: row.duration,
    processingStatus: row.processingStatus,
    processingNotes: row.processingNotes,
    replaceBackground: row.replaceBackground,
    backgroundDescription: row.backgroundDescription,
    addLogo: row.addLogo,
    logoFileUrl: row.logoFileUrl,
    logoPlacement: logoPlacementOf(row),
    enhancementNotes: row.enhancementNotes,
    enhancementReport: row.enhancementReport,
    beforeUrl: row.enhancementReport ? mediaUrls.before(row.id) : null,
    audioClips: audioClipsOf(row),
    uploadedAt: row.uploadedAt.toISOString(),
    enhancedAt: iso(row.enhancedAt),
    updatedAt: row.updatedAt.toISOString(),
    thumbnailUrl: row.thumbnailUrl,
    posterUrl: row.thumbnailUrl ? mediaUrls.poster(row.id) : null,
    previewUrl: row.previewUrl,
    previewKind: previewKindOf(row.previewUrl),
    previewState: row.previewState,
    hlsUrl: row.hlsUrl,
    width: row.width,
    height: row.height,
    progress: row.progress,
    reenhancing: row.reenhanceRequestedAt !== null,
    backgroundId: row.backgroundId,
    instructorId: row.instructorId,
    difficulty: row.difficulty,
    classType: row.classType,
    music: row.music,
    equipmentNotes: row.equipmentNotes,
  };
}
