import { describe, expect, it } from 'vitest';
import { LOGO_MESSAGES } from '@shared/branding.contract';
import { ApiError } from './api';
import { checkLogoFile, logoUploadFailure } from './logo-file';

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

describe('logoUploadFailure', () => {
  it("says the server's reason for this file, else the product's words", () => {
    const refused = new ApiError(
      400,
      JSON.stringify({ message: 'SVG files cannot contain scripts' }),
      '',
    );
    expect(logoUploadFailure(refused).description).toBe('SVG files cannot contain scripts');
    for (const error of [
      new ApiError(500, JSON.stringify({ message: 'Internal' }), ''),
      new ApiError(401, JSON.stringify({ message: 'Authentication required' }), ''),
      new TypeError('Failed to fetch'),
    ]) {
      expect(logoUploadFailure(error)).toEqual({
        title: LOGO_MESSAGES.uploadFailedTitle,
        description: LOGO_MESSAGES.uploadFailedDescription,
      });
    }
  });
});
