import { Get, Param } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { OperatorApi } from '../../operator/operator-api';
import { CqrsController } from '../../shared/http/cqrs-controller';
import { ok } from '../../shared/http/envelope';
import { GetPrivacyDocumentQuery, ListPrivacyRequestsQuery } from '../queries/privacy-requests.query';
import { ApiEnvelope } from '../../shared/http/openapi/responses';
import { arrayOf } from '../../shared/http/openapi/schema';
import { PRIVACY_DOCUMENT, PRIVACY_REQUEST } from './privacy.openapi';

/** The operator's view of a shop's privacy requests: what was erased and when, and data-request documents. */
@OperatorApi('admin/api/shops/:shopId/privacy')
export class AdminPrivacyController extends CqrsController {
  @Get('requests')
  @ApiOperation({ summary: "A shop's privacy requests: erasures (with the customers erased) and data requests" })
  @ApiEnvelope(arrayOf(PRIVACY_REQUEST.ref))
  async list(@Param('shopId') shopId: string) {
    return ok(await this.queries.execute(new ListPrivacyRequestsQuery(shopId)));
  }

  @Get('requests/:requestId/document')
  @ApiOperation({ summary: 'The document a data request assembled' })
  @ApiEnvelope(PRIVACY_DOCUMENT)
  async document(@Param('shopId') shopId: string, @Param('requestId') requestId: string) {
    return ok(await this.queries.execute(new GetPrivacyDocumentQuery(shopId, requestId)));
  }
}
