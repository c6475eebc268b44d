import { Controller, Headers, HttpCode, Inject, Logger, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiExcludeController } from '@nestjs/swagger';
import { Request } from 'express';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../../config/app-config';
import { because, DomainError } from '../../shared/domain/domain-error';
import { ok } from '../../shared/http/envelope';
import { READ_STORE, ReadStore, CollectionDefinition } from '../../infrastructure/read-store/read-store.port';
import { ShopDirectory } from '../../shops/shop-directory';
import { EnrolCustomerCommand } from '../../ledger/enrolment/enrol-customer.handler';
import { UpdateCustomerProfileCommand } from '../../ledger/enrolment/update-customer-profile.handler';
import { CancelOrderCommand, RecordOrderCommand, RecordRefundCommand } from '../../ledger/orders/record-order.handler';
import { parseCollection, parseCustomer, parseOrder, parseRefund, PlatformCustomer } from '../platform-payloads';
import { ProductCollections } from '../../infrastructure/commerce-platform/product-collections';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { ORDERS, OrderDoc, orderDocId } from '../projections/order-view.projection';
import { customerIdFor } from '../../ledger/customer-identity';
import { CUSTOMERS, CustomerDoc } from '../../ledger/projections/ledger-read-models';

/** Webhook ids already handled, so a redelivery answers 200 without doing anything. */
const RECEIPTS: CollectionDefinition = { name: 'platform_webhook_receipts' };

const TOPICS = new Set([
  'customers/create',
  'customers/update',
  'orders/paid',
  'orders/cancelled',
  'refunds/create',
  'collections/create',
  'collections/update',
  'collections/delete',
]);

/**
 * Commerce platform ingestion. Every effect is idempotent on its own (deterministic customer
 * streams, orders recorded once per order id, refunds once per refund id), so a delivery that is
 * retried after a crash, before its receipt was stored, changes nothing the second time.
 */
@ApiExcludeController()
@Controller('platform/webhooks')
export class PlatformWebhooksController {
  private readonly logger = new Logger('PlatformWebhooks');

  constructor(
    private readonly config: AppConfig,
    private readonly shops: ShopDirectory,
    private readonly commands: CommandBus,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
  ) {
    this.collections = new ProductCollections(readStore);
  }

  private readonly collections: ProductCollections;

  @Post(':resource/:action')
  @HttpCode(200)
  async receive(
    @Param('resource') resource: string,
    @Param('action') action: string,
    @Req() request: Request & { rawBody?: Buffer },
    @Headers('x-platform-shop-domain') domain: string | undefined,
    @Headers('x-platform-webhook-id') webhookId: string | undefined,
    @Headers('x-platform-hmac-sha256') signature: string | undefined,
  ) {
    const topic = `${resource}/${action}`;
    // A shop's own secret (set by the operator) is the only one that authenticates its webhooks; the
    // global PLATFORM_WEBHOOK_SECRET is the fallback for shops without one. An unknown shop is
    // checked against the global secret, so nobody learns which domains exist without it.
    const shop = domain ? await this.shops.byDomain(domain) : null;
    const secret = (shop && (await this.shops.platformWebhookSecret(shop.id))) ?? this.config.platformWebhookSecret;
    if (!secret) {
      throw new DomainError(
        'SERVICE_UNAVAILABLE',
        'Platform ingestion is off: neither a platform webhook secret for this shop nor PLATFORM_WEBHOOK_SECRET is set',
        503,
      );
    }
    this.verify(request.rawBody ?? Buffer.alloc(0), signature, secret);
    if (!TOPICS.has(topic)) throw because.notFound(`Webhook topic ${topic}`);
    if (!domain)
      throw because.badRequest('X-Platform-Shop-Domain header is required', { field: 'X-Platform-Shop-Domain' });
    if (!webhookId)
      throw because.badRequest('X-Platform-Webhook-Id header is required', { field: 'X-Platform-Webhook-Id' });
    if (!shop) throw because.notFound(`Shop ${domain}`);

    const receipts = await this.readStore.collection<{ id: string; topic: string; receivedAt: string }>(RECEIPTS);
    const receiptId = `${shop.id}:${webhookId}`;
    if (await receipts.get(receiptId)) return ok({ topic, duplicate: true }, { message: 'Already processed' });

    const outcome = await this.handle(shop.id, topic, request.body);
    await receipts.put({ id: receiptId, topic, receivedAt: new Date().toISOString() });
    return ok({ topic, duplicate: false, ...outcome }, { message: 'Processed' });
  }

