/**
 * Colour maths for the gym's own colours (WCAG 2.x relative luminance and contrast ratio), shared
 * by the server (the branding answer flags unreadable pairs) and the web (the public page picks its
 * text colours, /customize warns while the owner types).
 */

/** A colour as the branding stores it: '#rrggbb'. */
export const HEX_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

export const WHITE = '#ffffff';
/** The dark text the public page prefers to pure black: softer, still readable on light colours. */
export const NEAR_BLACK = '#111111';
export const BLACK = '#000000';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** '#rrggbb' (any case) as 0-255 channels, or null for anything else. */
export function parseHex(hex: string): Rgb | null {
  if (!HEX_COLOR_PATTERN.test(hex)) return null;
  const n = Number.parseInt(hex.slice(1), 16);
  return { r: (n >> 16) & 0xff, g: (n >> 8) & 0xff, b: n & 0xff };
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance, 0 (black) to 1 (white). Throws on a value that is not '#rrggbb'. */
export function relativeLuminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) throw new Error(`not a #rrggbb colour: ${hex}`);
  return 0.2126 * channel(rgb.r) + 0.7152 * channel(rgb.g) + 0.0722 * channel(rgb.b);
}

/** The WCAG contrast ratio of two colours, 1 to 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  const [light, dark] = la >= lb ? [la, lb] : [lb, la];
  return (light + 0.05) / (dark + 0.05);
}

/** A ratio as people read it: 4.48 -> '4.4:1' (rounded down, so a shown 4.5:1 really passes). */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}

/**
 * The text colour to put on a background: white or near-black, whichever reads better; pure black
 * when neither reaches 4.5:1 (mid-tones), which always does, since white failing means the
 * background is light enough for black to pass.
 */
export function readableTextOn(background: string): string {
  const white = contrastRatio(WHITE, background);
  const nearBlack = contrastRatio(NEAR_BLACK, background);
  const best = white >= nearBlack ? WHITE : NEAR_BLACK;
  if (Math.max(white, nearBlack) >= MIN_TEXT_CONTRAST) return best;
  return BLACK;
}

export interface ContrastIssue {
  /** Which use of the colours reads badly. */
  kind: 'primary-on-secondary';
  ratio: number;
  message: string;
}

/**
 * The colours the public page paints with, all derived from the owner's two colours:
 * - `primary` fills buttons and badges, with `onPrimary` text;
 * - `secondary` fills the hero, with `onSecondary` text;
 * - `accentOnSecondary` is the colour of highlighted words in the hero: the primary colour when it
 *   reads on the secondary (at least 4.5:1), else the readable text colour (the correction).
 */
export interface BrandPalette {
  primary: string;
  secondary: string;
  onPrimary: string;
  onSecondary: string;
  accentOnSecondary: string;
  /** Contrast of the primary colour used as text on the secondary colour. */
  primaryOnSecondaryRatio: number;
  /** False when a pair had to be corrected; `issues` says which and why. */
  readable: boolean;
  issues: ContrastIssue[];
}

/** The palette for a colour pair, with the pairs that would be unreadable flagged and corrected. */
export function brandPalette(primary: string, secondary: string): BrandPalette {
  const p = primary.toLowerCase();
  const s = secondary.toLowerCase();
  const onPrimary = readableTextOn(p);
  const onSecondary = readableTextOn(s);
  const ratio = contrastRatio(p, s);
  const issues: ContrastIssue[] = [];
  if (ratio < MIN_TEXT_CONTRAST) {
    issues.push({
      kind: 'primary-on-secondary',
      ratio,
      message:
        `Your primary color is hard to read on your secondary color (${formatRatio(ratio)}, ` +
        `at least 4.5:1 is needed). The public page shows those words in ` +
        `${onSecondary === WHITE ? 'white' : 'dark text'} instead.`,
    });
  }
  return {
    primary: p,
    secondary: s,
    onPrimary,
    onSecondary,
    accentOnSecondary: ratio >= MIN_TEXT_CONTRAST ? p : onSecondary,
    primaryOnSecondaryRatio: ratio,
    readable: issues.length === 0,
    issues,
  };
}
