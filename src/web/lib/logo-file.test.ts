import { describe, expect, it } from 'vitest';
import { checkLogoFile } from './logo-file';

describe('checkLogoFile (product.md §5 Branding logo)', () => {
  it('accepts an image of up to 5 MB', () => {
    expect(checkLogoFile({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkLogoFile({ type: 'image/svg+xml', size: 300 })).toBeNull();
  });

  it('refuses anything that is not image/*', () => {
    expect(checkLogoFile({ type: 'text/plain', size: 10 })).toEqual({
      title: 'Invalid file type',
      description: 'Please select an image file.',
    });
    expect(checkLogoFile({ type: '', size: 10 })?.title).toBe('Invalid file type');
  });

  it('refuses an image over 5 MB', () => {
    expect(checkLogoFile({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toEqual({
      title: 'File too large',
      description: 'Please select an image smaller than 5MB.',
    });
  });
});
