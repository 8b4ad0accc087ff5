import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { DEFAULT_JOB_SETTINGS } from './queue';

describe('media settings', () => {
  it('defaults: enhance automatically, worker in-process, one heavy job, ffmpeg and aubio on PATH', () => {
    expect(loadConfig({}).media).toEqual({
      autoEnhance: true,
      worker: true,
      concurrency: 1,
      ffmpegPath: 'ffmpeg',
      ffprobePath: 'ffprobe',
      aubiotrackPath: 'aubiotrack',
      aubioonsetPath: 'aubioonset',
      heartbeatSeconds: 10,
    });
  });

  it('reads every key', () => {
    const media = loadConfig({
      AUTO_ENHANCE: 'off',
      WORKER: 'false',
      MEDIA_CONCURRENCY: '2',
      FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg',
      FFPROBE_PATH: '/opt/ffmpeg/bin/ffprobe',
      AUBIOTRACK_PATH: '/opt/aubio/bin/aubiotrack',
      AUBIOONSET_PATH: '/opt/aubio/bin/aubioonset',
      WORKER_HEARTBEAT_SECONDS: '5',
    }).media;
    expect(media).toEqual({
      autoEnhance: false,
      worker: false,
      concurrency: 2,
      ffmpegPath: '/opt/ffmpeg/bin/ffmpeg',
      ffprobePath: '/opt/ffmpeg/bin/ffprobe',
      aubiotrackPath: '/opt/aubio/bin/aubiotrack',
      aubioonsetPath: '/opt/aubio/bin/aubioonset',
      heartbeatSeconds: 5,
    });
  });

  it('names each bad value', () => {
    try {
      loadConfig({
        AUTO_ENHANCE: 'maybe',
        MEDIA_CONCURRENCY: '0',
        WORKER_HEARTBEAT_SECONDS: 'soon',
      });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('AUTO_ENHANCE');
      expect(problems).toContain('MEDIA_CONCURRENCY: must be a whole number from 1 to 8');
      expect(problems).toContain(
        'WORKER_HEARTBEAT_SECONDS: must be a whole number of seconds from 1 to 300',
      );
    }
  });
});

describe('job time limits', () => {
  it('scale with the clip and stay under pg-boss 24 h maximum', () => {
    expect(DEFAULT_JOB_SETTINGS.enhance.timeLimitSeconds(60)).toBe(30 * 60 + 8 * 60);
    expect(DEFAULT_JOB_SETTINGS.package.timeLimitSeconds(3600)).toBe(30 * 60 + 6 * 3600);
    expect(DEFAULT_JOB_SETTINGS.enhance.timeLimitSeconds(100_000)).toBeLessThan(24 * 3600);
    // Not probed yet: assume a long class.
    expect(DEFAULT_JOB_SETTINGS.ingest.timeLimitSeconds(null)).toBe(15 * 60 + 3 * 3600);
  });
});
