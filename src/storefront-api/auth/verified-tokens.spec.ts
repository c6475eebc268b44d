import { createSecretKey, KeyObject } from 'node:crypto';
import { VerifiedTokens } from './verified-tokens';

const principal = (customerId: string) => ({ shopId: 'shop-1', customerId, tokenId: `jti-${customerId}` });
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

describe('VerifiedTokens', () => {
  const key = createSecretKey(Buffer.alloc(32, 1));
  const keyOf = (current: KeyObject | null) => async (): Promise<KeyObject | null> => current;

  it('given a remembered token, when the same bytes come again with the same shop key, then its principal is answered', async () => {
    const tokens = new VerifiedTokens();
    tokens.remember('a.b.c', principal('c1'), inSeconds(600), key);

    expect(await tokens.principal('a.b.c', keyOf(key))).toEqual(principal('c1'));
  });

  it('given a remembered token, other bytes are not it', async () => {
    const tokens = new VerifiedTokens();
    tokens.remember('a.b.c', principal('c1'), inSeconds(600), key);

    expect(await tokens.principal('a.b.d', keyOf(key))).toBeNull();
  });

  it('given a remembered token, when the shop key has changed (rotated secret), then it is forgotten', async () => {
    const tokens = new VerifiedTokens();
    tokens.remember('a.b.c', principal('c1'), inSeconds(600), key);
    const rotated = createSecretKey(Buffer.alloc(32, 2));

    expect(await tokens.principal('a.b.c', keyOf(rotated))).toBeNull();
    // Forgotten: even the old key does not bring it back.
    expect(await tokens.principal('a.b.c', keyOf(key))).toBeNull();
    expect(await new VerifiedTokens().principal('a.b.c', keyOf(null))).toBeNull();
  });

  it('given a remembered token whose exp has come, then it is refused', async () => {
    const tokens = new VerifiedTokens();
    tokens.remember('a.b.c', principal('c1'), inSeconds(0), key);
    tokens.remember('d.e.f', principal('c2'), inSeconds(-5), key);

    expect(await tokens.principal('a.b.c', keyOf(key))).toBeNull();
    expect(await tokens.principal('d.e.f', keyOf(key))).toBeNull();
  });

  it('keeps at most its limit, the least recently used going first', async () => {
    const tokens = new VerifiedTokens(2);
    tokens.remember('t1', principal('c1'), inSeconds(600), key);
    tokens.remember('t2', principal('c2'), inSeconds(600), key);
    await tokens.principal('t1', keyOf(key));
    tokens.remember('t3', principal('c3'), inSeconds(600), key);

    expect(await tokens.principal('t2', keyOf(key))).toBeNull();
    expect(await tokens.principal('t1', keyOf(key))).toEqual(principal('c1'));
    expect(await tokens.principal('t3', keyOf(key))).toEqual(principal('c3'));
  });
});
