import type { VideoMediaRow } from '../videos/videos.service';

/** How long a public video's row is trusted without reading it again. */
export const PUBLIC_ROW_TTL_MS = 1000;
/** The most rows kept (the oldest go first). */
export const PUBLIC_ROW_MAX = 10_000;

export interface PublicMediaRows {
  /** The row: from memory when it was public (enhanced) less than a TTL ago, else read. */
  find(videoId: string): Promise<VideoMediaRow | undefined>;
  /** The row as stored now (for an answer the remembered row would refuse). */
  fresh(videoId: string): Promise<VideoMediaRow | undefined>;
}

/**
 * The rows of public videos, remembered for a second: every segment a rider fetches would
 * otherwise read the same row. Only rows that make files public are kept, so anything private is
 * decided on the stored row; a video leaving 'enhanced' stays public for at most the TTL (its
 * files are already cacheable by anyone for an hour or more: files.routes.ts CACHE).
 */
export function publicMediaRows(
  read: (videoId: string) => Promise<VideoMediaRow | undefined>,
  { ttlMs = PUBLIC_ROW_TTL_MS, maxRows = PUBLIC_ROW_MAX, now = () => performance.now() } = {},
): PublicMediaRows {
  const rows = new Map<string, { row: VideoMediaRow; at: number }>();

  async function fresh(videoId: string) {
    const row = await read(videoId);
    rows.delete(videoId);
    if (row?.processingStatus === 'enhanced') {
      if (rows.size >= maxRows) rows.delete(rows.keys().next().value!);
      rows.set(videoId, { row, at: now() });
    }
    return row;
  }

  return {
    async find(videoId) {
      const kept = rows.get(videoId);
      if (kept && now() - kept.at < ttlMs) return kept.row;
      return fresh(videoId);
    },
    fresh,
  };
}
