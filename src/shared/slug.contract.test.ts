import { describe, expect, it } from 'vitest';
import { INVALID_URL_MESSAGE, publicGymUrl, publicSlug, sanitizeSlugInput } from './slug.contract';

describe('sanitizeSlugInput (typing in the dashboard slug box)', () => {
  it.each([
    ['Spin City', 'spin-city'],
    ['Iron Ride!!', 'iron-ride'],
    ['IRON-spin_42!', 'iron-spin42'],
    ['café--zürich', 'caf-zrich'],
    ['iron-', 'iron-'],
    ['', ''],
  ])('%j becomes %j', (input, expected) => {
    expect(sanitizeSlugInput(input)).toBe(expected);
  });
});

describe('publicSlug (the dashboard rule first, then the onboarding lengths)', () => {
  it.each(['spin-city', 'abc', 'studio-54', 'a1-b2-c3', 'x'.repeat(50)])('accepts %j', (slug) => {
    expect(publicSlug.safeParse(slug).success).toBe(true);
  });

  it.each([
    ['ab', 'Slug must be at least 3 characters'],
    ['x'.repeat(51), 'Slug must be under 50 characters'],
    ['', INVALID_URL_MESSAGE],
    ['Spin', INVALID_URL_MESSAGE],
    ['-spin', INVALID_URL_MESSAGE],
    ['spin-', INVALID_URL_MESSAGE],
    ['spin--city', INVALID_URL_MESSAGE],
  ])('refuses %j with "%s"', (slug, message) => {
    const result = publicSlug.safeParse(slug);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('publicGymUrl', () => {
  it('builds {origin}/gym/{slug}', () => {
    expect(publicGymUrl('https://cadence.example', 'spin-city')).toBe(
      'https://cadence.example/gym/spin-city',
    );
  });
});
