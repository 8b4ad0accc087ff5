import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';

describe('clientAddress', () => {
  it('keeps IPv4 addresses, also IPv4-mapped ones', () => {
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address as its /64, however it is written', () => {
    const one = clientAddress('2001:db8:85a3:12::1');
    expect(one).toBe('2001:db8:85a3:12::/64');
    expect(clientAddress('2001:0db8:85a3:0012:ffff:eeee:dddd:cccc')).toBe(one);
    expect(clientAddress('2001:db8:85a3:12:1::')).toBe(one);
    expect(clientAddress('2001:db8:85a3:13::1')).not.toBe(one);
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
    expect(clientAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
