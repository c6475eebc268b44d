import { shopDecider, ShopCommand } from './shop.decider';
import { ShopEventType } from './shop-events';
import { deciderSpec } from '../../../test/support/decider-spec';

const spec = deciderSpec(shopDecider);
const meta = { shopId: 's1', occurredAt: '2026-01-01T00:00:00.000Z', newId: () => 'e1' };
const provision = (fields: Partial<Extract<ShopCommand, { type: 'ProvisionShop' }>> = {}): ShopCommand => ({
  type: 'ProvisionShop',
  meta,
  domain: 'shop.example.com',
  plan: 'ultimate',
  currency: 'USD',
  timezone: 'Europe/Paris',
  appKey: 'ak_1',
  ...fields,
});

describe('shop provisioning', () => {
  it('provisions a shop without any secret in the event', () => {
    spec
      .given([])
      .when(provision())
      .then([
        {
          type: ShopEventType.Provisioned,
          shopId: 's1',
          eventId: 'e1',
          occurredAt: '2026-01-01T00:00:00.000Z',
          domain: 'shop.example.com',
          plan: 'ultimate',
          currency: 'USD',
          timezone: 'Europe/Paris',
          appKey: 'ak_1',
        },
      ]);
  });

  it('refuses a second shop for the same domain', () => {
    const [event] = spec.given([]).when(provision()).events();
    spec.given([event]).when(provision()).thenThrows('SHOP_EXISTS', 409);
  });

  it.each([
    [{ domain: 'not a domain' }, 'domain'],
    [{ plan: 'gold' }, 'plan'],
    [{ currency: 'dollars' }, 'currency'],
    [{ timezone: 'Mars/Base' }, 'timezone'],
  ])('names the bad field: %j is refused naming %s', (fields, field) => {
    expect(spec.given([]).when(provision(fields)).thenThrows('BAD_REQUEST').details).toEqual({ field });
  });
});

describe('the connected messaging page', () => {
  it('is set on a provisioned shop, saying whether the app secret changed and never what to', () => {
    const [provisioned] = spec.given([]).when(provision()).events();
    spec
      .given([provisioned])
      .when({ type: 'SetFeedConnection', meta, policy: { pageId: '1047' }, appSecretChanged: true })
      .then([
        {
          type: ShopEventType.FeedConnectionSet,
          shopId: 's1',
          eventId: 'e1',
          occurredAt: '2026-01-01T00:00:00.000Z',
          policy: { pageId: '1047' },
          appSecretChanged: true,
        },
      ]);
    spec
      .given([])
      .when({ type: 'SetFeedConnection', meta, policy: { pageId: null }, appSecretChanged: false })
      .thenThrows('NOT_FOUND', 404);
  });
});

describe('the connected chat channel', () => {
  it('is set on a provisioned shop, saying whether the channel secret changed and never what to', () => {
    const [provisioned] = spec.given([]).when(provision()).events();
    spec
      .given([provisioned])
      .when({ type: 'SetChatConnection', meta, policy: { channelId: '1657000001' }, channelSecretChanged: true })
      .then([
        {
          type: ShopEventType.ChatConnectionSet,
          shopId: 's1',
          eventId: 'e1',
          occurredAt: '2026-01-01T00:00:00.000Z',
          policy: { channelId: '1657000001' },
          channelSecretChanged: true,
        },
      ]);
    spec
      .given([])
      .when({ type: 'SetChatConnection', meta, policy: { channelId: null }, channelSecretChanged: false })
      .thenThrows('NOT_FOUND', 404);
  });
});

describe('the wallet-pass credentials', () => {
  it('say which section was set, removed or left as it was, never a value; only on a provisioned shop', () => {
    const [provisioned] = spec.given([]).when(provision()).events();
    spec
      .given([provisioned])
      .when({ type: 'SetWalletPasses', meta, alpha: 'set', beta: 'removed' })
      .then([
        {
          type: ShopEventType.WalletPassesSet,
          shopId: 's1',
          eventId: 'e1',
          occurredAt: '2026-01-01T00:00:00.000Z',
          alpha: 'set',
          beta: 'removed',
        },
      ]);
    spec
      .given([])
      .when({ type: 'SetWalletPasses', meta, alpha: 'unchanged', beta: 'set' })
      .thenThrows('NOT_FOUND', 404);
  });
});
