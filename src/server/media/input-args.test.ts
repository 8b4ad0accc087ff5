import { describe, expect, it } from 'vitest';
import { buildAnalysisArgs, buildMotionArgs } from './analysis-args';
import { buildEnhanceArgs } from './enhance-args';
import { buildHlsArgs, ladderFor } from './hls-args';
import { DEMUXER_OF, userInputArgs } from './input-args';
import { buildGrowingPreviewArgs, buildPreviewArgs, buildStillsArgs } from './preview-args';
import type { MediaInfo } from './probe-args';

const info: MediaInfo = {
  demuxer: 'matroska',
  durationSeconds: 60,
  formatName: 'matroska,webm',
  comment: null,
  bitRate: 3_000_000,
  video: {
    codec: 'vp9',
    profile: null,
    pixFmt: 'yuv420p',
    width: 1280,
    height: 720,
    rotation: 0,
    fps: 25,
    frames: null,
    bitRate: 2_800_000,
  },
  audio: { codec: 'opus', channels: 2, sampleRate: 48000, bitRate: 128000 },
};

/** The options right before `-i <file>`. */
function optionsFor(args: string[], file: string): string[] {
  const at = args.findIndex((a, i) => a === '-i' && args[i + 1] === file);
  expect(at).toBeGreaterThan(0);
  return args.slice(0, at);
}

describe('user files reach ffmpeg with their demuxer only', () => {
  it('names the demuxer, allows no other and no protocol but file, and bounds the probe', () => {
    expect(userInputArgs('/in/a', 'avi', ['-ss', '5'])).toEqual([
      '-f',
      'avi',
      '-format_whitelist',
      'avi',
      '-protocol_whitelist',
      'file',
      '-probesize',
      '20000000',
      '-analyzeduration',
      '20000000',
      '-ss',
      '5',
      '-i',
      '/in/a',
    ]);
    expect(Object.values(DEMUXER_OF).sort()).toEqual(['avi', 'matroska', 'mov', 'mov']);
  });

  it('in every pass: stills, preview, analysis, motion, enhance and packaging', () => {
    const plan = {
      lighting: null,
      whiteBalance: true,
      denoise: true,
      loudness: null,
      logo: {
        file: '/w/logo.png',
        placement: { corner: 'top-right' as const, size: 7, opacity: 90 },
      },
      background: null,
    };
    const passes = [
      buildStillsArgs('/in/a', info, { thumbnail: 't.jpg', poster: 'p.jpg' }),
      buildPreviewArgs('/in/a', '/w/p.mp4', info),
      buildGrowingPreviewArgs('/in/a', info),
      buildAnalysisArgs('/in/a', info, { audio: true, background: true, keyframesOnly: false }),
      buildMotionArgs('/in/a', info),
      buildEnhanceArgs('/in/a', info, plan, '/w/out.mp4'),
      buildHlsArgs('/in/a', info, ladderFor(info, 1080), { copyTop: false }),
    ];
    for (const args of passes) {
      const options = optionsFor(args, '/in/a');
      expect(options.slice(options.indexOf('-f'), options.indexOf('-f') + 6)).toEqual([
        '-f',
        'matroska',
        '-format_whitelist',
        'matroska',
        '-protocol_whitelist',
        'file',
      ]);
    }
    // The logo is the PNG Cadence drew, read as PNG.
    const enhance = passes[5]!;
    expect(optionsFor(enhance, '/w/logo.png').slice(-4)).toEqual([
      '-f',
      'png_pipe',
      '-protocol_whitelist',
      'file',
    ]);
  });
});
