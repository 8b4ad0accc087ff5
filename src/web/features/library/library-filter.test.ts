import { describe, expect, it } from 'vitest';
import type { VideoDto } from '@shared/videos.contract';
import { countByStatus, filterVideos } from './library-filter';

function video(id: string, patch: Partial<VideoDto>): VideoDto {
  return {
    id,
    userId: 'u',
    title: `Video ${id}`,
    description: null,
    originalFileName: `${id}.mp4`,
    originalFileUrl: `/objects/${id}`,
    enhancedFileUrl: null,
    fileSize: '1000',
    duration: '60',
    processingStatus: 'uploaded',
    processingNotes: null,
    replaceBackground: false,
    backgroundDescription: null,
    addLogo: false,
    logoFileUrl: null,
    logoPlacement: null,
    enhancementNotes: null,
    enhancementReport: null,
    beforeUrl: null,
    audioClips: null,
    uploadedAt: '2025-01-01T00:00:00.000Z',
    enhancedAt: null,
    updatedAt: '2025-01-01T00:00:00.000Z',
    thumbnailUrl: null,
    posterUrl: null,
    previewUrl: null,
    previewKind: null,
    previewState: 'none',
    hlsUrl: null,
    width: null,
    height: null,
    progress: null,
    reenhancing: false,
    backgroundId: null,
    instructorId: null,
    difficulty: null,
    classType: null,
    music: [],
    equipmentNotes: null,
    ...patch,
  };
}

const videos = [
  video('1', { title: 'Morning Climb', processingStatus: 'enhanced', enhancedFileUrl: '/e/1.mp4' }),
  video('2', {
    title: 'Hill Sprints',
    description: 'A MORNING burner',
    processingStatus: 'processing',
  }),
  video('3', { title: 'Recovery Ride', processingStatus: 'failed' }),
  video('4', { title: 'Evening Endurance' }),
];

describe('countByStatus', () => {
  it('counts every card status and the total', () => {
    expect(countByStatus(videos)).toEqual({ all: 4, ready: 1, processing: 2, error: 1 });
    expect(countByStatus([])).toEqual({ all: 0, ready: 0, processing: 0, error: 0 });
  });
});

describe('filterVideos', () => {
  const ids = (list: VideoDto[]) => list.map((v) => v.id);

  it('keeps everything for an empty search and "all"', () => {
    expect(ids(filterVideos(videos, '  ', 'all'))).toEqual(['1', '2', '3', '4']);
  });

  it('searches title and description in any case', () => {
    expect(ids(filterVideos(videos, 'morning', 'all'))).toEqual(['1', '2']);
    expect(ids(filterVideos(videos, 'RIDE', 'all'))).toEqual(['3']);
  });

  it('filters by card status, combined with the search', () => {
    expect(ids(filterVideos(videos, '', 'processing'))).toEqual(['2', '4']);
    expect(ids(filterVideos(videos, 'morning', 'ready'))).toEqual(['1']);
    expect(ids(filterVideos(videos, 'nothing like this', 'all'))).toEqual([]);
  });
});
