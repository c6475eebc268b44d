import { createHmac } from 'node:crypto';
import { customerOfRef, feedCustomerRef, feedOptins, feedUserRef, verifyFeedSignature } from './feed-notification';

describe('feed notifications: signature, customer ref, user hash, links', () => {
  const raw = Buffer.from('{"object":"page"}');
  const sign = (body: Buffer, secret: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

  it('accepts only sha256=<hex> of the raw body with the app secret', () => {
    expect(() => verifyFeedSignature(raw, sign(raw, 'secret'), 'secret')).not.toThrow();
    expect(() =>
      verifyFeedSignature(raw, sign(raw, 'secret').toUpperCase().replace('SHA256', 'sha256'), 'secret'),
    ).not.toThrow();
    for (const bad of [undefined, '', sign(raw, 'other'), sign(Buffer.from('{}'), 'secret'), 'sha256=zz', 'sha1=00'])
      expect(() => verifyFeedSignature(raw, bad, 'secret')).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED' }));
  });

  it("a ref names its customer only when made with the shop's headless secret", () => {
    const ref = feedCustomerRef('hs_shop', '2001');
    expect(ref).toMatch(/^2001\.[0-9a-f]{64}$/);
    expect(customerOfRef('hs_shop', ref)).toBe('2001');
    expect(customerOfRef('hs_other', ref)).toBeNull();
    expect(customerOfRef('hs_shop', ref.replace('2001.', '2002.'))).toBeNull();
    expect(customerOfRef('hs_shop', '2001')).toBeNull();
    expect(customerOfRef('hs_shop', `.${ref.slice(5)}`)).toBeNull();
  });

  it('the user is kept as a hash keyed with the app secret: stable, and not the id', () => {
    expect(feedUserRef('secret', '7701')).toBe(feedUserRef('secret', '7701'));
    expect(feedUserRef('secret', '7701')).not.toBe(feedUserRef('other', '7701'));
    expect(feedUserRef('secret', '7701')).not.toContain('7701');
  });

  it('reads the opt-ins of every entry; other items and incomplete ones are not links', () => {
    const body = {
      entry: [
        {
          id: 'p1',
          messaging: [{ sender: { id: 'u1', name: ' Ada ' }, optin: { ref: 'r1' } }, { sender: { id: 'u2' } }],
        },
        { id: 'p2', messaging: [{ sender: { id: 'u3' }, optin: { ref: 'r3' } }, { optin: { ref: 'r4' } }] },
        { messaging: [{ sender: { id: 'u5' }, optin: { ref: 'r5' } }] },
        { id: 'p3', messaging: 'nope' },
      ],
    };
    expect(feedOptins(body)).toEqual([
      { pageId: 'p1', rawUserId: 'u1', customerRef: 'r1', feedName: 'Ada' },
      { pageId: 'p2', rawUserId: 'u3', customerRef: 'r3', feedName: null },
    ]);
    expect(feedOptins(null)).toEqual([]);
    expect(feedOptins({ entry: 'x' })).toEqual([]);
  });
});