  private verify(raw: Buffer, signature: string | undefined, secret: string): void {
    const expected = createHmac('sha256', secret).update(raw).digest();
    const given = Buffer.from(signature ?? '', 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw because.unauthorized('X-Platform-Hmac-Sha256 does not match the body');
    }
  }

  private async handle(shopId: string, topic: string, body: unknown): Promise<Record<string, unknown>> {
    switch (topic) {
      case 'customers/create': {
        const customer = parseCustomer(body);
        const { created } = await this.enrol(shopId, customer);
        return { customerId: customerIdFor(shopId, customer.platformCustomerId), created };
      }
      case 'customers/update': {
        const customer = parseCustomer(body);
        const { created } = await this.enrol(shopId, customer);
        if (!created) {
          await this.commands.execute(
            new UpdateCustomerProfileCommand(shopId, customer.platformCustomerId, customer.profile, 'platform'),
          );
        }
        return { customerId: customerIdFor(shopId, customer.platformCustomerId) };
      }
      case 'orders/paid': {
        const { customer, order } = parseOrder(body);
        if (!customer) return { ignored: 'guest order' };
        // An order can arrive before its customers/create: the customer is enrolled from the order.
        await this.enrol(shopId, customer);
        await this.platform.recordOrder(shopId, customer.platformCustomerId, body);
        const { recorded, pointsEarned } = await this.commands.execute(
          new RecordOrderCommand(shopId, customer.platformCustomerId, order),
        );
        return { orderId: order.orderId, recorded, pointsEarned };
      }
      case 'orders/cancelled': {
        const { customer, order } = parseOrder(body);
        if (!customer) return { ignored: 'guest order' };
        await this.platform.recordOrder(shopId, customer.platformCustomerId, body);
        const { recorded } = await this.commands.execute(
          new CancelOrderCommand(shopId, customer.platformCustomerId, order.orderId),
        );
        return { orderId: order.orderId, recorded };
      }
      case 'refunds/create': {
        const refund = parseRefund(body);
        const order = await (await this.readStore.collection<OrderDoc>(ORDERS)).get(orderDocId(shopId, refund.orderId));
        if (!order) {
          this.logger.warn(`Refund ${refund.refundId} names unknown order ${refund.orderId}; ignored`);
          return { ignored: 'unknown order' };
        }
        const { recorded } = await this.commands.execute(
          new RecordRefundCommand(
            shopId,
            await this.platformIdOf(shopId, order.customerId),
            refund.orderId,
            refund.refundId,
            refund.amountCents,
          ),
        );
        return { orderId: refund.orderId, recorded };
      }
      case 'collections/create':
      case 'collections/update': {
        const collection = parseCollection(body);
        await this.collections.put(shopId, collection.collectionId, collection.productIds);
        return { collectionId: collection.collectionId, products: collection.productIds.length };
      }
      case 'collections/delete': {
        const { collectionId } = parseCollection(body, { productsRequired: false });
        await this.collections.remove(shopId, collectionId);
        return { collectionId };
      }
      default:
        throw because.notFound(`Webhook topic ${topic}`);
    }
  }

  private enrol(shopId: string, customer: PlatformCustomer): Promise<{ created: boolean }> {
    return this.commands.execute(
      new EnrolCustomerCommand(shopId, customer.platformCustomerId, customer.profile, 'platform'),
    );
  }

  private async platformIdOf(shopId: string, customerId: string): Promise<number> {
    const customers = await this.readStore.collection<CustomerDoc>(CUSTOMERS);
    const doc = await customers.get(customerId);
    if (!doc || doc.shopId !== shopId) throw because.notFound('Customer');
    return doc.platformCustomerId;
  }
}
