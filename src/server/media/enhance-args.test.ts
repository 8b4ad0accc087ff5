import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_FILES,
  buildAnalysisArgs,
  buildMotionArgs,
  maskSize,
  plateRadius,
  statsSize,
} from './analysis-args';
import {
  buildEnhanceArgs,
  detectKey,
  hlsReadyOptions,
  detectSubtraction,
  lightingCurve,
  lightingFilter,
  logoFilters,
  loudnormFilter,
  type EnhancePlan,
} from './enhance-args';
import type { FrameStats } from './media-stats';
import type { MediaInfo } from './probe-args';

const info: MediaInfo = {
  demuxer: 'mov',
  durationSeconds: 60,
  formatName: 'mp4',
  comment: null,
  bitRate: 3_000_000,
  video: {
    codec: 'h264',
    profile: 'High',
    pixFmt: 'yuv420p',
    width: 1280,
    height: 720,
    rotation: 0,
    fps: 25,
    frames: null,
    bitRate: 2_800_000,
  },
  audio: { codec: 'aac', channels: 2, sampleRate: 48000, bitRate: 128000 },
};
const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1]!;
const frames = (key: string, values: number[]): FrameStats[] => values.map((v) => ({ [key]: v }));

describe('analysis (pass 1)', () => {
  it('sizes: stats at 160 wide, mask at half resolution, plate over up to 25 frames', () => {
    expect(statsSize(info)).toEqual({ width: 160, height: 90 });
    expect(maskSize(info)).toEqual({ width: 640, height: 360 });
    expect(plateRadius(info)).toBe(12);
    expect(plateRadius({ ...info, durationSeconds: 0.4 })).toBe(4);
  });

  it('without background: lighting stats at 2 fps and the loudnorm measurement, one decode', () => {
    const args = buildAnalysisArgs('/in.mp4', info, { audio: true, background: false });
    expect(after(args, '-filter_complex')).toBe(
      `[0:v]fps=2,scale=160:90,signalstats,metadata=mode=print:file=${ANALYSIS_FILES.light}[lo]`,
    );
    expect(after(args, '-af')).toBe('loudnorm=I=-16:TP=-1.5:LRA=11:print_format=json');
    expect(after(args, '-loglevel')).toBe('info');
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
  });

  it('with background: green and blue key shares and the tmedian plate from the same decode', () => {
    const args = buildAnalysisArgs('/in.mp4', info, { audio: false, background: true });
    const graph = after(args, '-filter_complex');
    expect(graph).toContain('colorkey=color=0x00B140:similarity=0.25');
    expect(graph).toContain('colorkey=color=0x0047BB:similarity=0.25');
    expect(graph).toContain(
      `fps=${25 / 60},scale=640:360,tmedian=radius=12[plate]`.replace(String(25 / 60), '0.4167'),
    );
    expect(args).toContain(ANALYSIS_FILES.plate);
    expect(args).not.toContain('-af');
  });

  it('quick variant: the keyframes alone, every one of them, without the fps filter', () => {
    const args = buildAnalysisArgs('/in.mp4', info, {
      audio: true,
      background: false,
      keyframesOnly: true,
    });
    expect(args.slice(args.indexOf('-skip_frame'), args.indexOf('-skip_frame') + 4)).toEqual([
      '-skip_frame',
      'nokey',
      '-i',
      '/in.mp4',
    ]);
    expect(after(args, '-filter_complex')).toBe(
      `[0:v]scale=160:90,signalstats,metadata=mode=print:file=${ANALYSIS_FILES.light}[lo]`,
    );
    // Never with a background: the plate needs frames spread evenly.
    const bg = buildAnalysisArgs('/in.mp4', info, {
      audio: true,
      background: true,
      keyframesOnly: true,
    });
    expect(bg).not.toContain('-skip_frame');
  });

  it('motion pass: the difference from the plate, thresholded, as a share per frame', () => {
    const graph = after(buildMotionArgs('/in.mp4', info), '-filter_complex');
    expect(graph).toContain('blend=all_mode=difference');
    expect(graph).toContain("lut=y='if(gt(val,24),235,16)'");
    expect(graph).toContain(`file=${ANALYSIS_FILES.motion}`);
  });
});

describe('lightingCurve', () => {
  const stats = (low: number, high: number, avg: number) =>
    Array.from({ length: 5 }, () => ({ YLOW: low, YHIGH: high, YAVG: avg }));

  it('brightens dim footage with the measured recipe (gain capped at 1.8)', () => {
    const curve = lightingCurve(stats(16, 84, 50));
    expect(curve).toEqual({ low: 16, high: 84, gain: 1.8 });
    expect(lightingFilter(curve!)).toBe(
      "lutyuv=y='clip((val-16)*1.8+40,16,235)',eq=saturation=1.2",
    );
  });

  it('stretches flat footage by 160/(high-low)', () => {
    expect(lightingCurve(stats(60, 160, 110))).toEqual({ low: 60, high: 160, gain: 1.6 });
  });

  it('leaves well-exposed footage alone', () => {
    expect(lightingCurve(stats(20, 225, 120))).toBeNull();
    expect(lightingCurve([])).toBeNull();
  });
});

