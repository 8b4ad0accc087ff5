/**
 * The public gym pages in the cache: the gym page reads them, the owner's customize preview shares
 * the entry of its own gym, and a branding change marks them all for reading again.
 */
export const gymKeys = {
  all: ['gym'] as const,
  // One key type for both lookups: the gym page reads either the same way.
  bySlug: (slug: string): readonly string[] => [...gymKeys.all, 'slug', slug],
  byHost: (): readonly string[] => [...gymKeys.all, 'host'],
};
