import { describe, expect, it } from 'vitest';
import {
  buildGrowingPreviewArgs,
  buildPreviewArgs,
  buildStillsArgs,
  fitShortSide,
  previewMode,
  stillTime,
} from './preview-args';
import type { MediaInfo } from './probe-args';

const info = (
  over: Partial<MediaInfo['video']> = {},
  audio: MediaInfo['audio'] = { codec: 'aac', channels: 2, sampleRate: 48000, bitRate: null },
): MediaInfo => ({
  demuxer: 'mov',
  durationSeconds: 120,
  formatName: 'mov,mp4',
  comment: null,
  bitRate: 2_000_000,
  video: {
    codec: 'h264',
    profile: 'High',
    pixFmt: 'yuv420p',
    width: 1920,
    height: 1080,
    rotation: 0,
    fps: 30,
    frames: null,
    bitRate: null,
    ...over,
  },
  audio,
});

const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('previewMode', () => {
  it('remuxes 8-bit 4:2:0 H.264 and transcodes everything else', () => {
    expect(previewMode(info())).toBe('remux');
    expect(previewMode(info({ codec: 'hevc' }))).toBe('transcode');
    expect(previewMode(info({ pixFmt: 'yuv420p10le', profile: 'High 10' }))).toBe('transcode');
    expect(previewMode(info({ pixFmt: 'yuv422p', profile: 'High 4:2:2' }))).toBe('transcode');
  });
});

describe('buildPreviewArgs', () => {
  it('remux: copies video and AAC audio into an MP4 with the index first', () => {
    const args = buildPreviewArgs('/in.mov', '/out.mp4', info());
    expect(after(args, '-c:v')).toBe('copy');
    expect(after(args, '-c:a')).toBe('copy');
    expect(after(args, '-movflags')).toBe('+faststart');
    expect(args.at(-1)).toBe('/out.mp4');
    expect(args).not.toContain('libx264');
  });

  it('remux with PCM sound: copies the video, encodes the sound to AAC', () => {
    const args = buildPreviewArgs(
      '/in.mov',
      '/out.mp4',
      info({}, { codec: 'pcm_s16le', channels: 2, sampleRate: 48000, bitRate: null }),
    );
    expect(after(args, '-c:v')).toBe('copy');
    expect(after(args, '-c:a')).toBe('aac');
  });

  it('maps no audio when there is none', () => {
    const args = buildPreviewArgs('/in.mp4', '/out.mp4', info({}, null));
    expect(args).not.toContain('0:a:0');
  });
});

describe('buildGrowingPreviewArgs', () => {
  it('low-resolution H.264 ultrafast, never upscaled, as an HLS EVENT playlist of 4 s TS segments', () => {
    const args = buildGrowingPreviewArgs(
      '/in.avi',
      info({ codec: 'mpeg4', width: 1280, height: 720 }),
    );
    expect(after(args, '-c:v')).toBe('libx264');
    expect(after(args, '-preset')).toBe('ultrafast');
    expect(after(args, '-vf')).toBe('scale=854:480,format=yuv420p');
    expect(after(args, '-c:a')).toBe('aac');
    // A keyframe every 4 s (30 fps): every segment starts with one and plays on its own.
    expect(after(args, '-g')).toBe('120');
    expect(after(args, '-force_key_frames')).toBe('expr:gte(t,n_forced*4)');
    expect(after(args, '-hls_playlist_type')).toBe('event');
    expect(after(args, '-hls_list_size')).toBe('0');
    // Segments are written as .tmp and renamed when complete, before the playlist lists them.
    expect(after(args, '-hls_flags')).toContain('temp_file');
    expect(after(args, '-hls_segment_filename')).toBe('seg_%05d.ts');
    expect(args.at(-1)).toBe('index.m3u8');
    const small = buildGrowingPreviewArgs(
      '/in.avi',
      info({ codec: 'mpeg4', width: 320, height: 240 }, null),
    );
    expect(after(small, '-vf')).toBe('scale=320:240,format=yuv420p');
    expect(small).not.toContain('0:a:0');
  });
});

describe('fitShortSide', () => {
  it('scales by the short side (portrait too), keeping even sizes', () => {
    expect(fitShortSide(1920, 1080, 480)).toEqual({ width: 854, height: 480 });
    expect(fitShortSide(1080, 1920, 480)).toEqual({ width: 480, height: 854 });
    expect(fitShortSide(300, 200, 480)).toEqual({ width: 300, height: 200 });
  });
});

describe('buildStillsArgs', () => {
  it('seeks a tenth in (at most 5 s) and writes thumbnail and poster from one decode', () => {
    expect(stillTime(20)).toBe(2);
    expect(stillTime(600)).toBe(5);
    const args = buildStillsArgs('/in.mp4', info(), { thumbnail: '/t.jpg', poster: '/p.jpg' });
    expect(after(args, '-ss')).toBe('5');
    expect(after(args, '-filter_complex')).toBe(
      '[0:v]thumbnail=25,split=2[t][p];[t]scale=480:-2[to];[p]scale=1280:-2[po]',
    );
    expect(args.filter((a) => a === '-frames:v')).toHaveLength(2);
    expect(args).toContain('/t.jpg');
    expect(args.at(-1)).toBe('/p.jpg');
  });

  it('asks the thumbnail filter for at least 2 frames (it refuses 1): a slideshow at 1 fps', () => {
    const slideshow = info({ fps: 1 });
    const args = buildStillsArgs('/in.mp4', slideshow, { thumbnail: '/t.jpg', poster: '/p.jpg' });
    expect(after(args, '-filter_complex')).toMatch(/^\[0:v\]thumbnail=2,/);
  });
});
