/**
 * What the serve bench's reference servers (nginx and bare Node) send for each kind of file: its
 * type and the Cache-Control the app sends for it. nginx's config is written from this table and
 * bare-node.ts answers from it, so the two cannot drift apart.
 */
export const REFERENCE_FILES = [
  { extension: 'm4s', type: 'video/mp4', cacheControl: 'public, max-age=31536000, immutable' },
  { extension: 'mp4', type: 'video/mp4', cacheControl: 'public, max-age=31536000, immutable' },
  { extension: 'm3u8', type: 'application/vnd.apple.mpegurl', cacheControl: 'public, max-age=60' },
  { extension: 'jpg', type: 'image/jpeg', cacheControl: 'public, max-age=3600' },
] as const;
