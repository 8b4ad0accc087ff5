import { describe, expect, it } from 'vitest';
import { MULTI_LOCATION_LIMIT } from '@shared/plan-features';
import type { LocationDto } from '@shared/locations.contract';
import {
  canAddLocation,
  classCount,
  classesOnlyAt,
  isMainLocation,
  locationFormValues,
  ownColours,
  sameClasses,
  toggleClass,
} from './location-rules';

function location(id: string, videoIds: string[], overrides?: Partial<LocationDto>): LocationDto {
  return {
    id,
    name: `Location ${id}`,
    slug: `location-${id}`,
    primaryColor: '#ff4500',
    secondaryColor: '#1a1a1a',
    logoUrl: null,
    overrides: { primaryColor: null, secondaryColor: null, logoUrl: null },
    online: true,
    videoIds,
    customDomain: null,
    customDomainStatus: null,
    customDomainVerifiedAt: null,
    customDomainRecord: null,
    ...overrides,
  };
}

describe('isMainLocation', () => {
  it('is the account’s own gym only', () => {
    expect(isMainLocation({ id: 'main' })).toBe(true);
    expect(isMainLocation({ id: '0b7c3f0e-4a43-4c55-9a61-2f4d3f3c9a10' })).toBe(false);
  });
});

describe('canAddLocation', () => {
  const locations = (n: number) => Array.from({ length: n }, (_, i) => location(String(i), []));
  it('needs the plan and room under the limit', () => {
    expect(
      canAddLocation({ allowed: true, limit: MULTI_LOCATION_LIMIT, locations: locations(1) }),
    ).toBe(true);
    expect(canAddLocation({ allowed: true, limit: 3, locations: locations(2) })).toBe(true);
    expect(canAddLocation({ allowed: true, limit: 3, locations: locations(3) })).toBe(false);
    expect(canAddLocation({ allowed: false, limit: 1, locations: locations(1) })).toBe(false);
    // Off the plan, with further locations kept offline: still none to add.
    expect(canAddLocation({ allowed: false, limit: 1, locations: locations(3) })).toBe(false);
  });
});

describe('classCount', () => {
  it.each([
    [0, '0 classes'],
    [1, '1 class'],
    [12, '12 classes'],
  ])('%i is "%s"', (n, words) => expect(classCount(n)).toBe(words));
});

describe('classesOnlyAt', () => {
  const view = [location('main', ['a', 'b']), location('x', ['b', 'c', 'd']), location('y', ['d'])];
  it('names the classes no other location offers', () => {
    expect(classesOnlyAt(view, 'x')).toEqual(['c']);
    expect(classesOnlyAt(view, 'main')).toEqual(['a']);
    expect(classesOnlyAt(view, 'y')).toEqual([]);
  });
  it('is empty for an unknown location', () => {
    expect(classesOnlyAt(view, 'gone')).toEqual([]);
  });
});

describe('locationFormValues', () => {
  it('starts a new location empty, with the gym’s colours', () => {
    expect(locationFormValues(null)).toEqual({
      name: '',
      slug: '',
      primaryColor: null,
      secondaryColor: null,
    });
  });
  it('edits the saved name, slug and overrides (not the colours the page falls back to)', () => {
    const saved = location('x', [], {
      name: 'Downtown',
      slug: 'peak-downtown',
      primaryColor: '#00ff00',
      overrides: { primaryColor: '#00ff00', secondaryColor: null, logoUrl: null },
    });
    expect(locationFormValues(saved)).toEqual({
      name: 'Downtown',
      slug: 'peak-downtown',
      primaryColor: '#00ff00',
      secondaryColor: null,
    });
  });
});

describe('ownColours', () => {
  const gym = { primaryColor: '#ff4500', secondaryColor: '#1a1a1a' };
  it('starts from the gym’s colours where there is no override', () => {
    expect(ownColours(gym, { primaryColor: null, secondaryColor: null })).toEqual(gym);
    expect(ownColours(gym, { primaryColor: '#123456', secondaryColor: undefined })).toEqual({
      primaryColor: '#123456',
      secondaryColor: '#1a1a1a',
    });
  });
});

describe('toggleClass', () => {
  const order = ['a', 'b', 'c'];
  it('adds and removes, keeping the list’s order', () => {
    expect(toggleClass(['c'], 'a', true, order)).toEqual(['a', 'c']);
    expect(toggleClass(['a', 'c'], 'a', false, order)).toEqual(['c']);
    expect(toggleClass(['a'], 'a', true, order)).toEqual(['a']);
  });
  it('drops classes the list no longer shows (deleted meanwhile)', () => {
    expect(toggleClass(['gone', 'b'], 'c', true, order)).toEqual(['b', 'c']);
  });
});

describe('sameClasses', () => {
  it('compares as sets', () => {
    expect(sameClasses(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameClasses(['a'], ['a', 'b'])).toBe(false);
    expect(sameClasses(['a', 'c'], ['a', 'b'])).toBe(false);
    expect(sameClasses([], [])).toBe(true);
  });
});
