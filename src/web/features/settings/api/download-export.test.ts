import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './download-export';

describe('fileNameFrom', () => {
  it('reads the file name the server gives, with a fallback', () => {
    expect(fileNameFrom('attachment; filename="cadence-data-iron-spin-2025-01-31.json"')).toBe(
      'cadence-data-iron-spin-2025-01-31.json',
    );
    expect(fileNameFrom('attachment; filename=plain.json')).toBe('plain.json');
    expect(fileNameFrom('attachment')).toBe('cadence-data.json');
    expect(fileNameFrom(null)).toBe('cadence-data.json');
  });
});
