import { describe, expect, it } from 'vitest';
import { previewStates } from '@shared/videos.contract';
import {
  mayReplace,
  nextPreviewState,
  parseMediaPlaylist,
  previewPlaylist,
  type PreviewEvent,
} from './growing-preview';

describe('the growing preview state machine', () => {
  it('goes none -> growing -> ended, publishing at each step', () => {
    expect(nextPreviewState('none', 'segment')).toEqual({ state: 'growing', publish: true });
    expect(nextPreviewState('growing', 'segment')).toEqual({ state: 'growing', publish: true });
    expect(nextPreviewState('growing', 'end')).toEqual({ state: 'ended', publish: true });
    // A preview short enough to be whole at its first look (and a remux) ends at once.
    expect(nextPreviewState('none', 'end')).toEqual({ state: 'ended', publish: true });
  });

  it('fails from none or growing, publishing nothing (the playlist never claims an end)', () => {
    expect(nextPreviewState('none', 'fail')).toEqual({ state: 'failed', publish: false });
    expect(nextPreviewState('growing', 'fail')).toEqual({ state: 'failed', publish: false });
    expect(nextPreviewState('failed', 'fail')).toEqual({ state: 'failed', publish: false });
  });

  it('a retry after a failure grows again; an ended preview never goes back to growing', () => {
    expect(nextPreviewState('failed', 'segment')).toEqual({ state: 'growing', publish: true });
    expect(nextPreviewState('ended', 'segment')).toEqual({ state: 'ended', publish: false });
    expect(nextPreviewState('ended', 'fail')).toEqual({ state: 'ended', publish: false });
    expect(nextPreviewState('ended', 'end')).toEqual({ state: 'ended', publish: true });
  });

  it('answers every state and event with a known state', () => {
    const events: PreviewEvent[] = ['segment', 'end', 'fail'];
    for (const state of previewStates) {
      for (const event of events) {
        expect(previewStates).toContain(nextPreviewState(state, event).state);
      }
    }
  });
});

describe('mayReplace', () => {
  it('lets the playlist only grow, and never reopens an ended one', () => {
    expect(mayReplace(null, { segments: 1, ended: false })).toBe(true);
    expect(mayReplace({ segments: 3, ended: false }, { segments: 4, ended: false })).toBe(true);
    expect(mayReplace({ segments: 3, ended: false }, { segments: 3, ended: false })).toBe(true);
    // A resumed run starts from the first segment: it waits until it has caught up.
    expect(mayReplace({ segments: 10, ended: false }, { segments: 2, ended: false })).toBe(false);
    expect(mayReplace({ segments: 10, ended: true }, { segments: 10, ended: false })).toBe(false);
    expect(mayReplace({ segments: 10, ended: true }, { segments: 10, ended: true })).toBe(true);
  });
});

describe('playlists', () => {
  const ffmpegPlaylist = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:4',
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    '#EXTINF:4.000000,',
    'seg_00000.ts',
    '#EXTINF:4.000000,',
    'seg_00001.ts',
    '#EXTINF:2.500000,',
    'seg_000',
  ].join('\n');

  it('reads only complete, well-named entries (a line cut mid-write is not a segment)', () => {
    expect(parseMediaPlaylist(ffmpegPlaylist)).toEqual({
      segments: [
        { name: 'seg_00000.ts', duration: 4 },
        { name: 'seg_00001.ts', duration: 4 },
      ],
      ended: false,
    });
    const hostile =
      '#EXTINF:4,\n../../etc/passwd\n#EXTINF:-1,\nseg_00002.ts\n#EXTINF:4,\nhttp://x/seg_00003.ts';
    expect(parseMediaPlaylist(hostile).segments).toEqual([]);
  });

  it('writes an EVENT playlist that ends only when told', () => {
    const segments = [
      { name: 'seg_00000.ts', duration: 4 },
      { name: 'seg_00001.ts', duration: 4.2 },
    ];
    const growing = previewPlaylist(segments, false);
    expect(growing).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(growing).toContain('#EXT-X-TARGETDURATION:5');
    expect(growing).not.toContain('#EXT-X-ENDLIST');
    const ended = previewPlaylist(segments, true);
    expect(ended.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(parseMediaPlaylist(ended)).toEqual({ segments, ended: true });
  });
});
