import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@shared/webhooks.contract';

/**
 * Where a webhook may be sent (SSRF): only to public unicast addresses, unless the operator allows
 * private networks (WEBHOOKS_ALLOW_PRIVATE_NETWORKS, for development). The URL is checked when it is
 * registered and again at every send, against the addresses its host resolves to then; the sender
 * connects to the address checked here, so a DNS answer that changes afterwards (rebinding) is not
 * followed.
 */

/** Every range a webhook never reaches without the operator's setting. */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // CGNAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: checked through its IPv4 below as well
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds any IPv4)
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, NAT64), else null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::ffff:0:|64:ff9b::)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|::ffff:0:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True when an IP address is public unicast: a webhook may be sent there. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !BLOCKED.check(address, 'ipv4');
  if (version !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4) return isIP(v4) === 4 && !BLOCKED.check(v4, 'ipv4');
  // Any other address in ::ffff:0:0/96 is malformed for us: refuse.
  if (/^::ffff:/i.test(address)) return false;
  return !BLOCKED.check(address, 'ipv6');
}

/** A URL refused: the message is WEBHOOK_MESSAGES' words for the owner and the delivery log. */
export class WebhookAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookAddressError';
  }
}

export interface UrlRules {
  /** Only https:// (the production setting); otherwise http:// too. */
  httpsOnly: boolean;
}

/** Ports a webhook may use: the scheme's standard one, or any unprivileged port. */
function portAllowed(url: URL): boolean {
  if (url.port === '') return true;
  const port = Number(url.port);
  return port >= 1024 && port <= 65535;
}

/**
 * The URL's syntax, scheme, credentials and port (no network): a parsed URL, or WebhookAddressError.
 * The host may be a name or an address literal; addresses are checked by `resolveTarget`.
 */
export function parseWebhookUrl(raw: string, rules: UrlRules): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookAddressError(WEBHOOK_MESSAGES.urlInvalid);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new WebhookAddressError(
      rules.httpsOnly ? WEBHOOK_MESSAGES.urlHttps : WEBHOOK_MESSAGES.urlInvalid,
    );
  }
  if (rules.httpsOnly && url.protocol !== 'https:') {
    throw new WebhookAddressError(WEBHOOK_MESSAGES.urlHttps);
  }
  if (url.username !== '' || url.password !== '') {
    throw new WebhookAddressError(WEBHOOK_MESSAGES.urlCredentials);
  }
  if (url.hostname === '' || url.hostname.length > 253) {
    throw new WebhookAddressError(WEBHOOK_MESSAGES.urlInvalid);
  }
  if (!portAllowed(url)) throw new WebhookAddressError(WEBHOOK_MESSAGES.urlPort);
  return url;
}

/** A URL's host without the brackets of an IPv6 literal. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

/** Resolves a host name to its addresses (every family), like node:dns's lookup with `all`. */
export type HostResolver = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: HostResolver = (host) =>
  dnsLookup(host, { all: true, verbatim: true });

/** A host name that takes longer than this to resolve counts as not found. */
const RESOLVE_TIMEOUT_MS = 5000;

/** The address a delivery connects to, checked. */
export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
}

/**
 * The address to connect to for this URL: an address literal as it is, a name through `resolve`.
 * Every address the name resolves to must be public (one private answer among public ones is the
 * classic rebinding trick), unless `allowPrivate`. Throws WebhookAddressError.
 */
export async function resolveTarget(
  url: URL,
  options: { allowPrivate: boolean; resolve: HostResolver },
): Promise<ResolvedTarget> {
  const host = hostOf(url);
  let addresses: { address: string; family: number }[];
  if (isIP(host) !== 0) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    let timer: NodeJS.Timeout | undefined;
    try {
      addresses = await Promise.race([
        options.resolve(host),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('DNS timeout')), RESOLVE_TIMEOUT_MS);
        }),
      ]);
    } catch {
      throw new WebhookAddressError(WEBHOOK_MESSAGES.urlUnresolvable);
    } finally {
      clearTimeout(timer);
    }
  }
  if (addresses.length === 0) throw new WebhookAddressError(WEBHOOK_MESSAGES.urlUnresolvable);
  if (!options.allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) {
    throw new WebhookAddressError(WEBHOOK_MESSAGES.urlPrivate);
  }
  const first = addresses[0]!;
  return { address: first.address, family: isIP(first.address) === 6 ? 6 : 4 };
}
