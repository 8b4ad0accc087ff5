import { describe, expect, it } from 'vitest';
import { sniffVideo } from './video-sniff';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );

// The server's own cases run over Buffers in src/server/storage/content-type.test.ts; these are the
// browser's: plain byte arrays, as File.slice().arrayBuffer() gives them.
describe('sniffVideo on a plain byte array (the browser’s check of a chosen file)', () => {
  it('knows the containers by their first bytes', () => {
    expect(sniffVideo(bytes([0, 0, 0, 24], 'ftypisom', [0, 0, 0, 0]))).toBe('video/mp4');
    expect(sniffVideo(bytes([0, 0, 0, 20], 'ftypqt  ', [0, 0, 0, 0]))).toBe('video/quicktime');
    expect(sniffVideo(bytes([0, 0, 0, 8], 'wide', [0, 0, 0, 8], 'mdat'))).toBe('video/quicktime');
    expect(sniffVideo(bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'))).toBe('video/x-msvideo');
    expect(sniffVideo(bytes([0x1a, 0x45, 0xdf, 0xa3], 'B\x82\x84webm'))).toBe('video/webm');
  });

  it('refuses a renamed text file, a manifest and an empty file', () => {
    expect(sniffVideo(bytes('These are class notes, not a video.'))).toBeNull();
    expect(sniffVideo(bytes('#EXTM3U\n#EXT-X-VERSION:3\n'))).toBeNull();
    expect(sniffVideo(new Uint8Array())).toBeNull();
    expect(sniffVideo(bytes([0x1a, 0x45, 0xdf, 0xa3], 'B\x82\x88matroska'))).toBeNull();
  });
});
