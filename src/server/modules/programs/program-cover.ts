import sharp, { type Metadata, type SharpOptions } from 'sharp';
import {
  PROGRAM_COVER_WIDTH,
  PROGRAM_COVER_WIDTHS,
  PROGRAM_MESSAGES,
} from '@shared/programs.contract';
import { ValidationError } from '../../lib/errors';
import { LOGO_MAX_INPUT_PIXELS, looksLikeSvg } from '../branding/logo-image';

const COVER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

function invalid(): never {
  throw new ValidationError(PROGRAM_MESSAGES.coverType);
}

/**
 * Checks a program's cover by its content and re-encodes it, as instructors' photos are: whatever
 * came in (JPEG, PNG, WebP, AVIF, GIF's first frame; never SVG) leaves as 16:9 WebP files, one per
 * PROGRAM_COVER_WIDTHS, upright, cropped around the most interesting part, metadata stripped. A
 * bomb past LOGO_MAX_INPUT_PIXELS or anything else is refused with the cover's words.
 */
export async function processProgramCover(
  input: Buffer,
): Promise<{ width: number; data: Buffer }[]> {
  if (input.length === 0 || looksLikeSvg(input)) invalid();
  const options: SharpOptions = { limitInputPixels: LOGO_MAX_INPUT_PIXELS, failOn: 'error' };
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch {
    invalid();
  }
  if (!COVER_FORMATS.has(meta.format ?? '') || !meta.width || !meta.height) invalid();
  if (meta.width * meta.height > LOGO_MAX_INPUT_PIXELS) invalid();
  try {
    // Decoded and cropped once at the largest width; the smaller one is made from it.
    const largest = PROGRAM_COVER_WIDTH;
    const cropped = await sharp(input, { ...options, autoOrient: true })
      .resize(largest, Math.round((largest * 9) / 16), {
        fit: 'cover',
        position: sharp.strategy.attention,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = {
      raw: {
        width: cropped.info.width,
        height: cropped.info.height,
        channels: cropped.info.channels,
      },
    };
    return await Promise.all(
      PROGRAM_COVER_WIDTHS.map(async (width) => ({
        width,
        data: await sharp(cropped.data, raw)
          .resize(width, Math.round((width * 9) / 16))
          .webp({ quality: 72, effort: 4 })
          .toBuffer(),
      })),
    );
  } catch {
    invalid();
  }
}
