import { WebhookEvent, WebhookEventType as T, webhookStreamId } from '../domain/webhook-events';
import { WebhookDoc, WEBHOOKS, WebhookViewProjection } from './webhook-view.projection';
import { januaryEvents, onStream, projectionSpec, projectionStore } from '../../../test/support/projection-spec';

/** The webhooks read model, each event delivered twice (see projectionSpec). */
describe('webhook view projection', () => {
  const readStore = projectionStore();
  const { at, head } = januaryEvents('webhookId');
  const webhookEvents = (...events: WebhookEvent[]) => onStream(webhookStreamId('s1'), events);
  const registered = (webhookId: string, eventId: string): WebhookEvent => ({
    ...head(webhookId, eventId, 1),
    type: T.Registered,
    topic: 'customers/update',
    url: `https://hooks.example.com/${webhookId}`,
  });

  it('registered, turned off by the service, then re-enabled at a new url by the merchant', async () => {
    const spec = projectionSpec(new WebhookViewProjection(), readStore());
    await spec.given(webhookEvents(registered('w1', 'e1')));
    await spec.when(webhookEvents({ ...head('w1', 'e2', 2), type: T.Disabled, reason: 'gone (410)' }));
    expect(await spec.then<WebhookDoc>(WEBHOOKS, 'w1')).toMatchObject({
      isEnabled: false,
      disabledReason: 'gone (410)',
      updatedAt: at(2),
    });
    await spec.when(
      webhookEvents({ ...head('w1', 'e3', 3), type: T.Updated, url: 'https://hooks.example.com/new', isEnabled: true }),
    );
    expect(await spec.all<WebhookDoc>(WEBHOOKS)).toEqual([
      {
        id: 'w1',
        shopId: 's1',
        topic: 'customers/update',
        url: 'https://hooks.example.com/new',
        isEnabled: true,
        disabledReason: null,
        createdAt: at(1),
        updatedAt: at(3),
        streamRevision: '2',
      },
    ]);
  });

  it('a deleted webhook leaves no document; the others stay', async () => {
    const spec = projectionSpec(new WebhookViewProjection(), readStore());
    await spec.given(webhookEvents(registered('w2', 'e1'), registered('w3', 'e2')));
    await spec.when(webhookEvents({ ...head('w2', 'e3', 2), type: T.Deleted }));
    expect(await spec.then(WEBHOOKS, 'w2')).toBeNull();
    expect(await spec.then<WebhookDoc>(WEBHOOKS, 'w3')).toMatchObject({ isEnabled: true, streamRevision: '1' });
  });
});
