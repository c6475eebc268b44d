import { createHmac } from 'node:crypto';
import { loginStateHash, loginStateOwner, newLoginState } from './chat-login-state';
import { chatFollows, verifyChatSignature } from './chat-notification';

describe('the chat login state', () => {
  it('names its shop and customer, and hashes to a value that does not contain it', () => {
    const state = newLoginState({ shopId: 'shop-1', customerId: 'cust.9' });
    expect(loginStateOwner(state)).toEqual({ shopId: 'shop-1', customerId: 'cust.9' });
    expect(loginStateHash(state)).toMatch(/^[0-9a-f]{64}$/);
    expect(newLoginState({ shopId: 'shop-1', customerId: 'cust.9' })).not.toBe(state);
  });

  it.each([['not-a-state'], ['a.b.short'], [`a.b.${'x'.repeat(43)}.extra`], ['x'.repeat(600)], ['..']])(
    '%s names nobody',
    (state) => expect(loginStateOwner(state)).toBeNull(),
  );
});

describe('the chat notification', () => {
  const secret = 'channel-secret-0123456789abcdef';
  const raw = Buffer.from('{"events":[]}');
  const sign = (body: Buffer, key = secret) => createHmac('sha256', key).update(body).digest('base64');

  it('is verified with the channel secret (base64 HMAC-SHA256 of the raw body)', () => {
    expect(() => verifyChatSignature(raw, sign(raw), secret)).not.toThrow();
    for (const signature of [
      undefined,
      '',
      'not base64!',
      sign(raw, 'another-secret-000000000'),
      sign(Buffer.from('x')),
    ])
      expect(() => verifyChatSignature(raw, signature, secret)).toThrow(
        expect.objectContaining({ code: 'UNAUTHORIZED' }),
      );
  });

  it('gives the follow and unfollow events in order, leaving out the others', () => {
    const body = {
      events: [
        { type: 'follow', timestamp: 1767225600000, source: { type: 'user', userId: 'U1' } },
        { type: 'message', source: { type: 'user', userId: 'U2' } },
        { type: 'unfollow', source: { type: 'user', userId: 'U1' } },
        { type: 'follow', source: { type: 'group' } },
      ],
    };
    expect(chatFollows(body)).toEqual([
      { rawUserId: 'U1', following: true, notifiedAt: 1767225600000 },
      { rawUserId: 'U1', following: false, notifiedAt: null },
    ]);
    expect(chatFollows(null)).toEqual([]);
    expect(chatFollows({ events: 'x' })).toEqual([]);
  });
});
