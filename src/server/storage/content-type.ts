/** How many leading bytes the sniffers need. */
export const SNIFF_BYTES = 4096;

export type VideoType = 'video/mp4' | 'video/quicktime' | 'video/webm' | 'video/x-msvideo';
export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/svg+xml';

const ascii = (buf: Buffer, start: number, end: number) => buf.toString('latin1', start, end);

/** Atoms a QuickTime file may open with before the movie: padding and the preview picture. */
const QUICKTIME_LEADING_ATOMS = new Set(['wide', 'free', 'skip', 'pnot', 'PICT']);
/** Atoms that are the movie itself (its header, its data, or the file type of an MP4-style file). */
const QUICKTIME_MOVIE_ATOMS = new Set(['moov', 'mdat', 'ftyp']);

/**
 * A QuickTime file that does not start with 'ftyp': its leading atoms are walked by their sizes,
 * and the first that is not padding or preview must be the movie, within the bytes at hand. A text
 * file whose first four bytes read as a size and the next four as 'skip' (a manifest starting
 * `<!--skip-->`) never gets there: its "size" points far past the sniffed bytes.
 */
function isQuickTime(buf: Buffer): boolean {
  let at = 0;
  while (at + 8 <= buf.length) {
    const size = buf.readUInt32BE(at);
    const atom = ascii(buf, at + 4, at + 8);
    // Size 1: a 64-bit size follows (large media data).
    if (QUICKTIME_MOVIE_ATOMS.has(atom)) return size >= 8 || (size === 1 && atom === 'mdat');
    if (!QUICKTIME_LEADING_ATOMS.has(atom) || size < 8) return false;
    at += size;
  }
  return false;
}

/**
 * The video container by its magic bytes (product.md §9 formats: MP4, MOV, AVI, WebM), or null. A renamed
 * text file or a Matroska file that is not WebM is not a video here; ffprobe looks deeper at ingest.
 */
export function sniffVideo(buf: Buffer): VideoType | null {
  if (buf.length >= 12) {
    const box = ascii(buf, 4, 8);
    if (box === 'ftyp') {
      const brand = ascii(buf, 8, 12);
      return brand === 'qt  ' ? 'video/quicktime' : 'video/mp4';
    }
    if (isQuickTime(buf)) return 'video/quicktime';
    if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'AVI ') return 'video/x-msvideo';
  }
  if (buf.length >= 4 && buf.readUInt32BE(0) === 0x1a45dfa3) {
    // EBML: WebM names its DocType 'webm' in the header.
    return ascii(buf, 0, Math.min(buf.length, 64)).includes('webm') ? 'video/webm' : null;
  }
  return null;
}

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
