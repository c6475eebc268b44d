import { Body, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { ok, okJson } from '../../../shared/http/envelope';
import { ApiEnvelope, ApiHeadlessErrors } from '../../../shared/http/openapi/responses';
import { ClaimMilestoneCommand, MilestoneClaimOutcome } from '../claim-milestone.handler';
import { CurrentCustomer } from '../../../storefront-api/auth/headless-auth.guard';
import { HeadlessCustomerApi, HeadlessGet } from '../../../storefront-api/auth/headless-customer-api.decorator';
import { HeadlessCaller } from '../../../storefront-api/http/headless-request';
import {
  FLAT_MILESTONE_CLAIM,
  MILESTONE_CLAIM_RESULT,
  MILESTONE_LADDER,
  MILESTONE_PROGRESS,
} from './milestones.openapi';
import { GetMilestoneLadderQuery, GetMilestoneProgressQuery, MilestoneLadder } from '../read/milestone-reads.query';
import { PresentMilestoneClaimQuery } from '../read/milestone-claim.presenter';
import { ClaimMilestoneDto, FlatMilestoneClaimDto, MilestoneProgressQueryDto } from './milestones.dto';

const SOURCE = 'source_headless';

/** The flat claim's `rewardIndex-<i>` map as reward index (as text) -> variant. */
const variantsOf = (selected: Record<string, string> | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(selected ?? {}).map(([key, variant]) => [key.replace(/^rewardIndex-/, ''), variant]),
  );

@HeadlessCustomerApi()
export class MilestonesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @HeadlessGet(
    'customer/milestones/:programId',
    "The ladder of a milestone program for the customer (MilestoneLadder); shows the customer's own orders and claims at once. 400 INVALID_PROGRAM",
  )
  @ApiEnvelope(MILESTONE_LADDER.ref)
  @ApiHeadlessErrors(400)
  @Header('Content-Type', 'application/json; charset=utf-8')
  async ladder(@CurrentCustomer() me: HeadlessCaller, @Param('programId') programId: string) {
    const query = new GetMilestoneLadderQuery(me.shopId, me.customerId, programId, me.locale);
    return okJson<MilestoneLadder>(await this.queries.execute(query));
  }

  @HeadlessGet(
    'customer/milestone',
    "The customer's counters of the step types the shop's active milestone programs use (MilestoneProgress). 400 BAD_REQUEST (type sent twice)",
  )
  @ApiEnvelope(MILESTONE_PROGRESS.ref)
  @ApiHeadlessErrors(400)
  async progress(@CurrentCustomer() me: HeadlessCaller, @Query() query: MilestoneProgressQueryDto) {
    return ok(await this.queries.execute(new GetMilestoneProgressQuery(me.shopId, me.customerId, query.type ?? null)));
  }

  @Post('customer/milestones/:programId/claim')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Claim a milestone step (MilestoneClaimResult). 400 BAD_REQUEST, INVALID_PROGRAM, INVALID_STEP, NOT_CLAIMABLE, INVALID_SELECTION, GIFT_SELECTION_REQUIRED, GIFT_UNAVAILABLE, CLAIM_FAILED; 403 NOT_ELIGIBLE',
  })
  @ApiEnvelope(MILESTONE_CLAIM_RESULT.ref)
  @ApiHeadlessErrors(400, 403)
  async claim(
    @CurrentCustomer() me: HeadlessCaller,
    @Param('programId') programId: string,
    @Body() body: ClaimMilestoneDto,
  ) {
    const request = {
      programId,
      claimKey: body.claimKey,
      selectedRewardIds: body.selectedRewardIds,
      variantIds: body.variantIds ?? {},
      deferGiftChoice: false,
      flat: false,
    };
    const outcome: MilestoneClaimOutcome = await this.commands.execute(
      new ClaimMilestoneCommand(me.shopId, me.customerId, request, SOURCE),
    );
    const result = await this.queries.execute(new PresentMilestoneClaimQuery(me.shopId, me.locale, outcome, false));
    return ok(result, { message: 'Milestone claimed' });
  }

  @Post('customer/milestone/claim')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Claim a milestone step by its value ({point} and the pending steps). 404 INVALID_PROGRAM; 400 BAD_REQUEST, INVALID_PROGRAM, INVALID_STEP, NOT_CLAIMABLE, INVALID_SELECTION, GIFT_SELECTION_REQUIRED, GIFT_UNAVAILABLE, CLAIM_FAILED; 403 NOT_ELIGIBLE',
  })
  @ApiEnvelope(FLAT_MILESTONE_CLAIM.ref)
  @ApiHeadlessErrors(400, 403, 404)
  async flatClaim(@CurrentCustomer() me: HeadlessCaller, @Body() body: FlatMilestoneClaimDto) {
    const request = {
      programId: body.programId,
      claimKey: null,
      milestoneValue: body.milestoneValue,
      stepType: body.stepType ?? null,
      selectedRewardIds: body.selectedRewardIds?.length ? body.selectedRewardIds : null,
      variantIds: variantsOf(body.variantIdsSelected),
      // Without a variant choice, a gift of several variants is granted with its choice owed.
      deferGiftChoice: !body.isSelectVariantFreeGiftMilestone,
      flat: true,
    };
    const outcome: MilestoneClaimOutcome = await this.commands.execute(
      new ClaimMilestoneCommand(me.shopId, me.customerId, request, SOURCE),
    );
    const result = await this.queries.execute(new PresentMilestoneClaimQuery(me.shopId, me.locale, outcome, true));
    return ok(result, { message: 'Milestone claimed' });
  }
}
