/** How many leading bytes the sniffers need. */
export const SNIFF_BYTES = 4096;

export type VideoType = 'video/mp4' | 'video/quicktime' | 'video/webm' | 'video/x-msvideo';
export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/svg+xml';

const ascii = (buf: Buffer, start: number, end: number) => buf.toString('latin1', start, end);

/** QuickTime atoms a .mov may start with instead of 'ftyp'. */
const QUICKTIME_LEADING_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/**
 * The video container by its magic bytes (spec §9 formats: MP4, MOV, AVI, WebM), or null. A renamed
 * text file or a Matroska file that is not WebM is not a video here; ffprobe looks deeper at ingest.
 */
export function sniffVideo(buf: Buffer): VideoType | null {
  if (buf.length >= 12) {
    const box = ascii(buf, 4, 8);
    if (box === 'ftyp') {
      const brand = ascii(buf, 8, 12);
      return brand === 'qt  ' ? 'video/quicktime' : 'video/mp4';
    }
    if (QUICKTIME_LEADING_ATOMS.has(box) && buf.readUInt32BE(0) >= 8) return 'video/quicktime';
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
  const text = buf
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) {
    return 'image/svg+xml';
  }
  return null;
}
