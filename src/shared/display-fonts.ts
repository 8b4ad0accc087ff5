/**
 * The display fonts an Elite Studio gym may choose for its public page's headings (issue #18, Full
 * customization). Zod-free: the public page's own build imports it (docs/decisions/0017). Each font
 * is served by Cadence itself (a pinned @fontsource package's woff2, one weight, latin and
 * latin-ext: `src/web/components/gym/display-font.ts`), never from a third party.
 */
export const DISPLAY_FONTS = [
  { id: 'oswald', name: 'Oswald', fallback: "'Arial Narrow', sans-serif" },
  { id: 'bebas-neue', name: 'Bebas Neue', fallback: "Impact, 'Arial Narrow', sans-serif" },
  { id: 'montserrat', name: 'Montserrat', fallback: 'Arial, sans-serif' },
  { id: 'playfair-display', name: 'Playfair Display', fallback: 'Georgia, serif' },
  { id: 'roboto-slab', name: 'Roboto Slab', fallback: 'Rockwell, Georgia, serif' },
] as const;

export type DisplayFont = (typeof DISPLAY_FONTS)[number];
export type DisplayFontId = DisplayFont['id'];

export const DISPLAY_FONT_IDS = DISPLAY_FONTS.map((f) => f.id) as [
  DisplayFontId,
  ...DisplayFontId[],
];

/** The font with this id, or null (none chosen, or an id no longer offered). */
export function displayFontOf(id: string | null | undefined): DisplayFont | null {
  return DISPLAY_FONTS.find((f) => f.id === id) ?? null;
}
