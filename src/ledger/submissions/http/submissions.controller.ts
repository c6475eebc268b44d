import { platformIdValue } from '../../../shared/domain/platform-ids';
import { Body, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrors, ApiPage } from '../../../shared/http/openapi/responses';
import { V2_SUBMISSION } from '../../http/ledger.openapi';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AppConfig } from '../../../config/app-config';
import { renderedUploadUrls } from '../../../shared/upload-urls';
import { CurrentShop } from '../../../shops/http/shop-auth.guard';
import { ManagementApi } from '../../../shops/http/shop-api';
import { ShopDoc } from '../../../shops/projections/shop-read-models';
import { ok, okPage, PagedList } from '../../../shared/http/envelope';
import { CursorParam, HasCountParam, LimitParam, OrderParam } from '../../../shared/http/page-query';
import { PlatformCustomerIdFilter } from '../../http/platform-customer-id';
import { ListSubmissionsQuery } from '../read/list-submissions.query';
import { DecideSubmissionCommand } from '../decide-submission.handler';
import { SubmissionDoc } from '../read/submission-view.projection';

const STATUSES = ['pending', 'approved', 'rejected'] as const;
const ORDERS = ['createdAt_desc', 'createdAt_asc'] as const;

export class ListSubmissionsDto {
  @ApiPropertyOptional({ enum: STATUSES, description: 'Only submissions in this state' })
  @IsOptional()
  @IsIn(STATUSES, { message: 'status must be pending, approved or rejected' })
  status?: (typeof STATUSES)[number];
  @ApiPropertyOptional({ description: 'Only submissions to this program' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  programId?: string;
  @ApiPropertyOptional({ description: 'Only this customer’s submissions (internal id)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  customerId?: string;
  @ApiPropertyOptional({ description: 'Only this customer’s submissions (platform id)' })
  @PlatformCustomerIdFilter()
  platformCustomerId?: string;
  @CursorParam('A submission id of the list') after?: string;
  @CursorParam('A submission id of the list') before?: string;
  @LimitParam(10) limit: number = 10;
  @OrderParam(ORDERS) order: (typeof ORDERS)[number] = 'createdAt_desc';
  @HasCountParam() hasCount: boolean = false;
}

export class DecideSubmissionDto {
  @ApiPropertyOptional({ description: 'Why (kept with the decision and sent with the webhook); up to 500 characters' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string;
}

/**
 * A submission as v2 shows it: the shopper's answers and images, the program, where it stands. Images
 * are kept as object keys and rendered at `uploadsBase` (configuration, never a request's Host).
 */
export function presentSubmission(d: SubmissionDoc, uploadsBase: string) {
  return {
    id: d.id,
    customerId: d.customerId,
    platformCustomerId: d.platformCustomerId,
    email: d.email,
    programId: d.programId,
    programTitle: d.programTitle,
    event: d.event,
    status: d.status,
    points: d.points,
    pointsEarned: d.pointsEarned,
    answers: d.answers,
    imageUrls: renderedUploadUrls(uploadsBase, d.imageUrls),
    reason: d.reason,
    createdAt: d.createdAt,
    decidedAt: d.decidedAt,
    updatedAt: d.updatedAt,
  };
}

@ManagementApi('rest_api/v2/submissions', 'v2 submissions')
export class SubmissionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List storefront submissions (moderation), newest first' })
  @ApiPage(V2_SUBMISSION)
  @ApiErrors(400)
  async list(@CurrentShop() shop: ShopDoc, @Query() query: ListSubmissionsDto) {
    const page: PagedList<SubmissionDoc> = await this.queries.execute(
      new ListSubmissionsQuery(shop.id, {
        limit: query.limit,
        before: query.before,
        after: query.after,
        hasCount: query.hasCount,
        order: query.order,
        status: query.status,
        programId: query.programId,
        customerId: query.customerId,
        platformCustomerId: query.platformCustomerId ? platformIdValue(query.platformCustomerId) : undefined,
      }),
    );
    return okPage(page, (doc) => presentSubmission(doc, this.config.uploadsPublicUrl));
  }

  @Post(':submissionId/approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve a pending submission: pays its points once (earning limit applies)' })
  @ApiEnvelope(V2_SUBMISSION)
  @ApiErrors(400, 404, 409)
  approve(@CurrentShop() shop: ShopDoc, @Param('submissionId') id: string, @Body() body: DecideSubmissionDto) {
    return this.decide(shop, id, 'approve', body);
  }

  @Post(':submissionId/reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reject a pending submission: nothing is paid' })
  @ApiEnvelope(V2_SUBMISSION)
  @ApiErrors(400, 404, 409)
  reject(@CurrentShop() shop: ShopDoc, @Param('submissionId') id: string, @Body() body: DecideSubmissionDto) {
    return this.decide(shop, id, 'reject', body);
  }

  private async decide(shop: ShopDoc, id: string, decision: 'approve' | 'reject', body: DecideSubmissionDto) {
    const doc: SubmissionDoc = await this.commands.execute(
      new DecideSubmissionCommand(shop.id, id, decision, body.reason ?? null),
    );
    return ok(presentSubmission(doc, this.config.uploadsPublicUrl), {
      message: decision === 'approve' ? 'Submission approved' : 'Submission rejected',
    });
  }
}
