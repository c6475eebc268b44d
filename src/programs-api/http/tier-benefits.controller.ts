import { Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { ApiList } from '../../shared/http/openapi/responses';
import { anyOf } from '../../shared/http/openapi/schema';
import { TIER_BENEFIT } from '../../tiers/http/tiers.openapi';
import { V2_PROGRAM } from './programs.openapi';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { ManagementApi } from '../../shops/http/shop-api';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { ok } from '../../shared/http/envelope';
import { ListTiersQuery, TierListItem } from '../../tiers/queries/tier-queries';
import { ListTierBenefitProgramsQuery } from '../queries/program-queries';
import { V2Program } from '../../programs/queries/program.presenter';
import { tierRewardWith } from '../../tiers/queries/tier.presenter';

type TierRewardItem = TierListItem['tierRewards'][number];

/**
 * A tier reward read as the Program it is in the spec's model (2.9: a program of `type`
 * tier_privileges that a tier gives): its own fields, plus the Program fields it has no use for
 * (no description, never a draft, no gift, open from the start until its `expiredTime`), and the
 * tier that gives it.
 */
function tierRewardAsProgram(reward: TierRewardItem, tier: TierListItem) {
  return tierRewardWith(reward, {
    description: '',
    isDraft: false,
    giftStatus: null,
    startDate: null,
    endDate: reward.expiredTime,
    tierId: tier.id,
    tierName: tier.name,
  });
}

/**
 * `GET /tiers/benefits/{benefitType}` (spec 4.3): programs in the 2.9 shape that are tier benefits of
 * the type, i.e. what a tier gives or changes: the tiers' rewards whose `event` or `type` is
 * benefitType, then the programs with per-tier rates whose event or kind is (spending programs are
 * the same for every tier). A read of programs and of the tiers' rewards: nothing here decides.
 */
@ManagementApi('rest_api/v2/tiers', 'v2 tiers')
export class TierBenefitsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('benefits/:benefitType')
  @ApiOperation({
    summary:
      'Tier benefits of a type, as Programs (2.9): tier rewards whose event or type is benefitType, then programs with per-tier rates of that event or kind; meta.count',
  })
  @ApiList(anyOf(TIER_BENEFIT.ref, V2_PROGRAM.ref))
  async benefits(@CurrentShop() shop: ShopDoc, @Param('benefitType') benefitType: string) {
    const tiers: TierListItem[] = await this.queries.execute(new ListTiersQuery(shop.id));
    const rewards = tiers.flatMap((tier) =>
      tier.tierRewards
        .filter((r) => r.event === benefitType || r.type === benefitType)
        .map((r) => tierRewardAsProgram(r, tier)),
    );
    const programs: V2Program[] = await this.queries.execute(new ListTierBenefitProgramsQuery(shop.id, benefitType));
    const benefits = [...rewards, ...programs];
    return ok(benefits, { meta: { count: benefits.length } });
  }
}
