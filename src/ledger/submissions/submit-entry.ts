import { Injectable } from '@nestjs/common';
import { because } from '../../shared/domain/domain-error';
import { ShopDirectory } from '../../shops/shop-directory';
import { TierLadderReader } from '../../tiers/tier-ladder.reader';
import { earningKind } from '../../programs/kinds/kinds';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { CustomerEventType as T, SubmissionReceived } from '../customer-events';
import { EarnResult, StorefrontClaim } from '../storefront-claim';

/**
 * A submission (a form, survey, receipt, review or map review): recorded on the customer's stream,
 * paid at once when its kind's terms auto-approve (plus any instant points either way), else pending
 * until the merchant decides. The submission's id is made once, before the decision, so a retry after a
 * concurrent append records the same submission, not a second one.
 */
@Injectable()
export class SubmitEntry {
  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly tiers: TierLadderReader,
    private readonly shops: ShopDirectory,
  ) {}

  async submit({ shopId, customerId, program, context, source }: StorefrontClaim): Promise<EarnResult> {
    const imageUrls = context.imageUrls ?? [];
    const kind = earningKind(program.event)!.submission!;
    const terms = kind.terms(program.settings, imageUrls.length > 0);
    if (terms.requireImage && imageUrls.length === 0)
      throw because.badRequest('context.imageUrls must list 1 to 5 images: this program requires one', {
        field: 'context.imageUrls',
      });
    const rungs = await this.tiers.rungs(shopId);
    const earningLimit = await this.shops.earningLimit(shopId);
    const submissionId = this.commands.meta(shopId, customerId).newId();
    const s = program.settings;
    const decision = await this.commands.run(shopId, customerId, (meta) => ({
      type: 'SubmitEntry',
      meta,
      submissionId,
      program: {
        programId: program.id,
        programTitle: s.title,
        event: program.event,
        points: s.earnPoint,
        autoApprove: terms.autoApprove,
        instantPoints: terms.instantPoints,
        onlyAfterRejection: terms.onlyAfterRejection,
        form: kind.form,
        ...(s.hasLimit ? { limit: { unit: s.limitUnit, times: s.limitInterval } } : {}),
      },
      answers: context.answers ?? {},
      imageUrls,
      source,
      tiers: rungs,
      earningLimit,
    }));
    const received = decision.events.find((e): e is SubmissionReceived => e.type === T.SubmissionReceived);
    const status = received?.status ?? decision.after.submissions[submissionId]?.status;
    return {
      programId: program.id,
      key: program.event,
      status: status === 'approved' ? 'earned' : 'pending',
      pointsEarned: received?.pointsEarned ?? 0,
      totalPoints: decision.after.points,
    };
  }
}
