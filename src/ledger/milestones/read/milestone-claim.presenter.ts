import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ShopDirectory } from '../../../shops/shop-directory';
import { ShopText } from '../../../translations/queries/shop-text';
import { LocaleRequest } from '../../../translations/domain/locale-resolution';
import { ladderStandings } from '../domain/ladder-states';
import { MilestoneClaimOutcome } from '../claim-milestone.handler';
import { presentStep, PresentedStep } from './milestone-ladder.presenter';

/** The spec's MilestoneClaimResult. */
export interface MilestoneClaimResult {
  claimedRewardIds: number[];
  pointsEarned: number;
  totalPoints: number;
  blocked: boolean;
  step: PresentedStep;
}

/** The flat claim's key for a program's pending steps, by typeMilestone. */
const PENDING_KEY: Record<string, string> = {
  order: 'pendingMilestoneOrder',
  mixed: 'pendingMilestoneMixed',
  referral: 'pendingMilestoneReferral',
  spent_amount: 'pendingMilestoneSpentAmount',
  earned_point: 'pendingMilestoneEarnPoint',
  reviews: 'pendingMilestoneReviews',
  subscription: 'pendingMilestoneSubscription',
  inactivity: 'pendingMilestoneInactivity',
};

/** A claim's outcome as the storefront reads it: the per-program result (`flat`: false) or the flat one. */
export class PresentMilestoneClaimQuery {
  constructor(
    readonly shopId: string,
    readonly locale: LocaleRequest,
    readonly outcome: MilestoneClaimOutcome,
    readonly flat: boolean,
  ) {}
}

@QueryHandler(PresentMilestoneClaimQuery)
export class PresentMilestoneClaimHandler implements IQueryHandler<
  PresentMilestoneClaimQuery,
  MilestoneClaimResult | Record<string, unknown>
> {
  constructor(
    private readonly shops: ShopDirectory,
    private readonly text: ShopText,
  ) {}

  async execute({ shopId, locale, outcome, flat }: PresentMilestoneClaimQuery) {
    const { ladder, after, claimed, chosen } = outcome;
    const standings = ladderStandings(ladder, after.milestoneCounters, after.milestoneClaims);
    if (flat) {
      // The program's steps still waiting for a claim, after this one.
      const pending = standings.filter((s) => s.state === 'claimable').map((s) => s.step.value);
      return { point: after.points, [PENDING_KEY[ladder.typeMilestone] ?? 'pendingMilestoneOrder']: pending };
    }
    const [shop, text] = await Promise.all([this.shops.byId(shopId), this.text.for(shopId, locale)]);
    const standing = standings.find((s) => s.claimKey === outcome.claimKey)!;
    return {
      claimedRewardIds: claimed?.selectedRewardIds ?? Object.keys(chosen?.variantIds ?? {}).map(Number),
      pointsEarned: claimed?.pointsGranted ?? 0,
      totalPoints: after.points,
      blocked: claimed?.blocked ?? false,
      step: presentStep(standing, { text, currency: shop?.currency ?? 'USD' }),
    };
  }
}
