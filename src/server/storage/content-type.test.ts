import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { FFMPEG, mediaFixtures } from '../test/media-fixtures';
import { sniffVideo } from '@shared/video-sniff';
import { sniffImage } from './content-type';

const run = promisify(execFile);
const made: Record<string, Buffer> = {};

/** Real files of each container, made by ffmpeg from the test clip. */
beforeAll(async () => {
  const { dir, clipPath, clip, logo } = await mediaFixtures();
  made.mp4 = clip;
  made.png = logo;
  for (const [ext, args] of [
    ['mov', ['-c', 'copy']],
    ['webm', ['-c:v', 'libvpx', '-b:v', '200k', '-an', '-t', '1']],
    ['avi', ['-c:v', 'mpeg4', '-an', '-t', '1']],
    ['mkv', ['-c', 'copy']],
    ['jpg', ['-frames:v', '1']],
    ['gif', ['-frames:v', '1']],
    ['webp', ['-frames:v', '1']],
  ] as const) {
    const out = path.join(dir, `sample.${ext}`);
    await run(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', '-i', clipPath, ...args, out]);
    made[ext] = await readFile(out);
  }
}, 120_000);

describe('sniffVideo', () => {
  it.each([
    ['mp4', 'video/mp4'],
    ['mov', 'video/quicktime'],
    ['webm', 'video/webm'],
    ['avi', 'video/x-msvideo'],
  ])('recognises a real .%s as %s', (ext, type) => {
    expect(sniffVideo(made[ext]!.subarray(0, 4096))).toBe(type);
  });

  it('refuses text, images, Matroska that is not WebM, and too few bytes', () => {
    expect(sniffVideo(Buffer.from('just some notes renamed to class.mp4'))).toBeNull();
    expect(sniffVideo(made.png!)).toBeNull();
    expect(sniffVideo(made.mkv!)).toBeNull();
    expect(sniffVideo(Buffer.alloc(0))).toBeNull();
    expect(sniffVideo(made.mp4!.subarray(0, 6))).toBeNull();
  });

  it('walks QuickTime leading atoms to the movie, and refuses text dressed as a skip or free atom', () => {
    const atom = (type: string, body = 0) => {
      const b = Buffer.alloc(8 + body);
      b.writeUInt32BE(8 + body, 0);
      b.write(type, 4, 'latin1');
      return b;
    };
    const mov = made.mov!.subarray(0, 4096);
    expect(sniffVideo(Buffer.concat([atom('wide'), atom('mdat', 16)]))).toBe('video/quicktime');
    expect(sniffVideo(Buffer.concat([atom('free', 32), atom('moov', 16)]))).toBe('video/quicktime');
    expect(sniffVideo(Buffer.concat([atom('skip', 8), mov]))).toBe('video/quicktime');
    // A DASH manifest starting '<!--skip-->': '<!--' read as a size points a gigabyte away.
    expect(
      sniffVideo(Buffer.from('<!--skip--><MPD xmlns="urn:mpeg:dash:schema:mpd:2011">')),
    ).toBeNull();
    expect(
      sniffVideo(Buffer.concat([atom('free', 4), Buffer.from('<MPD> and more text')])),
    ).toBeNull();
    // The movie past the sniffed bytes: not known to be a video.
    expect(sniffVideo(Buffer.concat([atom('free', 5000), mov]).subarray(0, 4096))).toBeNull();
    expect(sniffVideo(Buffer.concat([atom('pnot'), Buffer.from('text')]))).toBeNull();
  });
});

describe('sniffImage', () => {
  it.each([
    ['png', 'image/png'],
    ['jpg', 'image/jpeg'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
  ])('recognises a real .%s as %s', (ext, type) => {
    expect(sniffImage(made[ext]!.subarray(0, 4096))).toBe(type);
  });

  it('recognises SVG with or without a prolog, and refuses other text and video', () => {
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe(
      'image/svg+xml',
    );
    expect(
      sniffImage(
        Buffer.from(
          '\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg>\n<svg viewBox="0 0 1 1"/>',
        ),
      ),
    ).toBe('image/svg+xml');
    expect(sniffImage(Buffer.from('<!----><!-- a --> <svg>'))).toBe('image/svg+xml');
    expect(sniffImage(Buffer.from('<html><svg></svg></html>'))).toBeNull();
    expect(sniffImage(Buffer.from('<!-- never closed <svg>'))).toBeNull();
    expect(sniffImage(Buffer.from('<?xml version="1.0"'))).toBeNull();
    expect(sniffImage(Buffer.from('not an image'))).toBeNull();
    expect(sniffImage(made.mp4!.subarray(0, 4096))).toBeNull();
  });
});
