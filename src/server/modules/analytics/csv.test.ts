import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, toCsv, UTF8_BOM } from './csv';

describe('csvField', () => {
  it('writes numbers as they are and null as an empty field', () => {
    expect(csvField(12)).toBe('12');
    expect(csvField(0.62)).toBe('0.62');
    expect(csvField(null)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('quotes a field with a comma, a quote, CR or LF, doubling its quotes (RFC 4180)', () => {
    expect(csvField('Hill Climb')).toBe('Hill Climb');
    expect(csvField('Climb, then sprint')).toBe('"Climb, then sprint"');
    expect(csvField('The "Beast" ride')).toBe('"The ""Beast"" ride"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('defuses a title a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil.example","Click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Click"")"`,
    );
    expect(csvField('+1+1')).toBe("'+1+1");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvField('\t=1+1')).toBe("'\t=1+1");
    expect(csvField('\r=1+1')).toBe(`"'\r=1+1"`);
    // Only the start matters; text and numbers are left as they are.
    expect(csvField('Ride = fun')).toBe('Ride = fun');
    expect(csvField(-3)).toBe('-3');
  });

  it('keeps any Unicode as it is (the file is UTF-8)', () => {
    expect(csvField('Côte d’Azur 🚴')).toBe('Côte d’Azur 🚴');
  });
});

describe('toCsv', () => {
  it('starts with the byte order mark and ends every record with CRLF', () => {
    const text = toCsv(
      ['Class', 'Views'],
      [
        ['=cmd|" /C calc"!A0', 3],
        ['Sprint, "hard"', null],
      ],
    );
    expect(text).toBe(
      `${UTF8_BOM}Class,Views\r\n"'=cmd|"" /C calc""!A0",3\r\n"Sprint, ""hard""",\r\n`,
    );
  });
});

describe('csvFileName', () => {
  it('keeps lower-case letters, digits and single hyphens of every piece', () => {
    expect(csvFileName(['cadence-videos', '2026-03-01', 'to', '2026-03-31'])).toBe(
      'cadence-videos-2026-03-01-to-2026-03-31.csv',
    );
    expect(
      csvFileName(['cadence-retention', '"; filename=evil.exe\r\nX: y', 'Côte', '2026-03-01']),
    ).toBe('cadence-retention-filename-evil-exe-x-y-cote-2026-03-01.csv');
  });

  it('is never empty nor longer than 120 characters before .csv', () => {
    expect(csvFileName(['/../', '""'])).toBe('cadence-analytics.csv');
    const long = csvFileName(['cadence-retention', 'x'.repeat(500)]);
    expect(long.length).toBeLessThanOrEqual(124);
    expect(long).toMatch(/^[a-z0-9-]+\.csv$/);
  });
});
