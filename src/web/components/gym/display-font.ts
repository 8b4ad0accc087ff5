import { useLayoutEffect } from 'react';
import bebasLatin from '@fontsource/bebas-neue/files/bebas-neue-latin-400-normal.woff2?url';
import bebasLatinExt from '@fontsource/bebas-neue/files/bebas-neue-latin-ext-400-normal.woff2?url';
import montserratLatin from '@fontsource/montserrat/files/montserrat-latin-700-normal.woff2?url';
import montserratLatinExt from '@fontsource/montserrat/files/montserrat-latin-ext-700-normal.woff2?url';
import oswaldLatin from '@fontsource/oswald/files/oswald-latin-700-normal.woff2?url';
import oswaldLatinExt from '@fontsource/oswald/files/oswald-latin-ext-700-normal.woff2?url';
import playfairLatin from '@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2?url';
import playfairLatinExt from '@fontsource/playfair-display/files/playfair-display-latin-ext-700-normal.woff2?url';
import slabLatin from '@fontsource/roboto-slab/files/roboto-slab-latin-700-normal.woff2?url';
import slabLatinExt from '@fontsource/roboto-slab/files/roboto-slab-latin-ext-700-normal.woff2?url';
import { displayFontOf, type DisplayFontId } from '@shared/display-fonts';

/**
 * The display fonts' files, served by Cadence from the build (hashed names, cached for good): one
 * weight each (the bold cut; Bebas Neue has only one), latin and latin-ext. Nothing is fetched until
 * a heading is drawn in the font, and then only the subset its letters need (unicode-range).
 */
const FILES: Record<DisplayFontId, { latin: string; latinExt: string }> = {
  oswald: { latin: oswaldLatin, latinExt: oswaldLatinExt },
  'bebas-neue': { latin: bebasLatin, latinExt: bebasLatinExt },
  montserrat: { latin: montserratLatin, latinExt: montserratLatinExt },
  'playfair-display': { latin: playfairLatin, latinExt: playfairLatinExt },
  'roboto-slab': { latin: slabLatin, latinExt: slabLatinExt },
};

const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const LATIN_EXT =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';

/** The family name Cadence registers a font under (never a local font of the same name). */
const familyOf = (id: DisplayFontId) => `Cadence ${displayFontOf(id)!.name}`;

/** The CSS font-family for a chosen font: Cadence's copy, then fallbacks of the same kind. */
export function displayFontFamily(id: DisplayFontId): string {
  return `'${familyOf(id)}', ${displayFontOf(id)!.fallback}`;
}

const registered = new Set<DisplayFontId>();

/**
 * Declares the font's faces once per page (a <style> with two @font-face rules); the browser
 * downloads a file only when text drawn in the font needs it. One cut stands for every weight the
 * headings use, so nothing is drawn in a synthesized bold.
 */
function register(id: DisplayFontId): void {
  if (registered.has(id)) return;
  registered.add(id);
  const { latin, latinExt } = FILES[id];
  const face = (url: string, range: string) =>
    `@font-face{font-family:'${familyOf(id)}';font-style:normal;font-weight:100 900;font-display:swap;src:url(${url}) format('woff2');unicode-range:${range}}`;
  const style = document.createElement('style');
  style.dataset.displayFont = id;
  style.textContent = face(latinExt, LATIN_EXT) + face(latin, LATIN);
  document.head.append(style);
}

/** Registers the fonts before the first paint that uses them. */
export function useDisplayFonts(ids: readonly (DisplayFontId | null)[]): void {
  const key = ids.join(',');
  useLayoutEffect(() => {
    for (const id of key.split(',')) {
      const font = displayFontOf(id);
      if (font) register(font.id);
    }
  }, [key]);
}
