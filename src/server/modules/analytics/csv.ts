/**
 * CSV downloads of the analytics tables (RFC 4180): fields separated by commas, records by CRLF, a
 * field with a comma, a quote, CR or LF quoted with its quotes doubled. Titles are the owner's own
 * text, but a spreadsheet runs a cell that starts with = + - @ (or a tab or CR before one) as a
 * formula: such a text cell gets a leading apostrophe, which shows as text and runs nothing.
 */
export type CsvCell = string | number | null;

/** Excel reads a file as UTF-8 only when it starts with the byte order mark. */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field as written: numbers as they are, null empty, text defused and quoted when needed. */
export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: the byte order mark, the header, then one record per row, each ending in CRLF. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(','));
  return UTF8_BOM + lines.map((line) => `${line}\r\n`).join('');
}

/**
 * A download's file name from safe pieces only: lower-case letters, digits and single hyphens
 * (whatever a title held; accents dropped), at most 120 characters before `.csv`.
 */
export function csvFileName(parts: readonly string[]): string {
  const words = parts.flatMap((part) =>
    part
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );
  const name = words.join('-').slice(0, 120);
  // The cut may end on a hyphen (never two: the words are joined by one).
  const trimmed = name.endsWith('-') ? name.slice(0, -1) : name;
  return `${trimmed || 'cadence-analytics'}.csv`;
}
