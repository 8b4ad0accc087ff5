import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  BACKGROUND_PREVIEW_SIZE,
  backgroundEndpoints,
  type BackgroundOption,
  type BuiltInBackgroundId,
} from '@shared/backgrounds.contract';
import { buildPath } from '@shared/endpoint';
import { BACKGROUNDS, backgroundById, buildBackgroundArgs } from '../../media/background-args';
import { runFfmpeg, type MediaTools } from '../../media/ffmpeg';
import { createWorkDir } from '../../media/media-files';
import { mediaKeys } from '../../media/media-paths';
import type { ObjectStore } from '../../storage/object-store';

/** How long a background that could not be drawn is not tried again. */
const FAILED_DRAWING_MEMORY_MS = 60_000;

interface Deps {
  store: ObjectStore;
  tools: MediaTools;
  /** Where the drawing happens (DATA_DIR/tmp/media). */
  tempRoot: string;
  log: FastifyBaseLogger;
}

/**
 * The built-in backgrounds for the owner's chooser (decision 0027): each preview is drawn by the
 * same ffmpeg filter as the background behind a class (buildBackgroundArgs), once, at 320x180, and
 * kept in the object store beside the full-size backgrounds the enhance job keeps.
 */
export function backgroundsService({ store, tools, tempRoot, log }: Deps) {
  const { width, height } = BACKGROUND_PREVIEW_SIZE;
  /** One drawing per background at a time in this process (a burst of page loads draws once). */
  const drawing = new Map<string, Promise<void>>();

  async function draw(id: BuiltInBackgroundId, key: string): Promise<void> {
    const background = backgroundById(id)!;
    const work = await createWorkDir(tempRoot, `background-preview-${randomUUID()}`);
    try {
      const file = work.file('preview.jpg');
      await runFfmpeg(tools, buildBackgroundArgs(background, { width, height }, file), {
        cwd: work.path,
      });
      await store.putFile(key, file, { contentType: 'image/jpeg' });
      log.info({ background: id }, 'background preview drawn');
    } finally {
      await work.dispose();
    }
  }

  return {
    list(): BackgroundOption[] {
      return BACKGROUNDS.map((b) => ({
        id: b.id as BuiltInBackgroundId,
        label: b.label,
        previewUrl: buildPath(backgroundEndpoints.preview, { id: b.id }),
      }));
    },

    label: (id: BuiltInBackgroundId): string => backgroundById(id)?.label ?? id,

    /** The stored preview's key (drawn first when missing); null for an id that is no background. */
    async preview(id: string): Promise<string | null> {
      if (!backgroundById(id)) return null;
      const key = mediaKeys.background(id, width, height);
      if (await store.head(key)) return key;
      let pending = drawing.get(id);
      if (!pending) {
        // A failed drawing is remembered for a minute: a burst of anonymous requests cannot keep
        // starting ffmpeg for a background it cannot draw.
        pending = draw(id as BuiltInBackgroundId, key).then(
          () => void drawing.delete(id),
          (err: unknown) => {
            setTimeout(() => drawing.delete(id), FAILED_DRAWING_MEMORY_MS).unref();
            throw err;
          },
        );
        drawing.set(id, pending);
      }
      await pending;
      return key;
    },
  };
}

export type BackgroundsService = ReturnType<typeof backgroundsService>;
