import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client's address as rate limits count it: an IPv4 address as it is (also when it arrives
 * IPv4-mapped, `::ffff:1.2.3.4`), an IPv6 address as its /64 network: one subscriber usually holds a
 * whole /64, and counting single addresses would give them 2^64 fresh keys.
 */
export function clientAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = [
    ...left,
    ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'),
    ...right,
  ];
  const network = groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16));
  return `${network.join(':')}::/64`;
}
