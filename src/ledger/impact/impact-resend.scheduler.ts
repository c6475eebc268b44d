import { Inject, Injectable } from '@nestjs/common';
import { CustomerSweep } from '../customer-sweep.scheduler';
import { IMPACT_PROVIDER, ImpactProvider } from '../../infrastructure/impact-provider/impact-provider.port';
import { IMPACT_EVENTS, ImpactEventDoc } from './read/impact-history.projection';
import { sendContribution } from './impact-redemption';
import { ImpactOutcomeResult, RecordImpactOutcomeCommand } from './record-impact-outcome.handler';

/**
 * How long a contribution may stay pending before it is sent again. The redemption sends it at once,
 * so one still pending after this was left by a process that stopped between the spend and the send.
 */
export const RESEND_PENDING_AFTER_MS = 2 * 60_000;

/**
 * Sends again the impact contributions left pending (points spent, never sent): the same contribution
 * id, which the provider takes as an idempotency key, so a contribution that did reach it before the
 * crash is counted once. The answer is recorded as the redemption records it: a failure returns the
 * points once, a status is kept as sent.
 */
@Injectable()
export class ImpactResend extends CustomerSweep {
  @Inject(IMPACT_PROVIDER) private readonly provider: ImpactProvider;

  /** One pass; returns how many contributions it settled. */
  async runOnce(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - RESEND_PENDING_AFTER_MS).toISOString();
    const contributions = await this.collection<ImpactEventDoc>(IMPACT_EVENTS);
    let settled = 0;
    for (const doc of await contributions.find({ status: 'pending', createdAt: { $lte: before } })) {
      const outcome = await sendContribution(this.provider, this.logger, {
        shopId: doc.shopId,
        customerRef: doc.customerId,
        contributionId: doc.id,
        provider: doc.provider,
        unit: doc.unit,
        quantity: doc.quantity,
      });
      const result = await this.decide<ImpactOutcomeResult>(
        new RecordImpactOutcomeCommand(doc.shopId, doc.customerId, doc.id, outcome),
        `Resending impact contribution ${doc.id}`,
      );
      if (result?.changed) settled++;
    }
    return settled;
  }
}
