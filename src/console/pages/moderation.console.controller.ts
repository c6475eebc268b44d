import { Body, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import {
  DecideSubmissionDto,
  ListSubmissionsDto,
  SubmissionsController,
} from '../../ledger/submissions/http/submissions.controller';
import { ConsoleApi } from '../session/console-session.guard';
import { ManagementHandlers } from '../management-handlers';

/** The Moderation page: the submissions list and the decisions, as the management API makes them. */
@ConsoleApi('submissions')
export class ModerationConsoleController {
  constructor(private readonly handlers: ManagementHandlers) {}

  private submissions() {
    return this.handlers.of(SubmissionsController);
  }

  @Get()
  list(@CurrentShop() shop: ShopDoc, @Query() query: ListSubmissionsDto) {
    return this.submissions().list(shop, query);
  }

  @Post(':submissionId/approve')
  @HttpCode(200)
  approve(@CurrentShop() shop: ShopDoc, @Param('submissionId') id: string, @Body() body: DecideSubmissionDto) {
    return this.submissions().approve(shop, id, body);
  }

  @Post(':submissionId/reject')
  @HttpCode(200)
  reject(@CurrentShop() shop: ShopDoc, @Param('submissionId') id: string, @Body() body: DecideSubmissionDto) {
    return this.submissions().reject(shop, id, body);
  }
}
