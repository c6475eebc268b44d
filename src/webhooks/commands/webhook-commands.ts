import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, Clock, ID_GENERATOR, IdGenerator } from '../../shared/domain/clock';
import { DecisionRunner } from '../../event-sourcing/decision-runner';
import { SubscriptionCommand, webhookSubscriptions } from '../domain/webhook-subscriptions.decider';
import { webhookStreamId } from '../domain/webhook-events';

/** Runs a command on a shop's webhook subscriptions stream. */
@Injectable()
export class WebhookCommands {
  constructor(
    private readonly runner: DecisionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  newWebhookId(): string {
    return this.ids.next();
  }

  run(shopId: string, build: (meta: { shopId: string; occurredAt: string; newId: () => string }) => SubscriptionCommand) {
    const meta = { shopId, occurredAt: this.clock.now().toISOString(), newId: () => this.ids.next() };
    return this.runner.run(webhookSubscriptions, webhookStreamId(shopId), () => build(meta));
  }
}
