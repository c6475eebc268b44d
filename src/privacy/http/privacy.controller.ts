import { randomUUID } from 'node:crypto';
import { Body, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { CqrsController } from '../../shared/http/cqrs-controller';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { ManagementApi } from '../../shops/http/shop-api';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { ok } from '../../shared/http/envelope';
import { because } from '../../shared/domain/domain-error';
import { Optional } from '../../shared/http/validation';
import { parsePlatformCustomerId } from '../../ledger/customer-identity';
import { HandlePrivacyRequestCommand, PrivacyRequestResult } from '../commands/handle-privacy-request.handler';
import { GetPrivacyDocumentQuery, ListPrivacyRequestsQuery } from '../queries/privacy-requests.query';
import { ApiEnvelope, ApiErrors } from '../../shared/http/openapi/responses';
import { arrayOf } from '../../shared/http/openapi/schema';
import { DATA_REQUEST_RESULT, PRIVACY_DOCUMENT, PRIVACY_REQUEST } from './privacy.openapi';

export class DataRequestDto {
  @ApiPropertyOptional({
    description: 'Your id for the request: a repeat with the same id answers the same document (default: a new id)',
    example: 'dr-2026-0042',
  })
  @Optional()
  @IsString()
  @MaxLength(100)
  @Matches(/^[\w.:-]+$/, { message: 'requestId may hold letters, digits, _ . : - only' })
  requestId?: string;
}

/** Privacy requests of the shop (v2): a customer's data, and what was erased and when. */
@ManagementApi('rest_api/v2/privacy', 'v2 privacy')
export class PrivacyController extends CqrsController {
  @Post('customers/external/:platformCustomerId/data-request')
  @HttpCode(200)
  @ApiOperation({
    summary: "Assemble a customer's data (GDPR access request): profile, balance, transactions, coupons, history",
  })
  @ApiEnvelope(DATA_REQUEST_RESULT)
  @ApiErrors(400, 404)
  async dataRequest(
    @CurrentShop() shop: ShopDoc,
    @Param('platformCustomerId') id: string,
    @Body() body: DataRequestDto,
  ) {
    const platformCustomerId = parsePlatformCustomerId(id);
    if (platformCustomerId === null) throw because.notFound('Customer');
    const requestId = body.requestId ?? `api-${randomUUID()}`;
    const result: PrivacyRequestResult = await this.commands.execute(
      new HandlePrivacyRequestCommand(shop.id, 'customers/data_request', requestId, platformCustomerId, 'api'),
    );
    return ok({ requestId: result.requestId, duplicate: result.duplicate, document: result.document ?? null });
  }

  @Get('requests')
  @ApiOperation({ summary: 'Privacy requests (data requests, customer and shop erasures), newest first' })
  @ApiEnvelope(arrayOf(PRIVACY_REQUEST.ref))
  async list(@CurrentShop() shop: ShopDoc) {
    return ok(await this.queries.execute(new ListPrivacyRequestsQuery(shop.id)));
  }

  @Get('requests/:requestId/document')
  @ApiOperation({ summary: 'The document a data request assembled (404 once the customer is erased)' })
  @ApiEnvelope(PRIVACY_DOCUMENT)
  @ApiErrors(404)
  async document(@CurrentShop() shop: ShopDoc, @Param('requestId') requestId: string) {
    return ok(await this.queries.execute(new GetPrivacyDocumentQuery(shop.id, requestId)));
  }
}
