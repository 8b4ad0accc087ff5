import { describe, expect, it } from 'vitest';
import { companySlug, slugCandidates, slugify } from './onboarding.contract';

describe('slugify (the onboarding prefill rule)', () => {
  it.each([
    ['Spin City', 'spin-city'],
    ['  The   Cycle  Lab  ', 'the-cycle-lab'],
    ["Joe's Gym & Spa!", 'joes-gym-spa'],
    ['Power -- Cycle', 'power-cycle'],
    ['Studio 54', 'studio-54'],
    ['-Edge-', 'edge'],
    ['Café Zürich', 'caf-zrich'],
  ])('%j becomes %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('produces slugs that pass the slug rules when long enough', () => {
    for (const name of ['Spin City', 'Ride & Shine Studio', '  Pedal  Power  ']) {
      expect(companySlug.safeParse(slugify(name)).success).toBe(true);
    }
  });
});

describe('slugCandidates (suggestions for a taken or reserved slug)', () => {
  it('adds a word or a number, nearest first', () => {
    expect(slugCandidates('iron-ride')).toEqual([
      'iron-ride-studio',
      'iron-ride-cycle',
      'iron-ride-spin',
      'iron-ride-fitness',
      'iron-ride-ride',
      'iron-ride-2',
      'iron-ride-3',
      'iron-ride-4',
    ]);
  });

  it('keeps every candidate within the slug rules, even from a 50-character slug', () => {
    const long = `${'a'.repeat(30)}-${'b'.repeat(19)}`;
    const candidates = slugCandidates(long);
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of [...candidates, ...slugCandidates('x-'.repeat(25).slice(0, 50))]) {
      expect(companySlug.safeParse(c).success, c).toBe(true);
      expect(c.length).toBeLessThanOrEqual(50);
    }
  });
});
