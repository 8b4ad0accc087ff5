import { describe, expect, it } from 'vitest';
import {
  checkLogoFile,
  checkVideoFile,
  createVideoBody,
  LOGO_MAX_BYTES,
  titleFromFileName,
  updateVideoBody,
  VIDEO_MAX_BYTES,
  VIDEO_MESSAGES,
} from './videos.contract';
import { storedAddress } from './uploads.contract';

const valid = {
  videoURL: '/api/objects/uploads/a/b',
  title: 'Ride',
  originalFileName: 'ride.mp4',
  fileSize: '123',
  replaceBackground: false,
  addLogo: false,
};

describe('checkVideoFile (product.md §5)', () => {
  it('keeps a video up to exactly 2 GB', () => {
    expect(checkVideoFile({ type: 'video/mp4', size: VIDEO_MAX_BYTES })).toBeNull();
    expect(checkVideoFile({ type: 'video/quicktime', size: 1 })).toBeNull();
  });

  it("refuses another type and anything over 2 GB with the product's words (docs/product.md)", () => {
    expect(checkVideoFile({ type: 'text/plain', size: 1 })).toEqual({
      title: 'Invalid file type',
      description: 'Please select a video file.',
    });
    expect(checkVideoFile({ type: '', size: 1 })?.title).toBe('Invalid file type');
    expect(checkVideoFile({ type: 'video/mp4', size: VIDEO_MAX_BYTES + 1 })).toEqual({
      title: 'File too large',
      description: 'Video files must be smaller than 2GB.',
    });
  });
});

describe('checkLogoFile (product.md §5)', () => {
  it('keeps an image up to 5 MB and refuses the rest', () => {
    expect(checkLogoFile({ type: 'image/svg+xml', size: LOGO_MAX_BYTES })).toBeNull();
    expect(checkLogoFile({ type: 'application/pdf', size: 1 })?.description).toBe(
      'Please select an image file.',
    );
    expect(checkLogoFile({ type: 'image/png', size: LOGO_MAX_BYTES + 1 })?.description).toBe(
      'Please select an image smaller than 5MB.',
    );
  });
});

describe('titleFromFileName', () => {
  it.each([
    ['Morning Ride.mp4', 'Morning Ride'],
    ['class.final.mov', 'class.final'],
    ['no-extension', 'no-extension'],
    ['.hidden', '.hidden'],
  ])('%s -> %s', (name, title) => expect(titleFromFileName(name)).toBe(title));
});

describe('createVideoBody (product.md §5 video creation)', () => {
  it('takes videoURL or originalFileUrl, coerces the flags and nulls blank optional text', () => {
    const parsed = createVideoBody.parse({
      ...valid,
      videoURL: undefined,
      originalFileUrl: '/api/objects/uploads/a/c',
      fileSize: 123,
      replaceBackground: 'false',
      addLogo: 'off',
      description: '   ',
      enhancementNotes: null,
    });
    expect(parsed).toMatchObject({
      originalFileUrl: '/api/objects/uploads/a/c',
      fileSize: '123',
      replaceBackground: false,
      addLogo: false,
      description: null,
      enhancementNotes: null,
      backgroundDescription: null,
      logoFileUrl: null,
    });
    expect(
      createVideoBody.parse({ ...valid, replaceBackground: 'true', backgroundDescription: 'x' })
        .replaceBackground,
    ).toBe(true);
  });

  it.each([
    [{ ...valid, replaceBackground: true }, VIDEO_MESSAGES.backgroundRequired],
    [{ ...valid, fileSize: '12.5' }, 'File size must be a whole number of bytes'],
    [{ ...valid, fileSize: -1 }, 'File size must be a whole number of bytes'],
    [{ ...valid, title: 'x'.repeat(201) }, 'Title must be under 200 characters'],
  ])('refuses %j', (input, message) => {
    const result = createVideoBody.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('refuses a body that is not an object', () => {
    expect(createVideoBody.safeParse('nope').success).toBe(false);
    expect(createVideoBody.safeParse([]).success).toBe(false);
  });
});

describe('updateVideoBody', () => {
  it('needs something to change and keeps the limits', () => {
    expect(updateVideoBody.safeParse({}).success).toBe(false);
    expect(updateVideoBody.parse({ description: '' })).toEqual({ description: null });
    expect(updateVideoBody.safeParse({ title: '' }).error?.issues[0]?.message).toBe(
      'Title is required',
    );
  });
});

describe('storedAddress (product.md §7)', () => {
  it('is the upload URL without its query string', () => {
    expect(storedAddress('/api/objects/uploads/a/b?expires=1&signature=x')).toBe(
      '/api/objects/uploads/a/b',
    );
    expect(storedAddress('https://bucket.s3.amazonaws.com/uploads/a/b?X-Amz-Signature=1')).toBe(
      'https://bucket.s3.amazonaws.com/uploads/a/b',
    );
    expect(storedAddress('/plain')).toBe('/plain');
  });
});
