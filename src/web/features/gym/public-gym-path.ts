/** The public gym page path (spec §2), open to anyone with the slug, signed in or not. */
export const PUBLIC_GYM_PATH = '/gym/:gymSlug';
