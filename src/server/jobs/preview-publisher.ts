import path from 'node:path';
import { Readable } from 'node:stream';
import type { PreviewState } from '@shared/videos.contract';
import {
  mayReplace,
  nextPreviewState,
  parseMediaPlaylist,
  PREVIEW_PLAYLIST,
  previewPlaylist,
  type Segment,
} from '../media/growing-preview';
import { contentTypeFor } from '../media/media-files';
import { mediaKeys, mediaUrls } from '../media/media-paths';
import type { VideoLifecycle } from '../modules/videos/lifecycle';
import { ObjectMissingError, type ObjectStore } from '../storage/object-store';

interface Deps {
  store: ObjectStore;
  lifecycle: Pick<VideoLifecycle, 'update'>;
  videoId: string;
  /** The row's previewState when the run began (a resumed run finds 'growing'). */
  state: PreviewState;
  /** The folder ffmpeg writes the segments into. */
  dir: string;
}

/** What the stored playlist lists now (null: none stored yet). */
async function storedPlaylist(
  store: ObjectStore,
  key: string,
): Promise<{ segments: number; ended: boolean } | null> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await store.get(key)) chunks.push(chunk as Buffer);
    const { segments, ended } = parseMediaPlaylist(Buffer.concat(chunks).toString('utf8'));
    return { segments: segments.length, ended };
  } catch (error) {
    if (error instanceof ObjectMissingError) return null;
    throw error;
  }
}

/**
 * Publishes the growing preview as ffmpeg writes it: each new segment is moved into the store
 * (atomically) before the playlist that lists it is rewritten there (atomically too), and the row
 * points at the playlist once the first one is stored. So a reader never sees a listed segment that
 * is missing or half-written, and the playlist ends (#EXT-X-ENDLIST) only after the last segment is
 * stored. A run after a crash starts again from the first segment: it rewrites the same segments
 * and rewrites the playlist only once it lists as many as the stored one (mayReplace).
 */
export async function previewPublisher({ store, lifecycle, videoId, state, dir }: Deps) {
  const prefix = mediaKeys.previewHls(videoId);
  let stored = await storedPlaylist(store, `${prefix}${PREVIEW_PLAYLIST}`);
  let current = state;
  const moved = new Set<string>();

  return async function publish(segments: Segment[], ended: boolean): Promise<void> {
    const step = nextPreviewState(current, ended ? 'end' : 'segment');
    if (!step.publish) return;
    for (const segment of segments) {
      if (moved.has(segment.name)) continue;
      await store.putFile(`${prefix}${segment.name}`, path.join(dir, segment.name), {
        contentType: contentTypeFor(segment.name),
      });
      moved.add(segment.name);
    }
    const next = { segments: segments.length, ended };
    if (mayReplace(stored, next)) {
      await store.put(
        `${prefix}${PREVIEW_PLAYLIST}`,
        Readable.from([previewPlaylist(segments, ended)]),
        {
          contentType: contentTypeFor(PREVIEW_PLAYLIST),
        },
      );
      stored = next;
    }
    if (step.state !== current && stored) {
      await lifecycle.update(videoId, {
        previewUrl: mediaUrls.previewHls(videoId),
        previewState: step.state,
      });
      current = step.state;
    }
  };
}
