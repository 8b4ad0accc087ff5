/**
 * The app's own host names (config APP_HOSTS / PUBLIC_URL): they and every name under them belong to
 * Cadence, so they are never a gym's custom domain, whatever a request or a database row says.
 */

/** Loopback names: always the app's own, and what `npm start` on a laptop answers to. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '::1'];

/**
 * A Host header (or a host name) as compared: lowercased, without a port, brackets around an IPv6
 * address or a trailing dot. Bounded: anything longer than a DNS name can be is ''.
 */
export function bareHost(host: string): string {
  if (host.length > 300) return '';
  let name = host.trim().toLowerCase();
  if (name.startsWith('['))
    name = name.slice(1, name.indexOf(']') === -1 ? undefined : name.indexOf(']'));
  else name = name.replace(/:\d{1,5}$/, '');
  return name.replace(/\.$/, '');
}

/** True when the host is one of the app's own names or a name under one of them. */
export function isAppHost(host: string, appHosts: readonly string[]): boolean {
  const name = bareHost(host);
  if (name === '') return false;
  return appHosts.some((own) => name === own || name.endsWith(`.${own}`));
}
