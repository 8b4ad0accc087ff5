import { CUSTOM_DOMAIN_META } from '@shared/gyms.contract';

/**
 * True when the server marked this page as opened on a gym's custom domain (product.md §9): the router
 * then shows that gym's public page on every path.
 */
export function isCustomDomainPage(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.querySelector(`meta[name="${CUSTOM_DOMAIN_META}"]`) !== null
  );
}
