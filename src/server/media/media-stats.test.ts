import { describe, expect, it } from 'vitest';
import {
  limitedRangeShare,
  median,
  parseLoudnorm,
  parseMetadataFile,
  percentOf,
  percentile,
  ProgressReader,
} from './media-stats';

describe('parseMetadataFile', () => {
  it('reads each frame of a metadata=print file, keyed by the short name', () => {
    const text = [
      'frame:0    pts:0       pts_time:0',
      'lavfi.signalstats.YLOW=41',
      'lavfi.signalstats.YAVG=125.331',
      'frame:1    pts:1       pts_time:0.5',
      'lavfi.signalstats.YLOW=40',
      'lavfi.signalstats.YAVG=nan',
      '',
    ].join('\n');
    expect(parseMetadataFile(text)).toEqual([{ YLOW: 41, YAVG: 125.331 }, { YLOW: 40 }]);
    expect(parseMetadataFile('')).toEqual([]);
  });
});

describe('median, percentile, limitedRangeShare', () => {
  it('computes robust statistics', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNull();
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBe(9);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.1)).toBe(1);
    expect(limitedRangeShare(16)).toBe(0);
    expect(limitedRangeShare(235)).toBe(1);
    expect(limitedRangeShare(125.5)).toBeCloseTo(0.5, 2);
  });
});

describe('parseLoudnorm', () => {
  const log = `[Parsed_loudnorm_0 @ 0x55] \n{\n\t"input_i" : "-27.61",\n\t"input_tp" : "-24.58",\n\t"input_lra" : "0.10",\n\t"input_thresh" : "-37.61",\n\t"output_i" : "-16.02",\n\t"output_tp" : "-12.99",\n\t"output_lra" : "0.00",\n\t"output_thresh" : "-26.02",\n\t"normalization_type" : "dynamic",\n\t"target_offset" : "0.02"\n}\n`;

  it("reads loudnorm's first-pass measurement", () => {
    expect(parseLoudnorm(`frame stuff\n${log}`)).toEqual({
      inputI: -27.61,
      inputTp: -24.58,
      inputLra: 0.1,
      inputThresh: -37.61,
      targetOffset: 0.02,
    });
  });

  it('answers null for silence (-inf) or no block', () => {
    expect(parseLoudnorm(log.replace('"-27.61"', '"-inf"'))).toBeNull();
    expect(parseLoudnorm('nothing here')).toBeNull();
  });
});

describe('ProgressReader', () => {
  it('follows out_time_us across chunk boundaries', () => {
    const reader = new ProgressReader();
    expect(reader.push('frame=10\nout_time_us=150')).toBeNull();
    expect(reader.push('0000\nprogress=continue\n')).toBe(1.5);
    expect(reader.push('out_time_us=N/A\n')).toBe(1.5);
    expect(reader.push('out_time_ms=3000000\nprogress=end\n')).toBe(3);
  });

  it('turns a position into a whole percentage, clamped', () => {
    expect(percentOf(1.5, 3)).toBe(50);
    expect(percentOf(5, 3)).toBe(100);
    expect(percentOf(1, 0)).toBe(0);
  });
});
