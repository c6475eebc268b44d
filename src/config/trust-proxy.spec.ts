import { trustProxySetting } from './trust-proxy';

describe('TRUST_PROXY', () => {
  it('is off when unset, empty or false', () => {
    expect(trustProxySetting(undefined)).toBe(false);
    expect(trustProxySetting('')).toBe(false);
    expect(trustProxySetting('false')).toBe(false);
  });

  it('takes a hop count, or a list of addresses, ranges and names', () => {
    expect(trustProxySetting('2')).toBe(2);
    expect(trustProxySetting('loopback, 10.0.0.0/8, 2001:db8::/32, 192.0.2.1')).toEqual([
      'loopback',
      '10.0.0.0/8',
      '2001:db8::/32',
      '192.0.2.1',
    ]);
  });

  it.each(['true', '0', '11', '10.0.0.0/99', 'everyone'])('refuses %s at startup', (value) => {
    expect(() => trustProxySetting(value)).toThrow(/TRUST_PROXY/);
  });
});
