import { describe, expect, it } from 'vitest';
import { formatDuration, formatSize, formatWatchTime } from './format';

describe('formatDuration (seconds -> hours and minutes, minutes, or seconds under a minute)', () => {
  it.each([
    ['2700', '45 min'],
    [2700, '45 min'],
    ['60', '1 min'],
    ['89', '1 min'],
    ['90', '2 min'],
    ['3599', '1 h'],
    ['3600', '1 h'],
    ['3900', '1 h 5 min'],
    ['5430', '1 h 31 min'],
    ['36000', '10 h'],
    ['30', '30 s'],
    ['20', '20 s'],
    ['59.4', '59 s'],
    ['59.6', '1 min'],
    ['0', '0 s'],
    ['12.6', '13 s'],
  ])('%j -> %j', (input, expected) => {
    expect(formatDuration(input)).toBe(expected);
  });

  it.each([null, undefined, '', '  ', 'abc', '-5', Number.NaN])('%j is unknown', (input) => {
    expect(formatDuration(input)).toBeNull();
  });
});

describe('formatSize (bytes -> GB or MB with two decimals)', () => {
  it.each([
    ['0', '0.00 MB'],
    ['1048576', '1.00 MB'],
    [5_242_880, '5.00 MB'],
    ['123456789', '117.74 MB'],
    ['1073741823', '1.00 GB'],
    ['1067000000', '1017.57 MB'],
    ['1073741824', '1.00 GB'],
    ['1610612736', '1.50 GB'],
    ['2147483648', '2.00 GB'],
    ['512', '0.00 MB'],
  ])('%j -> %j', (input, expected) => {
    expect(formatSize(input)).toBe(expected);
  });

  it.each([null, undefined, '', 'big', '-1'])('%j is unknown', (input) => {
    expect(formatSize(input)).toBeNull();
  });
});

describe('formatWatchTime (hours -> minutes below an hour, hours from one)', () => {
  it.each([
    [0, '0 min'],
    [0.75, '45 min'],
    [0.999, '1 h'],
    [1, '1 h'],
    [2.25, '2.25 h'],
    [41.256, '41.26 h'],
  ])('%j -> %j', (input, expected) => {
    expect(formatWatchTime(input)).toBe(expected);
  });
});
