import { z } from 'zod';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';
import { VIDEOS_PATH, videoResponse, type VideoResponse } from './videos.contract';

/**
 * The built-in backgrounds (issue #15 part 2): drawn by the server's media code (decision 0012),
 * listed with a preview each, and chosen by the owner to re-run the enhancement of a class whose
 * background request could not be honoured as written (decision 0027).
 */

/** The built-in backgrounds' ids, in the order the chooser shows them (the server's BACKGROUNDS). */
export const BUILT_IN_BACKGROUND_IDS = [
  'studio',
  'sunset-road',
  'mountain-pass',
  'neon-city',
  'plain-black',
  'plain-white',
  'plain-grey',
  'plain-blue',
  'plain-red',
  'plain-orange',
  'plain-purple',
  'plain-pink',
  'plain-yellow',
  'plain-teal',
] as const;
export type BuiltInBackgroundId = (typeof BUILT_IN_BACKGROUND_IDS)[number];

/** The preview's size: a 16:9 still drawn by the same ffmpeg filter as the real background. */
export const BACKGROUND_PREVIEW_SIZE = { width: 320, height: 180 } as const;

export const BACKGROUND_MESSAGES = {
  unknown: 'Choose one of the built-in backgrounds',
  notEnhanced: 'Only an enhanced class can be enhanced again',
  noBackground: 'This class did not ask for a new background',
  alreadyRunning: 'This class is already being enhanced again',
  noPipeline: 'Automatic enhancement is not running on this server',
  tooMany: 'Too many re-runs. Please try again later.',
} as const;

export const backgroundOption = z.object({
  id: z.enum(BUILT_IN_BACKGROUND_IDS),
  label: z.string(),
  /** A still of the background (public: the built-in pictures are the same for everyone). */
  previewUrl: z.string(),
});
export type BackgroundOption = z.infer<typeof backgroundOption>;
export const backgroundsResponse = z.object({ backgrounds: z.array(backgroundOption) });
export type BackgroundsResponse = z.infer<typeof backgroundsResponse>;

/** POST /api/auth/videos/:id/re-enhance: run enhancement again from the raw upload. */
export const reenhanceBody = z.object({
  backgroundId: z.enum(BUILT_IN_BACKGROUND_IDS, { error: BACKGROUND_MESSAGES.unknown }),
});
export type ReenhanceBody = z.infer<typeof reenhanceBody>;

export const backgroundEndpoints = {
  list: withSchemas(
    endpoint<{ response: BackgroundsResponse }>()({
      method: 'GET',
      path: '/api/auth/backgrounds',
      access: 'owner',
      summary: 'The built-in backgrounds, with a preview each',
    }),
    { response: backgroundsResponse },
  ),
  preview: endpoint()({
    method: 'GET',
    path: '/media/backgrounds/:id/preview.jpg',
    access: 'public',
    summary: "A built-in background's preview, drawn by the code that draws the background",
    produces: 'image/jpeg',
  }),
  reenhance: withSchemas(
    endpoint<{ body: ReenhanceBody; response: VideoResponse }>()({
      method: 'POST',
      path: `${VIDEOS_PATH}/:id/re-enhance`,
      access: 'owner',
      summary: 'Enhances the class again from its raw upload with a built-in background',
      status: 202,
    }),
    { body: reenhanceBody, response: videoResponse },
  ),
} as const;
