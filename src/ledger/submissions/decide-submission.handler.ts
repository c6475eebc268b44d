import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { because } from '../../shared/domain/domain-error';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { ShopDirectory } from '../../shops/shop-directory';
import { TierLadderReader } from '../../tiers/tier-ladder.reader';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { CustomerEventType as T, SubmissionApproved } from '../customer-events';
import { SubmissionDoc, SUBMISSIONS } from './read/submission-view.projection';

/** The merchant approves or rejects a pending submission (v2 `POST /submissions/{id}/approve|reject`). */
export class DecideSubmissionCommand {
  constructor(
    readonly shopId: string,
    readonly submissionId: string,
    readonly decision: 'approve' | 'reject',
    readonly reason: string | null,
  ) {}
}

/**
 * Finds whose submission it is in the moderation list, then decides on that customer's stream: the
 * stream, not the list, says whether it is still pending, so two merchants clicking at once pay once
 * and the second is told it is decided (409). Answers the submission as the decision leaves it.
 */
@CommandHandler(DecideSubmissionCommand)
export class DecideSubmissionHandler implements ICommandHandler<DecideSubmissionCommand, SubmissionDoc> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly commands: CustomerStreamCommands,
    private readonly tiers: TierLadderReader,
    private readonly shops: ShopDirectory,
  ) {}

  async execute({ shopId, submissionId, decision, reason }: DecideSubmissionCommand): Promise<SubmissionDoc> {
    const doc = await (await this.readStore.collection<SubmissionDoc>(SUBMISSIONS)).get(submissionId);
    if (!doc || doc.shopId !== shopId) throw because.notFound('Submission');
    const rungs = await this.tiers.rungs(shopId);
    const earningLimit = await this.shops.earningLimit(shopId);
    const result = await this.commands.run(shopId, doc.customerId, (meta) => ({
      type: 'DecideSubmission',
      meta,
      submissionId,
      decision,
      reason,
      source: 'rest_api',
      tiers: rungs,
      earningLimit,
    }));
    const approved = result.events.find((e): e is SubmissionApproved => e.type === T.SubmissionApproved);
    const decidedAt = result.events[0]?.occurredAt ?? doc.updatedAt;
    return {
      ...doc,
      status: decision === 'approve' ? 'approved' : 'rejected',
      pointsEarned: doc.pointsEarned + (approved?.pointsEarned ?? 0),
      reason,
      decidedAt,
      updatedAt: decidedAt,
    };
  }
}
