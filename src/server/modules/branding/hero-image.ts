import sharp, { type Metadata, type SharpOptions } from 'sharp';
import {
  HERO_MAX_ASPECT,
  HERO_MESSAGES,
  HERO_MIN_WIDTH,
  heroWidthsFor,
} from '@shared/branding.contract';
import { ValidationError } from '../../lib/errors';
import { LOGO_MAX_INPUT_PIXELS, looksLikeSvg } from './logo-image';

/** Raster formats sharp reports that a hero photo may come in (AVIF reports as 'heif'). */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

export interface ProcessedHero {
  /** WebP files, one per width of heroWidthsFor(the upload's width), narrowest first. */
  files: { width: number; data: Buffer }[];
  /** What the upload really was, by content. */
  sourceFormat: string;
}

function invalidType(): never {
  throw new ValidationError(HERO_MESSAGES.invalidType);
}

function isPixelLimit(error: unknown): boolean {
  return /pixel limit/i.test(String((error as Error)?.message ?? ''));
}

/**
 * Checks an uploaded hero image by its content and re-encodes it, as the logo is (logo-image.ts):
 * whatever came in (JPEG, PNG, WebP, AVIF, GIF's first frame; never SVG) leaves as WebP with its
 * metadata stripped, turned upright, a picture taller than 4:3 cropped around its centre, at each
 * width of heroWidthsFor (never enlarged). Throws ValidationError with HERO_MESSAGES for anything
 * else: not an image, a bomb past LOGO_MAX_INPUT_PIXELS, narrower than HERO_MIN_WIDTH.
 */
export async function processHero(input: Buffer): Promise<ProcessedHero> {
  if (input.length === 0 || looksLikeSvg(input)) invalidType();
  const options: SharpOptions = { limitInputPixels: LOGO_MAX_INPUT_PIXELS, failOn: 'error' };
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch (error) {
    if (isPixelLimit(error)) throw new ValidationError(HERO_MESSAGES.tooManyPixels);
    invalidType();
  }
  const format = meta.format ?? '';
  if (!PHOTO_FORMATS.has(format) || !meta.width || !meta.height) invalidType();
  if (meta.width * meta.height > LOGO_MAX_INPUT_PIXELS)
    throw new ValidationError(HERO_MESSAGES.tooManyPixels);
  // The picture as it is seen: EXIF orientations 5-8 swap width and height.
  const { width, height } = meta.autoOrient;
  if (width < HERO_MIN_WIDTH) throw new ValidationError(HERO_MESSAGES.tooSmall);
  const cropHeight = Math.min(height, Math.round(width * HERO_MAX_ASPECT));
  const widths = heroWidthsFor(width);

  try {
    // Decoded once, upright and cropped, at the largest stored width; the smaller ones from it.
    const largest = await sharp(input, { ...options, autoOrient: true })
      .extract({ left: 0, top: Math.floor((height - cropHeight) / 2), width, height: cropHeight })
      .resize({ width: widths[widths.length - 1], withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = {
      raw: {
        width: largest.info.width,
        height: largest.info.height,
        channels: largest.info.channels,
      },
    };
    const files = await Promise.all(
      widths.map(async (w) => ({
        width: w,
        data: await sharp(largest.data, raw)
          .resize({ width: w })
          .webp({ quality: 72, effort: 4 })
          .toBuffer(),
      })),
    );
    return { files, sourceFormat: format };
  } catch (error) {
    if (isPixelLimit(error)) throw new ValidationError(HERO_MESSAGES.tooManyPixels);
    invalidType();
  }
}
