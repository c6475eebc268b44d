import { Body, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CqrsController } from '../../shared/http/cqrs-controller';
import { ApiOperation } from '@nestjs/swagger';
import { OperatorApi } from '../../operator/operator-api';
import { ok } from '../../shared/http/envelope';
import { CreateAuditKeyDto, StartVerificationDto, VerificationDifferencesDto } from './audit.dto';
import { CreateAuditKeyCommand } from '../commands/create-audit-key.handler';
import { RevokeAuditKeyCommand } from '../commands/revoke-audit-key.handler';
import { ListAuditKeysQuery } from '../queries/list-audit-keys.query';
import { StartVerificationCommand } from '../commands/start-verification.handler';
import { GetVerificationQuery } from '../queries/get-verification.query';
import { ApiEnvelope, ApiErrors, ApiList } from '../../shared/http/openapi/responses';
import { bool, object } from '../../shared/http/openapi/schema';
import { AUDIT_KEY, CREATED_AUDIT_KEY, VERIFICATION_JOB, VERIFICATION_WITH_DIFFERENCES } from './audit.openapi';

/** Operator API for audits: a shop's audit keys, and verifications run in the background. */
@OperatorApi('admin/api')
export class AdminAuditController extends CqrsController {
  @Post('shops/:shopId/audit-keys')
  @ApiOperation({ summary: 'Create a read-only audit key for a shop; answers the key once' })
  @ApiEnvelope(CREATED_AUDIT_KEY, { status: 201, description: 'Created' })
  @ApiErrors(400)
  async createKey(@Param('shopId') shopId: string, @Body() body: CreateAuditKeyDto) {
    return ok(await this.commands.execute(new CreateAuditKeyCommand(shopId, body.label ?? null)), {
      message: 'Audit key created; store it now, it is not shown again',
    });
  }

  @Get('shops/:shopId/audit-keys')
  @ApiOperation({ summary: "A shop's audit keys (never their secrets)" })
  @ApiList(AUDIT_KEY)
  async listKeys(@Param('shopId') shopId: string) {
    const keys = await this.queries.execute(new ListAuditKeysQuery(shopId));
    return ok(keys, { meta: { count: keys.length } });
  }

  @Delete('shops/:shopId/audit-keys/:keyId')
  @ApiOperation({ summary: 'Revoke an audit key (at once)' })
  @ApiEnvelope(AUDIT_KEY)
  async revokeKey(@Param('shopId') shopId: string, @Param('keyId') keyId: string) {
    return ok(await this.commands.execute(new RevokeAuditKeyCommand(shopId, keyId)), { message: 'Audit key revoked' });
  }

  @Post('audit/verifications')
  @HttpCode(202)
  @ApiOperation({ summary: 'Start verifying the read models against the log (background job)' })
  @ApiEnvelope(VERIFICATION_JOB, { status: 202, description: 'Started' })
  @ApiErrors(400)
  async startVerification(@Body() body: StartVerificationDto) {
    return ok(await this.commands.execute(new StartVerificationCommand(body.shopId ?? null)), {
      message: 'Verification started',
    });
  }

  @Get('audit/verifications/:jobId')
  @ApiOperation({ summary: "A verification's status, progress, summary and differences (paged)" })
  @ApiEnvelope(VERIFICATION_WITH_DIFFERENCES, { meta: object({ hasMore: bool }) })
  @ApiErrors(400)
  async verification(@Param('jobId') jobId: string, @Query() query: VerificationDifferencesDto) {
    const { job, differences, hasMore } = await this.queries.execute(
      new GetVerificationQuery(jobId, query.after, query.limit),
    );
    return ok({ ...job, differenceList: differences }, { meta: { hasMore } });
  }
}
