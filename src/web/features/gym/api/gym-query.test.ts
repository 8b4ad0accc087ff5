import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { PublicGymResponse } from '@shared/gyms.contract';
import { gymByHostQuery, gymQuery, seedEmbeddedGym } from './gym-query';

const gym = {
  slug: 'ride-house',
  gymName: 'Ride House',
  videos: [],
} as unknown as PublicGymResponse;

describe('seedEmbeddedGym', () => {
  it("puts the HTML's gym under its slug's query, or the custom domain's, as if the API had answered", () => {
    const client = new QueryClient();
    seedEmbeddedGym(client, JSON.stringify({ slug: 'ride-house', gym }));
    expect(client.getQueryData(gymQuery('ride-house').queryKey)).toEqual(gym);
    expect(client.getQueryData(gymByHostQuery().queryKey)).toBeUndefined();

    const host = new QueryClient();
    seedEmbeddedGym(host, JSON.stringify({ slug: null, gym }));
    expect(host.getQueryData(gymByHostQuery().queryKey)).toEqual(gym);
  });

  it('leaves the cache empty without a gym or with broken JSON, so the page asks the API', () => {
    for (const text of [null, '', '{"slug":', 'not json']) {
      const client = new QueryClient();
      seedEmbeddedGym(client, text);
      expect(client.getQueryCache().getAll(), String(text)).toEqual([]);
    }
  });
});
