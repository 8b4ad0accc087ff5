/** The admin area's pages (product.md §2 Admin area, and the custom domains desk). */
export const ADMIN_HOME = '/admin/videos';
export const ADMIN_DOMAINS = '/admin/domains';
/** One owner's plan and billing (linked from a video card's studio). */
export const ADMIN_OWNER = '/admin/owners/:id';
export const adminOwnerPath = (ownerId: string) => `/admin/owners/${encodeURIComponent(ownerId)}`;

export const ADMIN_NAV = [
  { href: ADMIN_HOME, label: 'Videos' },
  { href: ADMIN_DOMAINS, label: 'Domains' },
] as const;
