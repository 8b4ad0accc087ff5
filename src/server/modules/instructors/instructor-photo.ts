import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { CLASS_DETAILS_MESSAGES } from '@shared/class-details.contract';
import { ValidationError } from '../../lib/errors';
import { LOGO_MAX_INPUT_PIXELS, looksLikeSvg } from '../branding/logo-image';

/** The stored photo: a square this many pixels wide (an avatar at up to 4x its 64 px). */
export const INSTRUCTOR_PHOTO_SIZE = 256;
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

function invalid(): never {
  throw new ValidationError(CLASS_DETAILS_MESSAGES.photoType);
}

/**
 * Checks an instructor's photo by its content and re-encodes it: whatever came in (JPEG, PNG,
 * WebP, AVIF, GIF's first frame; never SVG) leaves as a WebP square, upright, cropped around the
 * most interesting part (a face, usually), metadata stripped. A bomb past LOGO_MAX_INPUT_PIXELS or
 * anything else is refused with the photo's words.
 */
export async function processInstructorPhoto(input: Buffer): Promise<Buffer> {
  if (input.length === 0 || looksLikeSvg(input)) invalid();
  const options: SharpOptions = { limitInputPixels: LOGO_MAX_INPUT_PIXELS, failOn: 'error' };
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch {
    invalid();
  }
  if (!PHOTO_FORMATS.has(meta.format ?? '') || !meta.width || !meta.height) invalid();
  if (meta.width * meta.height > LOGO_MAX_INPUT_PIXELS) invalid();
  try {
    return await sharp(input, { ...options, autoOrient: true })
      .resize(INSTRUCTOR_PHOTO_SIZE, INSTRUCTOR_PHOTO_SIZE, {
        fit: 'cover',
        position: sharp.strategy.attention,
      })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    invalid();
  }
}
