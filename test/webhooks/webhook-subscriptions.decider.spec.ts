import { webhookSubscriptions } from '../../src/webhooks/domain/webhook-subscriptions.decider';
import { WebhookEvent, WebhookEventType as T } from '../../src/webhooks/domain/webhook-events';
import { deciderSpec, sequentialIds } from '../support/decider-spec';

const spec = deciderSpec(webhookSubscriptions);
const meta = () => ({ shopId: 's1', occurredAt: '2026-01-01T00:00:00.000Z', newId: sequentialIds('n') });
const registered: WebhookEvent = {
  type: T.Registered,
  eventId: 'e1',
  occurredAt: 'x',
  shopId: 's1',
  webhookId: 'w1',
  topic: 'points/earned',
  url: 'https://a.example.com/h',
};

describe('webhook subscriptions', () => {
  it('registers a known topic', () => {
    spec
      .given([])
      .when({ type: 'Register', meta: meta(), webhookId: 'w1', topic: 'tier/upgraded', url: 'https://a.example.com/h' })
      .thenMatches([{ type: T.Registered, webhookId: 'w1', topic: 'tier/upgraded' }]);
  });

  it('refuses an unknown topic and a duplicate (topic, url)', () => {
    expect(
      spec
        .given([])
        .when({
          type: 'Register',
          meta: meta(),
          webhookId: 'w1',
          topic: 'points/spent',
          url: 'https://a.example.com/h',
        })
        .thenThrows('BAD_REQUEST').details,
    ).toEqual({ field: 'topic' });
    spec
      .given([registered])
      .when({ type: 'Register', meta: meta(), webhookId: 'w2', topic: 'points/earned', url: 'https://a.example.com/h' })
      .thenThrows('WEBHOOK_EXISTS', 409);
  });

  it('updates url and isEnabled, records only changes', () => {
    spec
      .given([registered])
      .when({ type: 'Update', meta: meta(), webhookId: 'w1', isEnabled: false })
      .thenMatches([{ type: T.Updated, isEnabled: false }]);
    spec
      .given([registered])
      .when({ type: 'Update', meta: meta(), webhookId: 'w1', url: 'https://a.example.com/h', isEnabled: true })
      .thenNothing();
    spec
      .given([])
      .when({ type: 'Update', meta: meta(), webhookId: 'w1', isEnabled: false })
      .thenThrows('NOT_FOUND', 404);
  });

  it('disables an enabled webhook once, with the reason', () => {
    spec
      .given([registered])
      .when({ type: 'Disable', meta: meta(), webhookId: 'w1', reason: '410' })
      .thenMatches([{ type: T.Disabled, reason: '410' }]);
    const disabled: WebhookEvent = { ...registered, type: T.Disabled, eventId: 'e2', reason: '410' } as WebhookEvent;
    spec
      .given([registered, disabled])
      .when({ type: 'Disable', meta: meta(), webhookId: 'w1', reason: '410' })
      .thenNothing();
  });

  it('deletes a webhook', () => {
    spec
      .given([registered])
      .when({ type: 'Delete', meta: meta(), webhookId: 'w1' })
      .thenMatches([{ type: T.Deleted }]);
    spec.given([]).when({ type: 'Delete', meta: meta(), webhookId: 'w1' }).thenThrows('NOT_FOUND');
  });
});
