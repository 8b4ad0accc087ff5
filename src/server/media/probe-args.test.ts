import { describe, expect, it } from 'vitest';
import {
  buildProbeArgs,
  parseProbe,
  parseRate,
  UnreadableMediaError,
  videoBitRate,
} from './probe-args';

const probe = (
  streams: object[],
  format: object = { format_name: 'mov,mp4', duration: '12.5', bit_rate: '900000' },
) => JSON.stringify({ streams, format });

const h264 = {
  codec_type: 'video',
  codec_name: 'h264',
  profile: 'High',
  pix_fmt: 'yuv420p',
  width: 1280,
  height: 720,
  avg_frame_rate: '30000/1001',
  bit_rate: '800000',
};
const aac = {
  codec_type: 'audio',
  codec_name: 'aac',
  channels: 2,
  sample_rate: '48000',
  bit_rate: '128000',
};

describe('buildProbeArgs', () => {
  it('asks ffprobe for JSON with the format and every stream, the file last, read with the named demuxer only', () => {
    expect(buildProbeArgs('/in/a.mov', 'mov')).toEqual([
      '-hide_banner',
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      '-f',
      'mov',
      '-format_whitelist',
      'mov',
      '-protocol_whitelist',
      'file',
      '-probesize',
      '20000000',
      '-analyzeduration',
      '20000000',
      '-i',
      '/in/a.mov',
    ]);
  });
});

describe('parseProbe', () => {
  it('reads duration, codecs, size, frame rate and bit rates', () => {
    const info = parseProbe(probe([h264, aac]));
    expect(info.durationSeconds).toBe(12.5);
    expect(info.bitRate).toBe(900000);
    expect(info.video).toMatchObject({
      codec: 'h264',
      profile: 'High',
      pixFmt: 'yuv420p',
      width: 1280,
      height: 720,
      rotation: 0,
    });
    expect(info.video.fps).toBeCloseTo(29.97, 2);
    expect(info.audio).toEqual({ codec: 'aac', channels: 2, sampleRate: 48000, bitRate: 128000 });
    expect(info.comment).toBeNull();
    const marked = parseProbe(
      probe([h264], { format_name: 'mp4', duration: '1', tags: { comment: 'cadence:hls-gop4' } }),
    );
    expect(marked.comment).toBe('cadence:hls-gop4');
  });

  it("reads the stream's frame count when the container states it", () => {
    expect(parseProbe(probe([{ ...h264, nb_frames: '375' }])).video.frames).toBe(375);
    expect(parseProbe(probe([h264])).video.frames).toBeNull();
  });

  it('swaps width and height for a phone video turned by 90 degrees', () => {
    const rotated = { ...h264, side_data_list: [{ rotation: -90 }] };
    const info = parseProbe(probe([rotated]));
    expect(info.video).toMatchObject({ width: 720, height: 1280, rotation: 270 });
    expect(info.audio).toBeNull();
  });

  it('takes the duration from the stream when the container has none', () => {
    const info = parseProbe(probe([{ ...h264, duration: '3.2' }], { format_name: 'avi' }));
    expect(info.durationSeconds).toBe(3.2);
  });

  it('ignores cover art and refuses a file without real video', () => {
    const cover = {
      codec_type: 'video',
      codec_name: 'mjpeg',
      width: 600,
      height: 600,
      disposition: { attached_pic: 1 },
    };
    expect(() => parseProbe(probe([cover, aac]))).toThrow(UnreadableMediaError);
  });

  it('refuses a file without a duration and non-JSON output', () => {
    expect(() => parseProbe(probe([h264], { format_name: 'mp4' }))).toThrow(/no duration/);
    expect(() => parseProbe('not json')).toThrow(UnreadableMediaError);
  });
});

describe('parseRate and videoBitRate', () => {
  it('reads fractional rates and rejects 0/0', () => {
    expect(parseRate('25/1')).toBe(25);
    expect(parseRate('0/0')).toBeNull();
    expect(parseRate(undefined)).toBeNull();
  });

  it("uses the stream's bit rate, else the container's minus the audio", () => {
    expect(videoBitRate(parseProbe(probe([h264, aac])))).toBe(800000);
    const noStreamRate = parseProbe(probe([{ ...h264, bit_rate: undefined }, aac]));
    expect(videoBitRate(noStreamRate)).toBe(900000 - 128000);
  });
});
