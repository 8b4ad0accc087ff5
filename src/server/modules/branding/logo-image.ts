import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { LOGO_ICON_SIZE, LOGO_MESSAGES, LOGO_SIZE } from '@shared/branding.contract';
import { ValidationError } from '../../lib/errors';

/** Raster formats sharp reports that a logo may come in (AVIF reports as 'heif'). */
const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/** A decompression bomb guard: more pixels than this is refused before decoding. */
export const LOGO_MAX_INPUT_PIXELS = 40_000_000;
export const LOGO_TOO_MANY_PIXELS =
  'This image is too large. Please select an image under 40 megapixels.';

/**
 * Parts of an SVG that could run code, embed other documents or reach outside the file. Any of
 * them and the SVG is refused (it is never served as SVG anyway: it is rasterised, see
 * docs/decisions). Same-document references ('#id') and embedded raster images (data:image/png,
 * jpeg, gif, webp) are fine.
 */
const SVG_DANGERS: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: 'script', pattern: /<\s*(?:[\w-]+:)?script\b/i },
  { what: 'foreignObject', pattern: /<\s*(?:[\w-]+:)?foreignObject\b/i },
  { what: 'embedded document', pattern: /<\s*(?:[\w-]+:)?(?:iframe|embed|object|audio|video)\b/i },
  { what: 'event handler', pattern: /[\s"'/]on[a-z]+\s*=/i },
  { what: 'javascript: URL', pattern: /javascript\s*:/i },
  { what: 'entity or doctype', pattern: /<!\s*(?:ENTITY|DOCTYPE)/i },
  { what: 'XInclude', pattern: /xi:include|XInclude/i },
  { what: 'stylesheet import', pattern: /@import/i },
  {
    what: 'external reference',
    // (?!\s): the spaces are taken whole, so a long run of them is scanned once, not per split.
    pattern: /(?:href|src)\s*=\s*(?!\s)(?!["']?\s*(?:#|data:image\/(?:png|jpe?g|gif|webp)[;,]))/i,
  },
  {
    what: 'external url()',
    pattern: /url\(\s*(?!\s)(?!["']?\s*(?:#|data:image\/(?:png|jpe?g|gif|webp)[;,]))/i,
  },
  { what: 'processing instruction', pattern: /<\?(?!xml\s)/i },
];

/** True when the bytes are text that holds an SVG element (whatever the name or the declared type). */
export function looksLikeSvg(input: Buffer): boolean {
  // Binary images start with a magic number well before any '<svg'; text has no NUL bytes.
  if (input.includes(0)) return false;
  return /<\s*(?:[\w-]+:)?svg[\s>/]/i.test(input.toString('utf8'));
}

/** The dangers found in an SVG's text (empty when it is a plain drawing). */
export function svgDangers(text: string): string[] {
  return SVG_DANGERS.filter((d) => d.pattern.test(text)).map((d) => d.what);
}

export interface ProcessedLogo {
  /** PNG, the largest side at most LOGO_SIZE, never enlarged. */
  logo: Buffer;
  /** PNG, LOGO_ICON_SIZE square, the logo centred on transparency. */
  icon: Buffer;
  /** What the upload really was, by content. */
  sourceFormat: string;
  width: number;
  height: number;
}

function invalidType(): never {
  throw new ValidationError(LOGO_MESSAGES.invalidTypeDescription);
}

function isPixelLimit(error: unknown): boolean {
  return /pixel limit/i.test(String((error as Error)?.message ?? ''));
}

/**
 * Checks an uploaded logo by its content and re-encodes it: whatever came in (PNG, JPEG, WebP,
 * GIF, AVIF, TIFF, or an SVG without scripts, embedded documents or external references) leaves
 * as a plain PNG raster, metadata stripped, at two sizes. Throws ValidationError with the product's
 * messages for anything that is not such an image.
 */
export async function processLogo(input: Buffer): Promise<ProcessedLogo> {
  if (input.length === 0) invalidType();
  const svg = looksLikeSvg(input);
  if (svg && svgDangers(input.toString('utf8')).length > 0) {
    throw new ValidationError(LOGO_MESSAGES.unsafeSvg);
  }

  const options: SharpOptions = { limitInputPixels: LOGO_MAX_INPUT_PIXELS, failOn: 'error' };
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch (error) {
    if (isPixelLimit(error)) throw new ValidationError(LOGO_TOO_MANY_PIXELS);
    invalidType();
  }
  const format = meta.format ?? '';
  // An SVG must be what the text check saw, and a raster must not be text holding an SVG.
  if (format === 'svg' ? !svg : !RASTER_FORMATS.has(format) || svg) invalidType();
  if (!meta.width || !meta.height) invalidType();
  if (meta.width * meta.height > LOGO_MAX_INPUT_PIXELS)
    throw new ValidationError(LOGO_TOO_MANY_PIXELS);

  // An SVG is drawn at a density that makes its largest side about LOGO_SIZE: crisp, never huge.
  const source =
    format === 'svg'
      ? {
          ...options,
          density: Math.min(
            2400,
            Math.max(1, (72 * LOGO_SIZE) / Math.max(meta.width, meta.height)),
          ),
        }
      : options;

  try {
    const base = () => sharp(input, source).rotate();
    const logo = await base()
      .resize(LOGO_SIZE, LOGO_SIZE, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9, adaptiveFiltering: true })
      .toBuffer({ resolveWithObject: true });
    const icon = await base()
      .resize(LOGO_ICON_SIZE, LOGO_ICON_SIZE, {
        fit: 'contain',
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      })
      .png({ compressionLevel: 9 })
      .toBuffer();
    return {
      logo: logo.data,
      icon,
      sourceFormat: format,
      width: logo.info.width,
      height: logo.info.height,
    };
  } catch (error) {
    if (isPixelLimit(error)) throw new ValidationError(LOGO_TOO_MANY_PIXELS);
    invalidType();
  }
}
