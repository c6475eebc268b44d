import { AnswersAhead } from '../../projections/answers-ahead';
import { platformIdValue } from '../../shared/domain/platform-ids';
import { applyDecorators, Body, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CqrsController } from '../../shared/http/cqrs-controller';
import { ApiOperation } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrors, ApiPage } from '../../shared/http/openapi/responses';
import { POINTS_CHANGE_META, V2_TRANSACTION } from './ledger.openapi';
import { object } from '../../shared/http/openapi/schema';
import { Response } from 'express';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { ManagementApi } from '../../shops/http/shop-api';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { ok, okPage, PagedList } from '../../shared/http/envelope';
import { listOptionsOf } from './list-options';
import { because } from '../../shared/domain/domain-error';
import { idempotencyOf, IdempotentWrite, markReplayed } from '../../shared/http/idempotent-write';
import { ListTransactionsDto, PointsChangeDto } from './ledger.dto';
import { ListTransactionsQuery } from '../queries/list-transactions.handler';
import { FindNamedCustomerQuery } from '../queries/find-customer.query';
import { presentTransaction } from '../queries/transaction.presenter';
import { ChangePointsCommand, ChangePointsResult, PointsChangeKind } from '../points/change-points.handler';
import { TransactionDoc } from '../read-models/ledger-read-models';
import { GetTransactionQuery } from '../queries/get-transaction.query';

/** What each kind of points change records (its event) and answers (its message). */
const POINTS_CHANGE: Record<PointsChangeKind, { event: string; message: string }> = {
  award: { event: 'earn_point_rest_api', message: 'Points awarded' },
  deduct: { event: 'deduct_point_rest_api', message: 'Points deducted' },
  adjust: { event: 'adjust_point_rest_api', message: 'Points adjusted' },
  reset: { event: 'reset_point_rest_api', message: 'Points reset' },
};

/**
 * The points changes without an Idempotency-Key answer once their events are stored, ahead of their
 * read models: the request after one waits for them instead. They read no read model such a change
 * alters (the balance is the customer's stream's); a key's check reads one, so keyed changes wait.
 */
const AnswersAheadWithoutKey = () => AnswersAhead((req) => req.headers['idempotency-key'] === undefined);

/** A points change answers `data {}` and, in `meta`, the transaction and the balance around it. */
const PointsChangeAnswer = () =>
  applyDecorators(ApiEnvelope(object({}), { meta: POINTS_CHANGE_META }), ApiErrors(400, 404, 409));

@ManagementApi('rest_api/v2/transactions', 'v2 transactions')
export class TransactionsController extends CqrsController {
  @Get()
  @ApiOperation({ summary: "List a customer's point transactions" })
  @ApiPage(V2_TRANSACTION)
  @ApiErrors(400, 404)
  async list(@CurrentShop() shop: ShopDoc, @Query() query: ListTransactionsDto) {
    const customer = await this.queries.execute(
      new FindNamedCustomerQuery(shop.id, query.customerId, query.platformCustomerId),
    );
    if (!customer)
      throw because.badRequest('platformCustomerId or customerId is required', { field: 'platformCustomerId' });
    if (query.platformCustomerId && String(customer.platformCustomerId) !== query.platformCustomerId) {
      throw because.badRequest('customerId and platformCustomerId name different customers', { field: 'customerId' });
    }
    const filters = { type: query.type, event: query.event, source: query.source };
    const page: PagedList<TransactionDoc> = await this.queries.execute(
      new ListTransactionsQuery(shop.id, customer.id, { ...listOptionsOf(query), ...filters }),
    );
    return okPage(page, presentTransaction);
  }

  @Get(':transactionId')
  @ApiOperation({ summary: 'Get one transaction' })
  @ApiEnvelope(V2_TRANSACTION)
  @ApiErrors(404)
  async get(@CurrentShop() shop: ShopDoc, @Param('transactionId') transactionId: string) {
    const doc: TransactionDoc = await this.queries.execute(new GetTransactionQuery(shop.id, transactionId));
    return ok(presentTransaction(doc));
  }

  @Post('points/award')
  @AnswersAheadWithoutKey()
  @HttpCode(200)
  @ApiOperation({ summary: 'Award points (Idempotency-Key supported)' })
  @PointsChangeAnswer()
  @IdempotentWrite()
  award(
    @CurrentShop() shop: ShopDoc,
    @Body() body: PointsChangeDto,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.change(shop, 'award', body, key, res);
  }

  @Post('points/deduct')
  @AnswersAheadWithoutKey()
  @HttpCode(200)
  @ApiOperation({ summary: 'Deduct points; never below zero (INSUFFICIENT_POINTS)' })
  @PointsChangeAnswer()
  @IdempotentWrite()
  deduct(
    @CurrentShop() shop: ShopDoc,
    @Body() body: PointsChangeDto,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.change(shop, 'deduct', body, key, res);
  }

  @Post('points/adjust')
  @AnswersAheadWithoutKey()
  @HttpCode(200)
  @ApiOperation({ summary: 'Adjust points by a signed amount' })
  @PointsChangeAnswer()
  @IdempotentWrite()
  adjust(
    @CurrentShop() shop: ShopDoc,
    @Body() body: PointsChangeDto,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.change(shop, 'adjust', body, key, res);
  }

  @Post('points/reset')
  @AnswersAheadWithoutKey()
  @HttpCode(200)
  @ApiOperation({ summary: 'Reset the balance to a value' })
  @PointsChangeAnswer()
  @IdempotentWrite()
  reset(
    @CurrentShop() shop: ShopDoc,
    @Body() body: PointsChangeDto,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.change(shop, 'reset', body, key, res);
  }

  private async change(
    shop: ShopDoc,
    kind: PointsChangeKind,
    body: PointsChangeDto,
    key: string | undefined,
    res: Response,
  ) {
    const request = {
      points: body.point,
      source: 'rest_api',
      event: POINTS_CHANGE[kind].event,
      adminNote: body.adminNote ?? null,
      userNote: body.userNote ?? null,
      reason: body.reason ?? null,
      // The operation and the body: the same key with anything else is a conflict.
      idempotency: idempotencyOf(key, { kind, ...body }),
    };
    const result: ChangePointsResult = await this.commands.execute(
      new ChangePointsCommand(shop.id, platformIdValue(body.platformCustomerId), kind, request),
    );
    markReplayed(res, result);
    return ok(
      {},
      {
        message: POINTS_CHANGE[kind].message,
        meta: { transactionId: result.transactionId, oldPoint: result.oldPoint, newPoint: result.newPoint },
      },
    );
  }
}
