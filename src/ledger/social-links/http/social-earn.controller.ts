import { AnswersAhead } from '../../../projections/answers-ahead';
import { Body, HttpCode, HttpException, Logger, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { ok } from '../../../shared/http/envelope';
import { because, DomainError } from '../../../shared/domain/domain-error';
import { EarnSocialCommand, SocialEarned } from '../earn-social.handler';
import { CurrentCustomer } from '../../../storefront-api/auth/headless-auth.guard';
import { HeadlessCustomerApi } from '../../../storefront-api/auth/headless-customer-api.decorator';
import { HeadlessCaller } from '../../../storefront-api/http/headless-request';
import { ApiEnvelope, ApiHeadlessErrors } from '../../../shared/http/openapi/responses';
import { SOCIAL_EARN_RESULT } from './social-links.openapi';

export class SocialEarnDto {
  @ApiProperty({ description: 'The social program claimed; the event is the program’s' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  programId!: string;
}

@HeadlessCustomerApi()
export class SocialEarnController {
  private readonly logger = new Logger(SocialEarnController.name);

  constructor(private readonly commands: CommandBus) {}

  @Post('customer/earn/social')
  // Answers once its events are stored, ahead of its read models (the request after it waits for
  // them): it reads no read model such a write changes (programs, tiers, the shop's limit).
  @AnswersAhead()
  @HttpCode(200)
  @ApiOperation({
    summary:
      "The token's customer claims a social program (follow, like, share, join...): its points, within its limit and the shop's earning limit. 400 INVALID_PROGRAM, LIMIT_REACHED, CHAT_NOT_LINKED or EARN_FAILED; 403 NOT_ELIGIBLE",
  })
  @ApiEnvelope(SOCIAL_EARN_RESULT)
  @ApiHeadlessErrors(400, 403)
  async earnSocial(@CurrentCustomer() me: HeadlessCaller, @Body() body: SocialEarnDto) {
    const earned = await this.claim(me, body.programId);
    return ok(
      { programId: earned.programId, key: earned.key, pointsEarned: earned.pointsEarned, totalPoints: earned.newPoint },
      { message: 'Points earned' },
    );
  }

  /** The shared social decision; a failure that is not a refusal answers EARN_FAILED (nothing was paid). */
  private async claim(me: HeadlessCaller, programId: string): Promise<SocialEarned> {
    try {
      return await this.commands.execute(
        new EarnSocialCommand(me.shopId, me.customerId, programId, null, 'source_headless'),
      );
    } catch (error) {
      if (error instanceof DomainError || error instanceof HttpException) throw error;
      this.logger.error(`Social claim of program ${programId} failed`, error instanceof Error ? error.stack : error);
      throw because.earnFailed();
    }
  }
}
