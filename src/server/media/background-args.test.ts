import { describe, expect, it } from 'vitest';
import { BACKGROUNDS, buildBackgroundArgs, chooseBackground } from './background-args';
import { hlsVersionOf, mediaKeys, mediaUrls, versionOf } from './media-paths';

const pick = (description: string | null) => chooseBackground(description);

describe('chooseBackground', () => {
  it('maps descriptions to scenes by their words', () => {
    expect(pick('A sunset over an open road')).toMatchObject({
      background: { label: 'Sunset road' },
      matched: 'sunset',
    });
    expect(pick('snowy mountains, alpine pass').background.label).toBe('Mountain pass');
    expect(pick('Neon city at night').background.label).toBe('Neon city');
    expect(pick('a professional studio').background.label).toBe('Studio');
  });

  it('plain colours when asked for, or when only a colour is named', () => {
    expect(pick('plain blue wall').background.label).toBe('Plain blue');
    expect(pick('Solid BLACK')).toMatchObject({
      background: { label: 'Plain black' },
      matched: 'black',
    });
    expect(pick('grey').background.label).toBe('Plain grey');
    // A scene wins over a colour that only describes it.
    expect(pick('orange sunset road').background.label).toBe('Sunset road');
  });

  it('falls back to the studio when nothing matches', () => {
    expect(pick('something nice')).toEqual({ background: BACKGROUNDS[0], matched: null });
    expect(pick(null).background.id).toBe('studio');
  });
});

describe('buildBackgroundArgs', () => {
  it('draws a scene with geq on a small canvas, scaled to the exact size, one JPEG frame', () => {
    const sunset = BACKGROUNDS.find((b) => b.id === 'sunset-road')!;
    const args = buildBackgroundArgs(sunset, { width: 1280, height: 720 }, '/bg.jpg');
    const canvas = args[args.indexOf('-i') + 1]!;
    expect(canvas).toMatch(
      /^color=c=black:s=640x360:d=1,format=rgb24,geq=r='.+':g='.+':b='.+',scale=1280:720:flags=bicubic,format=yuv420p$/,
    );
    expect(args.slice(-7, -1)).toEqual(['-frames:v', '1', '-q:v', '2', '-update', '1']);
    expect(args.at(-1)).toBe('/bg.jpg');
  });

  it('a plain colour is a colour source', () => {
    const blue = BACKGROUNDS.find((b) => b.id === 'plain-blue')!;
    expect(buildBackgroundArgs(blue, { width: 640, height: 360 }, '/b.jpg')).toContain(
      'color=c=0x1E40AF:s=640x360:d=1,format=yuv420p',
    );
  });
});

describe('media paths', () => {
  it('keys live under the video prefix; versions make new URLs', () => {
    const id = '0b9f3a56-0000-4000-8000-000000000001';
    expect(mediaKeys.enhanced(id, 'abc')).toBe(`videos/${id}/enhanced/abc.mp4`);
    expect(mediaKeys.hls(id, 'abc')).toBe(`videos/${id}/hls/abc/`);
    expect(mediaUrls.hls(id, 'abc')).toBe(`/media/videos/${id}/hls/abc/master.m3u8`);
    expect(mediaUrls.enhanced(id, 'abc')).toBe(`/media/videos/${id}/enhanced.mp4?v=abc`);
    expect(hlsVersionOf(mediaUrls.hls(id, 'abc'))).toBe('abc');
    expect(hlsVersionOf(null)).toBeNull();
    expect(versionOf('5f1c2a9e-1111-2222-3333-444455556666')).toBe('5f1c2a9e11112222');
  });
});
