import { clientKey } from './client-address';

describe('clientKey', () => {
  it('keeps an IPv4 address as it is, and reads an IPv4-mapped IPv6 address as its IPv4', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 clients by their /64: two addresses of one subscriber share a key, neighbours do not', () => {
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('::1')).toBe('::/64');
  });

  it('answers what it cannot parse unchanged, and "unknown" for nothing', () => {
    expect(clientKey(undefined)).toBe('unknown');
    expect(clientKey('not-an-ip')).toBe('not-an-ip');
  });
});