describe('background detection', () => {
  it('keyed: the key colour covers at least 30% of the frame', () => {
    // YAVG of the remaining alpha in limited range: a median of 53 -> 83% keyed.
    expect(detectKey(frames('YAVG', [52.5, 54, 53]), frames('YAVG', [235, 235, 235]))).toEqual({
      method: 'key',
      color: 'green',
      share: 0.831,
    });
    expect(detectKey(frames('YAVG', [235]), frames('YAVG', [100]))).toMatchObject({
      method: 'key',
      color: 'blue',
    });
    expect(detectKey(frames('YAVG', [211]), frames('YAVG', [230]))).toBeNull();
  });

  const steady = frames('YAVG', [100, 101, 99, 100, 102]);
  const share = (s: number) => 16 + s * 219;

  it('static camera: a small moving share and steady brightness', () => {
    expect(
      detectSubtraction(steady, frames('YAVG', [share(0.15), share(0.16), share(0.14)])),
    ).toEqual({
      method: 'subtract',
      moving: 0.15,
    });
  });

  it('says so when the camera moves, the lights change, or nothing moves', () => {
    expect(detectSubtraction(steady, frames('YAVG', [share(0.65), share(0.6)]))).toEqual({
      method: 'unsuitable',
      reason: 'camera-moves',
    });
    expect(
      detectSubtraction(frames('YAVG', [60, 100, 140, 100, 60]), frames('YAVG', [share(0.2)])),
    ).toEqual({
      method: 'unsuitable',
      reason: 'lights-change',
    });
    expect(detectSubtraction(steady, frames('YAVG', [16, 16]))).toEqual({
      method: 'unsuitable',
      reason: 'no-moving-subject',
    });
  });
});

describe('loudnormFilter', () => {
  it('runs pass 2 linear with the measured values and LRA at least the measured + 1', () => {
    expect(
      loudnormFilter({
        inputI: -27.61,
        inputTp: -24.58,
        inputLra: 0.1,
        inputThresh: -37.61,
        targetOffset: 0.02,
      }),
    ).toBe(
      'loudnorm=I=-16:TP=-1.5:LRA=11:measured_I=-27.61:measured_TP=-24.58:measured_LRA=0.1:measured_thresh=-37.61:offset=0.02:linear=true:print_format=summary',
    );
    expect(
      loudnormFilter({
        inputI: -20,
        inputTp: -3,
        inputLra: 14.2,
        inputThresh: -30,
        targetOffset: 0,
      }),
    ).toContain(':LRA=15.2:');
  });
});

