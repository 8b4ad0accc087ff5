export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/svg+xml';

const ascii = (buf: Buffer, start: number, end: number) => buf.toString('latin1', start, end);

/** The image format by its magic bytes (PNG, JPEG, GIF, WebP, SVG), or null. */
export function sniffImage(buf: Buffer): ImageType | null {
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(ascii(buf, 0, 6))) return 'image/gif';
  if (buf.length >= 12 && ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP')
    return 'image/webp';
  return startsWithSvg(buf.toString('utf8')) ? 'image/svg+xml' : null;
}

const isSpace = (c: string | undefined) => c !== undefined && c.trim() === '' && c !== '';

/** `text` at `at` starts with `word`, case-insensitively. */
const startsAt = (text: string, at: number, word: string) =>
  text.slice(at, at + word.length).toLowerCase() === word;

/**
 * An SVG document: an optional BOM and XML declaration, comments, an optional SVG doctype, then the
 * <svg> element. One forward scan (each step finds the next '>' or '-->' past the last), so the
 * time grows with the length alone, whatever the bytes: a regular expression with a repeated
 * comment group backtracked exponentially on a run of comments.
 */
function startsWithSvg(text: string): boolean {
  let at = text.startsWith('\uFEFF') ? 1 : 0;
  const skipSpace = () => {
    while (isSpace(text[at])) at += 1;
  };
  /** Moves past the next `end` (false when there is none). */
  const skipPast = (end: string, from: number) => {
    const found = text.indexOf(end, from);
    if (found < 0) return false;
    at = found + end.length;
    skipSpace();
    return true;
  };
  skipSpace();
  if (startsAt(text, at, '<?xml') && !skipPast('>', at)) return false;
  while (startsAt(text, at, '<!--')) {
    if (!skipPast('-->', at + 4)) return false;
  }
  if (startsAt(text, at, '<!doctype svg') && !skipPast('>', at)) return false;
  return startsAt(text, at, '<svg') && (text[at + 4] === '>' || isSpace(text[at + 4]));
}
