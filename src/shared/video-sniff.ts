/**
 * A video's container by its first bytes: the same check on the server (decision 0010: the stored file
 * is a video by its first bytes, not its name) and in the browser (a file that is not a video is
 * refused when it is chosen, before any of it is sent). Works on any byte array (a Node Buffer too).
 */

/** How many leading bytes the sniffers need. */
export const SNIFF_BYTES = 4096;

export type VideoType = 'video/mp4' | 'video/quicktime' | 'video/webm' | 'video/x-msvideo';

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));

const uint32 = (bytes: Uint8Array, at: number) =>
  ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;

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
function isQuickTime(bytes: Uint8Array): boolean {
  let at = 0;
  while (at + 8 <= bytes.length) {
    const size = uint32(bytes, at);
    const atom = ascii(bytes, at + 4, at + 8);
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
export function sniffVideo(bytes: Uint8Array): VideoType | null {
  if (bytes.length >= 12) {
    const box = ascii(bytes, 4, 8);
    if (box === 'ftyp') {
      const brand = ascii(bytes, 8, 12);
      return brand === 'qt  ' ? 'video/quicktime' : 'video/mp4';
    }
    if (isQuickTime(bytes)) return 'video/quicktime';
    if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'AVI ') return 'video/x-msvideo';
  }
  if (bytes.length >= 4 && uint32(bytes, 0) === 0x1a45dfa3) {
    // EBML: WebM names its DocType 'webm' in the header.
    return ascii(bytes, 0, 64).includes('webm') ? 'video/webm' : null;
  }
  return null;
}