describe('buildEnhanceArgs (pass 2)', () => {
  const plan: EnhancePlan = {
    lighting: { low: 16, high: 84, gain: 1.8 },
    whiteBalance: true,
    denoise: true,
    loudness: {
      inputI: -27.61,
      inputTp: -24.58,
      inputLra: 0.1,
      inputThresh: -37.61,
      targetOffset: 0.02,
    },
    logo: null,
    background: null,
  };

  it('one chain: lighting, white balance; denoise in the encoder; loudnorm; H.264/AAC 48 kHz, faststart', () => {
    const args = buildEnhanceArgs('/in.mp4', info, plan, '/out.mp4');
    const graph = after(args, '-filter_complex');
    expect(graph).toBe(
      "[0:v]lutyuv=y='clip((val-16)*1.8+40,16,235)',eq=saturation=1.2,colorcorrect=analyze=median,format=yuv420p[comp];" +
        '[comp]format=yuv420p[v];' +
        `[0:a:0]${loudnormFilter(plan.loudness!)}[a]`,
    );
    expect(args.slice(args.indexOf('-map'), args.indexOf('-map') + 4)).toEqual([
      '-map',
      '[v]',
      '-map',
      '[a]',
    ]);
    expect(after(args, '-c:v')).toBe('libx264');
    expect(after(args, '-preset')).toBe('superfast');
    expect(after(args, '-x264-params')).toBe('nr=250');
    expect(after(args, '-c:a')).toBe('aac');
    // -ar is an output option, never inside the loudnorm chain.
    expect(after(args, '-ar')).toBe('48000');
    expect(graph).not.toContain('aresample');
    expect(after(args, '-movflags')).toBe('+faststart');
    expect(args.at(-1)).toBe('/out.mp4');
  });

  it('logo: one frame, the chosen share of the width and opacity, in the chosen corner with a margin', () => {
    const args = buildEnhanceArgs(
      '/in.mp4',
      info,
      {
        ...plan,
        lighting: null,
        logo: { file: '/logo.png', placement: { corner: 'top-right', size: 7, opacity: 90 } },
      },
      '/out.mp4',
    );
    expect(args.slice(args.lastIndexOf('-i'), args.lastIndexOf('-i') + 2)).toEqual([
      '-i',
      '/logo.png',
    ]);
    const graph = after(args, '-filter_complex');
    // 7% of 1280 is 89.6: 90 px wide; the margin is 3% of the width (38 px) on both axes.
    expect(graph).toContain(
      '[1:v]trim=end_frame=1,scale=90:-2,format=rgba,colorchannelmixer=aa=0.9[lg]',
    );
    expect(graph).toContain('[comp][lg]overlay=x=main_w-overlay_w-38:y=38:format=auto[logo]');
    expect(args).not.toContain('-loop');
  });

  it.each([
    ['top-left', 'x=38:y=38'],
    ['bottom-left', 'x=38:y=main_h-overlay_h-38'],
    ['bottom-right', 'x=main_w-overlay_w-38:y=main_h-overlay_h-38'],
  ] as const)('logo in the %s corner', (corner, position) => {
    const filters = logoFilters(
      1280,
      { corner, size: 6, opacity: 100 },
      {
        logo: '1:v',
        frame: 'comp',
        out: 'logo',
      },
    );
    // Fully opaque: the logo's own transparency only, no alpha multiplier.
    expect(filters).toEqual([
      '[1:v]trim=end_frame=1,scale=76:-2,format=rgba[lg]',
      `[comp][lg]overlay=${position}:format=auto[logo]`,
    ]);
  });

  it('green screen: key mask, despill, the background looped at the video rate', () => {
    const args = buildEnhanceArgs(
      '/in.mp4',
      info,
      {
        ...plan,
        lighting: null,
        whiteBalance: false,
        background: { method: 'key', color: 'green', image: '/bg.jpg' },
      },
      '/out.mp4',
    );
    expect(args.join(' ')).toContain('-loop 1 -framerate 25 -i /bg.jpg');
    const graph = after(args, '-filter_complex');
    expect(graph).toContain(
      '[mk]colorkey=color=0x00B140:similarity=0.25:blend=0.1,format=rgba,alphaextract[mask]',
    );
    expect(graph).toContain('[base]despill=type=green,format=yuv420p[fg]');
    expect(graph).toContain('[bg][fga]overlay=shortest=1:format=auto[comp]');
    // The mask needs a clean picture: the denoise runs before the keying, not in the encoder.
    expect(graph.startsWith('[0:v]hqdn3d=1.5:1.5:3:3,split=2[base][mk]')).toBe(true);
    expect(args).not.toContain('-x264-params');
  });

  it('static camera: a difference mask against the plate at half resolution', () => {
    const args = buildEnhanceArgs(
      '/in.mp4',
      info,
      {
        ...plan,
        lighting: null,
        whiteBalance: false,
        loudness: null,
        background: { method: 'subtract', image: '/bg.jpg', plate: '/work/plate.png' },
      },
      '/out.mp4',
    );
    expect(args.join(' ')).toContain('-i /bg.jpg -i /work/plate.png');
    const graph = after(args, '-filter_complex');
    expect(graph).toContain('[2:v]scale=640:360,format=gray[ph]');
    expect(graph).toContain(
      "blend=all_mode=difference,lut=y='if(gt(val,24),255,0)',erosion,dilation,dilation,gblur=sigma=2,scale=1280:720[mask]",
    );
    // No measurement: the sound is re-encoded as it is.
    expect(args.slice(args.lastIndexOf('-map'), args.lastIndexOf('-map') + 2)).toEqual([
      '-map',
      '0:a:0',
    ]);
  });

  it('encodes on the 4 s keyframe grid; at the top rung size, capped and marked for a copied top rung', () => {
    const args = buildEnhanceArgs('/in.mp4', info, plan, '/out.mp4');
    expect(after(args, '-g')).toBe('100');
    expect(after(args, '-force_key_frames')).toBe('expr:gte(t,n_forced*4)');
    expect(hlsReadyOptions(info, 1280, 720)).toEqual([
      '-g',
      '100',
      '-keyint_min',
      '100',
      '-sc_threshold',
      '0',
      '-force_key_frames',
      'expr:gte(t,n_forced*4)',
      '-maxrate',
      '2800000',
      '-bufsize',
      '5600000',
      '-metadata',
      'comment=cadence:hls-gop4',
    ]);
    // 1366x768 is not a ladder size: keyframes only, no cap, no mark.
    const odd = { ...info, video: { ...info.video, width: 1366, height: 768 } };
    expect(hlsReadyOptions(odd, 1366, 768)).not.toContain('-maxrate');
  });

  it('makes odd sizes even and leaves out audio options without audio', () => {
    const odd = { ...info, audio: null, video: { ...info.video, width: 641, height: 361 } };
    const args = buildEnhanceArgs('/in.mp4', odd, { ...plan, loudness: null }, '/out.mp4');
    expect(after(args, '-filter_complex')).toMatch(/^\[0:v\]scale=642:362,/);
    expect(args).not.toContain('-c:a');
  });
});
