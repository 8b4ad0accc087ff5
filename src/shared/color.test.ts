import { describe, expect, it } from 'vitest';
import {
  BLACK,
  brandPalette,
  contrastRatio,
  formatRatio,
  MIN_TEXT_CONTRAST,
  NEAR_BLACK,
  parseHex,
  readableTextOn,
  relativeLuminance,
  WHITE,
} from './color';

describe('parseHex', () => {
  it('reads #rrggbb in any case', () => {
    expect(parseHex('#ff4500')).toEqual({ r: 255, g: 69, b: 0 });
    expect(parseHex('#1A1a1A')).toEqual({ r: 26, g: 26, b: 26 });
  });

  it.each(['ff4500', '#fff', '#ff45001', '#gg0000', '', 'red', '#ff 500'])(
    'refuses %j',
    (value) => {
      expect(parseHex(value)).toBeNull();
    },
  );
});

describe('relativeLuminance and contrastRatio (WCAG 2.x)', () => {
  it('gives 0 for black and 1 for white', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
  });

  it('matches the published reference ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 10);
    // #767676 is the lightest grey that passes AA on white; #777777 just fails.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('does not depend on the order of the two colours', () => {
    expect(contrastRatio('#ff4500', '#1a1a1a')).toBe(contrastRatio('#1a1a1a', '#ff4500'));
  });

  it('throws on a value that is not a colour', () => {
    expect(() => relativeLuminance('orange')).toThrow();
  });
});

describe('formatRatio', () => {
  it('rounds down so a shown 4.5:1 really passes', () => {
    expect(formatRatio(4.4999)).toBe('4.4:1');
    expect(formatRatio(4.5)).toBe('4.5:1');
    expect(formatRatio(21)).toBe('21.0:1');
  });
});

describe('readableTextOn', () => {
  it('puts white on dark colours and near-black on light ones', () => {
    expect(readableTextOn('#1a1a1a')).toBe(WHITE);
    expect(readableTextOn('#ffffff')).toBe(NEAR_BLACK);
    expect(readableTextOn('#fde047')).toBe(NEAR_BLACK);
    expect(readableTextOn('#1e3a8a')).toBe(WHITE);
  });

  it('puts dark text on the default orange, where white reads at only 3.4:1', () => {
    expect(contrastRatio(WHITE, '#ff4500')).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(readableTextOn('#ff4500')).toBe(NEAR_BLACK);
  });

  it('falls back to pure black on a mid-grey where neither white nor near-black reaches 4.5:1', () => {
    expect(contrastRatio(WHITE, '#797979')).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(contrastRatio(NEAR_BLACK, '#797979')).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(readableTextOn('#797979')).toBe(BLACK);
  });

  it('always reaches 4.5:1, for every grey and a grid over the colour cube', () => {
    const hex = (n: number) => n.toString(16).padStart(2, '0');
    const samples: string[] = [];
    for (let v = 0; v < 256; v++) samples.push(`#${hex(v)}${hex(v)}${hex(v)}`);
    for (let r = 0; r < 256; r += 17) {
      for (let g = 0; g < 256; g += 17) {
        for (let b = 0; b < 256; b += 17) samples.push(`#${hex(r)}${hex(g)}${hex(b)}`);
      }
    }
    const failing = samples.filter((c) => contrastRatio(readableTextOn(c), c) < MIN_TEXT_CONTRAST);
    expect(failing).toEqual([]);
  });
});

describe('brandPalette', () => {
  it('reads the default pair (#ff4500 on #1a1a1a) as readable, with the orange as the accent', () => {
    const palette = brandPalette('#ff4500', '#1a1a1a');
    expect(palette).toMatchObject({
      primary: '#ff4500',
      secondary: '#1a1a1a',
      onPrimary: NEAR_BLACK,
      onSecondary: WHITE,
      accentOnSecondary: '#ff4500',
      readable: true,
      issues: [],
    });
    expect(palette.primaryOnSecondaryRatio).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('flags a pair whose primary is unreadable on the secondary, and corrects the accent', () => {
    const palette = brandPalette('#A855F7', '#1a1a1a');
    expect(palette.primary).toBe('#a855f7');
    expect(palette.readable).toBe(false);
    expect(palette.accentOnSecondary).toBe(WHITE);
    expect(palette.issues).toHaveLength(1);
    expect(palette.issues[0]).toMatchObject({ kind: 'primary-on-secondary' });
    expect(palette.issues[0]!.message).toContain('4.3:1');
    expect(palette.issues[0]!.message).toContain('white');
  });

  it('flags identical colours', () => {
    const palette = brandPalette('#22c55e', '#22c55e');
    expect(palette.readable).toBe(false);
    expect(palette.primaryOnSecondaryRatio).toBeCloseTo(1, 10);
    expect(palette.accentOnSecondary).toBe(palette.onSecondary);
  });

  it('keeps every text colour it hands out at 4.5:1 or more on its background', () => {
    for (const [p, s] of [
      ['#ff4500', '#1a1a1a'],
      ['#3b82f6', '#ffffff'],
      ['#a855f7', '#a855f7'],
      ['#14b8a6', '#777777'],
      ['#ef4444', '#fef3c7'],
    ] as const) {
      const palette = brandPalette(p, s);
      expect(contrastRatio(palette.onPrimary, palette.primary)).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
      expect(contrastRatio(palette.onSecondary, palette.secondary)).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
      expect(contrastRatio(palette.accentOnSecondary, palette.secondary)).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
    }
  });
});
