/**
 * The media pipeline's files as the app serves them (zod-free: the player loads these URLs).
 * Stills, the enhanced file and the HLS ladder are public once the video is enhanced; before
 * that, and the preview always, they are the owner's or an admin's (another owner: 404).
 */
import { endpoint } from './endpoint';

export const MEDIA_ROUTE_PREFIX = '/media/videos';
const VIDEO_MEDIA_PATH = `${MEDIA_ROUTE_PREFIX}/:id` as const;

export const mediaEndpoints = {
  thumbnail: endpoint()({
    method: 'GET',
    path: `${VIDEO_MEDIA_PATH}/thumbnail.jpg`,
    access: 'public',
    summary: "The library card's still (public once the video is enhanced)",
    produces: 'image/jpeg',
  }),
  poster: endpoint()({
    method: 'GET',
    path: `${VIDEO_MEDIA_PATH}/poster.jpg`,
    access: 'public',
    summary: "The player's poster (public once the video is enhanced)",
    produces: 'image/jpeg',
  }),
  before: endpoint()({
    method: 'GET',
    path: `${VIDEO_MEDIA_PATH}/before.jpg`,
    access: 'owner',
    summary: "The raw upload's frame behind the poster (before/after), for the owner or an admin",
    produces: 'image/jpeg',
  }),
  /** The A/B audio (`v` only tells caches apart): the same stretch before and after enhancement. */
  beforeAudio: endpoint<{ query: { v?: string } }>()({
    method: 'GET',
    path: `${VIDEO_MEDIA_PATH}/before.m4a`,
    access: 'owner',
    summary: "A short stretch of the raw upload's sound (A/B), for the owner or an admin",
    produces: 'audio/mp4',
  }),
  afterAudio: endpoint<{ query: { v?: string } }>()({
    method: 'GET',
    path: `${VIDEO_MEDIA_PATH}/after.m4a`,
    access: 'owner',
    summary: "The same stretch of the enhanced file's sound (A/B), for the owner or an admin",
    produces: 'audio/mp4',
  }),
  preview: endpoint()({
    method: 'GET',
    path: `${VIDEO_MEDIA_PATH}/preview.mp4`,
    access: 'owner',
    summary: "The raw upload's preview, for the owner or an admin",
    produces: 'video/mp4',
  }),
  /** The growing HLS preview of a source the browser cannot play: index.m3u8 and its segments. */
  previewHls: endpoint()({
    method: 'GET',
    path: `${VIDEO_MEDIA_PATH}/preview/*`,
    access: 'owner',
    summary:
      "The raw upload's growing HLS preview (playlist and segments), for the owner or an admin",
    produces: 'application/vnd.apple.mpegurl',
  }),
  /** `download=1`: saved under the class title (the owner and admins: under the file's name). */
  enhanced: endpoint<{ query: { download?: '1'; v?: string } }>()({
    method: 'GET',
    path: `${VIDEO_MEDIA_PATH}/enhanced.mp4`,
    access: 'public',
    summary: 'The enhanced file (public once the video is enhanced)',
    produces: 'video/mp4',
  }),
  hls: endpoint()({
    method: 'GET',
    path: `${VIDEO_MEDIA_PATH}/hls/:version/*`,
    access: 'public',
    summary: 'The HLS ladder of an enhanced video: playlists and segments',
    produces: 'application/vnd.apple.mpegurl',
  }),
} as const;
