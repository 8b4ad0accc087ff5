import { describe, expect, it } from 'vitest';
import { normalizeDomain, logoIconUrl } from './branding.contract';
import { DEFAULT_CLASS_DURATION, formatClassDuration, gymInitials } from './gyms.contract';

describe('formatClassDuration', () => {
  it.each([
    ['2700', '45 min'],
    [2700, '45 min'],
    ['1800', '30 min'],
    ['3600', '1 h'],
    ['3900', '1 h 5 min'],
    [5430, '1 h 31 min'],
    ['20', '20 s'],
    ['89', '1 min'],
    ['90', '2 min'],
  ])('%j seconds -> %j', (input, expected) => {
    expect(formatClassDuration(input)).toBe(expected);
  });

  it.each([null, undefined, '', '  ', 'abc', '0', -5, Number.NaN])('%j -> the default', (input) => {
    expect(formatClassDuration(input as string | number | null | undefined)).toBe(
      DEFAULT_CLASS_DURATION,
    );
  });
});

describe('gymInitials', () => {
  it.each([
    ['Iron Spin', 'IS'],
    ['iron spin studio', 'IS'],
    ['Spinworks', 'SP'],
    ['  The  Pedal House ', 'TP'],
    ['24/7 Cycle', '2C'],
    ['Élan Vélo', 'ÉV'],
    ['& Co', 'CO'],
    ['', '?'],
  ])('%j -> %j', (name, expected) => {
    expect(gymInitials(name)).toBe(expected);
  });
});

describe('normalizeDomain', () => {
  it.each([
    ['classes.ironspin.com', 'classes.ironspin.com'],
    ['  Classes.IronSpin.COM. ', 'classes.ironspin.com'],
    ['https://classes.ironspin.com/some/path?x=1', 'classes.ironspin.com'],
    ['ironspin.co.uk:443', 'ironspin.co.uk'],
    ['xn--vlo-bma.fr', 'xn--vlo-bma.fr'],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeDomain(input)).toBe(expected);
  });

  it.each([
    'localhost',
    'ironspin',
    '192.168.1.10',
    '-bad.example.com',
    'bad-.example.com',
    'under_score.example.com',
    'a..b.com',
    'spaces in.example.com',
    `${'a'.repeat(64)}.com`,
    'gym.local',
    'app.localhost',
    'example.c',
    '',
  ])('refuses %j', (input) => {
    expect(normalizeDomain(input)).toBeNull();
  });
});

describe('logoIconUrl', () => {
  it('derives the icon of a stored logo', () => {
    expect(logoIconUrl('/api/logos/u1/abc-512.png')).toBe('/api/logos/u1/abc-64.png');
  });
  it('answers any other logo as it is, and null for none', () => {
    expect(logoIconUrl('https://cdn.example.com/logo.png')).toBe(
      'https://cdn.example.com/logo.png',
    );
    expect(logoIconUrl(null)).toBeNull();
  });
});
