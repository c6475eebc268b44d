import {
  checkConnectedAddress,
  checkResolvedAddresses,
  checkWebhookUrl,
  classifyAddressText,
} from '../../src/webhooks/domain/webhook-url';

describe('webhook URL policy', () => {
  const strict = { allowLoopbackHttp: false };
  const local = { allowLoopbackHttp: true };

  it('accepts public https URLs', () => {
    expect(checkWebhookUrl('https://merchant.example.com/hooks?x=1', strict)).toMatchObject({
      ok: true,
      host: 'merchant.example.com',
      address: null,
    });
    expect(checkWebhookUrl('https://93.184.216.34/hook', strict)).toMatchObject({ ok: true, address: '93.184.216.34' });
    expect(checkWebhookUrl('https://[2606:4700::1111]/hook', strict)).toMatchObject({ ok: true });
    // A trailing dot is the same name, and a public one stays acceptable.
    expect(checkWebhookUrl('https://merchant.example.com./h', strict)).toMatchObject({
      ok: true,
      host: 'merchant.example.com',
    });
    // 6to4 of a public IPv4 address is public.
    expect(checkWebhookUrl('https://[2002:5db8:d822::1]/h', strict)).toMatchObject({ ok: true });
  });

  it.each([
    [undefined, 'required'],
    ['', 'required'],
    ['not a url', 'absolute'],
    ['ftp://merchant.example.com/x', 'https'],
    ['http://merchant.example.com/x', 'https'],
    ['https://user:pw@merchant.example.com/x', 'credentials'],
    ['https://10.1.2.3/x', 'private'],
    ['https://172.20.0.1/x', 'private'],
    ['https://192.168.1.1/x', 'private'],
    ['https://169.254.169.254/latest/meta-data', 'link-local'],
    ['https://100.64.0.1/x', 'CGNAT'],
    ['https://0.0.0.0/x', 'unspecified'],
    ['https://255.255.255.255/x', 'broadcast'],
    ['https://224.0.0.1/x', 'multicast'],
    ['https://198.18.0.1/x', 'reserved'],
    ['https://[fd00::1]/x', 'private'],
    ['https://[fd00:ec2::254]/latest', 'private'],
    ['https://[fe80::1]/x', 'link-local'],
    ['https://[ff02::1]/x', 'multicast'],
    ['https://[2001:db8::1]/x', 'reserved'],
    ['https://metadata.google.internal/x', 'internal'],
    ['https://intranet/x', 'internal'],
    ['https://printer.local/x', 'internal'],
    ['http://127.0.0.1:8080/x', 'this machine'],
    ['https://localhost/x', 'this machine'],
  ])('refuses %s (%s)', (url, reason) => {
    const verdict = checkWebhookUrl(url, strict);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok === false && verdict.reason).toContain(reason);
  });

  // Every address form that reaches a refused range, as typed and as the URL parser rewrites it.
  it.each([
    ['IPv4-mapped metadata', 'https://[::ffff:169.254.169.254]/latest/meta-data', 'link-local'],
    ['IPv4-mapped metadata, hex', 'https://[::ffff:a9fe:a9fe]/latest/meta-data', 'link-local'],
    ['IPv4-mapped private', 'https://[::ffff:10.0.0.1]/x', 'private'],
    ['IPv4-mapped private, hex', 'https://[::ffff:a00:1]/x', 'private'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]:8443/x', 'this machine'],
    ['IPv4-mapped loopback, hex', 'https://[::ffff:7f00:1]:8443/x', 'this machine'],
    ['IPv4-mapped loopback, long form', 'https://[0:0:0:0:0:ffff:7f00:1]/x', 'this machine'],
    ['IPv4-mapped unspecified', 'https://[::ffff:0.0.0.0]/x', 'unspecified'],
    ['IPv4-mapped unspecified, hex', 'https://[::ffff:0:0]/x', 'unspecified'],
    ['SIIT-translated loopback', 'https://[::ffff:0:7f00:1]/x', 'this machine'],
    ['IPv4-compatible loopback', 'https://[::127.0.0.1]/x', 'tunnelled loopback'],
    ['IPv4-compatible private', 'https://[::10.0.0.1]/x', 'private'],
    ['NAT64 of metadata', 'https://[64:ff9b::169.254.169.254]/x', 'link-local'],
    ['NAT64 local-use', 'https://[64:ff9b:1::a00:1]/x', 'NAT64'],
    ['6to4 of loopback', 'https://[2002:7f00:1::1]/x', 'tunnelled loopback'],
    ['NAT64 of loopback', 'https://[64:ff9b::7f00:1]/x', 'tunnelled loopback'],
    ['6to4 of private', 'https://[2002:c0a8:101::1]/x', 'private'],
    ['Teredo', 'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x', 'Teredo'],
    ['IPv6 unspecified', 'https://[::]/x', 'unspecified'],
    ['IPv6 loopback', 'https://[::1]/x', 'this machine'],
    ['hex IPv4', 'https://0x7f.1/x', 'this machine'],
    ['hex IPv4, one number', 'https://0x7f000001/x', 'this machine'],
    ['octal IPv4', 'https://0177.0.0.1/x', 'this machine'],
    ['octal private', 'https://012.0.0.1/x', 'private'],
    ['decimal integer IPv4', 'https://2130706433/x', 'this machine'],
    ['decimal integer metadata', 'https://2852039166/latest', 'link-local'],
    ['short IPv4', 'https://127.1/x', 'this machine'],
    ['zero', 'https://0/x', 'unspecified'],
    ['trailing dot on an address', 'https://127.0.0.1./x', 'this machine'],
    ['trailing dot on localhost', 'https://localhost./x', 'this machine'],
    ['trailing dots on localhost', 'https://localhost../x', 'this machine'],
    ['upper case localhost with a dot', 'https://LOCALHOST./x', 'this machine'],
    ['a name under localhost', 'https://api.localhost./x', 'this machine'],
    ['percent-encoded localhost', 'https://%6c%6fcalhost/x', 'this machine'],
    ['trailing dot on an internal name', 'https://metadata.google.internal./x', 'internal'],
    ['single label with a dot', 'https://intranet./x', 'internal'],
  ])('refuses %s: %s', (_form, url, reason) => {
    const verdict = checkWebhookUrl(url, strict);
    expect(verdict).toEqual({ ok: false, reason: expect.stringContaining(reason) });
  });

  it('allows loopback, over plain http too, only when the policy says so; never 0.0.0.0 or ::', () => {
    expect(checkWebhookUrl('http://127.0.0.1:8080/x', local)).toMatchObject({ ok: true, loopback: true });
    expect(checkWebhookUrl('http://localhost:8080/x', local)).toMatchObject({ ok: true, loopback: true });
    expect(checkWebhookUrl('http://localhost.:8080/x', local)).toMatchObject({ ok: true, host: 'localhost' });
    expect(checkWebhookUrl('http://[::ffff:127.0.0.1]:8080/x', local)).toMatchObject({
      ok: true,
      loopback: true,
      address: '::ffff:7f00:1',
    });
    expect(checkWebhookUrl('http://10.0.0.1/x', local)).toMatchObject({ ok: false });
    expect(checkWebhookUrl('http://0.0.0.0:8080/x', local)).toMatchObject({ ok: false });
    expect(checkWebhookUrl('http://[::]:8080/x', local)).toMatchObject({ ok: false });
    expect(checkWebhookUrl('http://[::ffff:0:0]:8080/x', local)).toMatchObject({ ok: false });
  });

  it('classifies resolved addresses in every textual form', () => {
    expect(classifyAddressText('::ffff:10.0.0.1')).toEqual({ kind: 'refused', reason: 'private' });
    expect(classifyAddressText('::ffff:7f00:1')).toEqual({ kind: 'loopback' });
    expect(classifyAddressText('0x7f.1')).toEqual({ kind: 'loopback' });
    expect(classifyAddressText('8.8.8.8')).toEqual({ kind: 'public' });
    expect(classifyAddressText('2606:4700::1111')).toEqual({ kind: 'public' });
    expect(classifyAddressText('fe80::1%eth0')).toEqual({ kind: 'refused', reason: 'link-local' });
    expect(classifyAddressText('not an address')).toEqual({ kind: 'refused', reason: 'malformed' });
  });

  it('judges what a name resolves to: any refused address refuses the name', () => {
    expect(
      checkResolvedAddresses('a.example.com', ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'], strict),
    ).toBeNull();
    expect(checkResolvedAddresses('a.example.com', ['93.184.215.14', '10.0.0.1'], strict)).toContain('private');
    expect(checkResolvedAddresses('a.example.com', ['::ffff:a9fe:a9fe'], strict)).toContain('link-local');
    expect(checkResolvedAddresses('a.example.com', ['127.0.0.1'], strict)).toContain('this machine');
    expect(checkResolvedAddresses('a.example.com', ['127.0.0.1'], local)).toBeNull();
    expect(checkResolvedAddresses('a.example.com', ['0.0.0.0'], local)).toContain('unspecified');
    expect(checkResolvedAddresses('a.example.com', [], strict)).toContain('does not resolve');
  });

  it('judges the connected address the same way', () => {
    expect(checkConnectedAddress('::ffff:127.0.0.1', strict)).toBe('connected to this machine');
    expect(checkConnectedAddress('::ffff:127.0.0.1', local)).toBeNull();
    expect(checkConnectedAddress('::ffff:169.254.169.254', local)).toBe('connected to a link-local address');
    expect(checkConnectedAddress('93.184.215.14', strict)).toBeNull();
  });
});
