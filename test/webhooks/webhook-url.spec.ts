import { checkWebhookUrl, refusedAddress } from '../../src/webhooks/domain/webhook-url';

describe('webhook URL policy', () => {
  const strict = { allowLoopbackHttp: false };
  const local = { allowLoopbackHttp: true };

  it('accepts public https URLs', () => {
    expect(checkWebhookUrl('https://merchant.example.com/hooks?x=1', strict)).toMatchObject({ ok: true });
    expect(checkWebhookUrl('https://93.184.216.34/hook', strict)).toMatchObject({ ok: true });
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
    ['https://[fd00::1]/x', 'private'],
    ['https://[fe80::1]/x', 'link-local'],
    ['https://metadata.google.internal/x', 'internal'],
    ['https://intranet/x', 'internal'],
    ['http://127.0.0.1:8080/x', 'this machine'],
    ['https://localhost/x', 'this machine'],
  ])('refuses %s (%s)', (url, reason) => {
    const verdict = checkWebhookUrl(url, strict);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok === false && verdict.reason).toContain(reason);
  });

  it('allows loopback, over plain http too, only when the policy says so', () => {
    expect(checkWebhookUrl('http://127.0.0.1:8080/x', local)).toMatchObject({ ok: true });
    expect(checkWebhookUrl('http://localhost:8080/x', local)).toMatchObject({ ok: true });
    expect(checkWebhookUrl('http://10.0.0.1/x', local)).toMatchObject({ ok: false });
  });

  it('classifies resolved addresses for the delivery-time check', () => {
    expect(refusedAddress('::ffff:10.0.0.1')).toBe('private');
    expect(refusedAddress('8.8.8.8')).toBeNull();
    expect(refusedAddress('2606:4700::1111')).toBeNull();
    expect(refusedAddress('127.0.0.1')).toBe('loopback');
  });
});
