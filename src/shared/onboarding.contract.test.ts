import { describe, expect, it } from 'vitest';
import { companySlug, slugify } from './onboarding.contract';

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
