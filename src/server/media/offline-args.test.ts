import { describe, expect, it } from 'vitest';
import { buildOfflineArgs, offlineRungOf, rungFilesOf } from './offline-args';

const master = (...variants: Array<[resolution: string, uri: string]>) =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    ...variants.flatMap(([resolution, uri]) => [
      `#EXT-X-STREAM-INF:BANDWIDTH=1000000,RESOLUTION=${resolution},CODECS="avc1.64001f,mp4a.40.2"`,
      uri,
    ]),
    '',
  ].join('\n');

const rung = (lines: string[]) =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-TARGETDURATION:4',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    ...lines,
  ].join('\n');

describe('offlineRungOf: the rung the offline file is remuxed from', () => {
  it('the tallest up to 720p by the short side, whatever the order', () => {
    const full = master(
      ['3840x2160', 'v2160p/index.m3u8'],
      ['1920x1080', 'v1080p/index.m3u8'],
      ['1280x720', 'v720p/index.m3u8'],
      ['854x480', 'v480p/index.m3u8'],
    );
    expect(offlineRungOf(full)).toBe('v720p/index.m3u8');
    expect(
      offlineRungOf(master(['640x360', 'v360p/index.m3u8'], ['854x480', 'v480p/index.m3u8'])),
    ).toBe('v480p/index.m3u8');
    // Portrait: 720x1280 is 720p.
    expect(
      offlineRungOf(master(['1080x1920', 'v1080p/index.m3u8'], ['720x1280', 'v720p/index.m3u8'])),
    ).toBe('v720p/index.m3u8');
    // A source below the ladder's lowest step: its one rung.
    expect(offlineRungOf(master(['320x240', 'v240p/index.m3u8']))).toBe('v240p/index.m3u8');
  });

  it('none when every rung is taller, or a variant is not one of ours', () => {
    expect(offlineRungOf(master(['1920x1080', 'v1080p/index.m3u8']))).toBeNull();
    expect(offlineRungOf(master(['1280x720', '../../other/index.m3u8']))).toBeNull();
    expect(offlineRungOf(master(['1280x720', 'https://example.com/v720p/index.m3u8']))).toBeNull();
    expect(offlineRungOf(master(['wide', 'v720p/index.m3u8']))).toBeNull();
    expect(offlineRungOf('')).toBeNull();
  });
});

describe('rungFilesOf: what a rung playlist names', () => {
  it('its init and media segments in order', () => {
    const playlist = rung([
      '#EXT-X-MAP:URI="init_0.mp4"',
      '#EXTINF:4.000000,',
      'seg_0000.m4s',
      '#EXTINF:4.000000,',
      'seg_0001.m4s',
      '#EXTINF:1.500000,',
      'seg_0002.m4s',
      '#EXT-X-ENDLIST',
    ]);
    expect(rungFilesOf(playlist)).toEqual({
      init: 'init_0.mp4',
      segments: ['seg_0000.m4s', 'seg_0001.m4s', 'seg_0002.m4s'],
    });
    expect(rungFilesOf(playlist.replace(/\n/g, '\r\n'))?.segments).toHaveLength(3);
  });

  it('nothing for a playlist that is unfinished, has no init or segment, or names other files', () => {
    const ok = ['#EXT-X-MAP:URI="init.mp4"', '#EXTINF:4,', 'seg_0000.m4s', '#EXT-X-ENDLIST'];
    expect(rungFilesOf(rung(ok))).not.toBeNull();
    expect(rungFilesOf(rung(ok.filter((l) => l !== '#EXT-X-ENDLIST')))).toBeNull();
    expect(rungFilesOf(rung(ok.filter((l) => !l.startsWith('#EXT-X-MAP'))))).toBeNull();
    expect(rungFilesOf(rung(ok.filter((l) => !l.startsWith('seg'))))).toBeNull();
    for (const name of ['../seg_0000.m4s', '/etc/passwd', 'seg_0000.ts', 'http://x/seg_0001.m4s']) {
      expect(rungFilesOf(rung(ok.map((l) => (l.startsWith('seg') ? name : l))))).toBeNull();
    }
    for (const map of [
      '#EXT-X-MAP:URI="../init.mp4"',
      '#EXT-X-MAP:URI="init.mp4",BYTERANGE="1@0"',
    ]) {
      expect(rungFilesOf(rung(ok.map((l) => (l.startsWith('#EXT-X-MAP') ? map : l))))).toBeNull();
    }
    expect(rungFilesOf(rung(['#EXT-X-MAP:URI="init.mp4"', ...ok]))).toBeNull();
  });
});

describe('buildOfflineArgs', () => {
  it('reads one local MP4 with the MP4 demuxer alone and copies video and audio, index first', () => {
    const args = buildOfflineArgs('/work/joined.mp4', '/work/offline.mp4');
    const at = (flag: string) => args[args.indexOf(flag) + 1];
    expect(at('-f')).toBe('mov');
    expect(at('-format_whitelist')).toBe('mov');
    expect(at('-protocol_whitelist')).toBe('file');
    expect(at('-i')).toBe('/work/joined.mp4');
    expect(args.join(' ')).toContain('-map 0:v:0 -map 0:a:0? -c copy -movflags +faststart -f mp4');
    expect(args).not.toContain('libx264');
    expect(args.at(-1)).toBe('/work/offline.mp4');
  });
});
