import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { because } from '../shared/domain/domain-error';
import { READ_STORE, ReadStore, CollectionDefinition } from '../infrastructure/read-store/read-store.port';
import { EnrolCustomerCommand } from '../ledger/enrolment/enrol-customer.handler';
import { UpdateCustomerProfileCommand } from '../ledger/enrolment/update-customer-profile.handler';
import { CancelOrderCommand, RecordOrderCommand, RecordRefundCommand } from '../ledger/orders/record-order.handler';
import {
  parseCollection,
  parseCustomer,
  parseOrder,
  parsePrivacyRequest,
  parseRefund,
  Delivery,
  PlatformCustomer,
} from './platform-payloads';
import { CLOCK, Clock } from '../shared/domain/clock';
import { PlatformCustomerId } from '../shared/domain/platform-ids';
import { PRIVACY_REQUEST_KINDS, PrivacyRequestKind } from '../privacy/domain/privacy-requests';
import { HandlePrivacyRequestCommand, PrivacyRequestResult } from '../privacy/commands/handle-privacy-request.handler';
import { ProductCollections } from '../infrastructure/commerce-platform/product-collections';
import { COMMERCE_PLATFORM, CommercePlatform } from '../infrastructure/commerce-platform/commerce-platform.port';
import { ORDERS, OrderDoc, orderDocId } from './projections/order-view.projection';
import { customerIdFor } from '../ledger/customer-identity';
import { CUSTOMERS, CustomerDoc } from '../ledger/read-models/ledger-read-models';

const PRIVACY_TOPICS: ReadonlySet<string> = new Set(PRIVACY_REQUEST_KINDS);

/** Webhook ids already handled, so a redelivery answers 200 without doing anything. */
const RECEIPTS: CollectionDefinition = { name: 'platform_webhook_receipts' };

export const PLATFORM_TOPICS = new Set([
  'customers/create',
  'customers/update',
  'orders/paid',
  'orders/cancelled',
  'refunds/create',
  'collections/create',
  'collections/update',
  'collections/delete',
  // Compliance: the platform's data requests and erasures (answered by the privacy capability).
  ...PRIVACY_TOPICS,
]);

/** One authenticated commerce-platform webhook of a known shop and topic. */
export class IngestPlatformWebhookCommand {
  constructor(
    readonly shopId: string,
    readonly topic: string,
    /** The platform's delivery id: a redelivery of the same id does nothing. */
    readonly webhookId: string,
    readonly body: unknown,
    /** When the platform sent the delivery (its X-Platform-Triggered-At header), if it says. */
    readonly triggeredAt: string | null = null,
  ) {}
}

/** What an order of the topic is when its payload leaves `financial_status` out. */
const IMPLIED_STATUS: Readonly<Record<string, string>> = { 'orders/paid': 'paid', 'orders/cancelled': 'voided' };

export type IngestResult = { duplicate: true } | { duplicate: false; outcome: Record<string, unknown> };

/**
 * Commerce platform ingestion. Every effect is idempotent on its own (deterministic customer
 * streams, orders recorded once per order id, refunds once per refund id), so a delivery that is
 * retried after a crash, before its receipt was stored, changes nothing the second time.
 */
@CommandHandler(IngestPlatformWebhookCommand)
export class IngestPlatformWebhookHandler implements ICommandHandler<IngestPlatformWebhookCommand, IngestResult> {
  private readonly logger = new Logger('PlatformWebhooks');
  private readonly collections: ProductCollections;

  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.collections = new ProductCollections(readStore);
  }

  async execute({ shopId, topic, webhookId, body, triggeredAt }: IngestPlatformWebhookCommand): Promise<IngestResult> {
    const receipts = await this.readStore.collection<{ id: string; topic: string; receivedAt: string }>(RECEIPTS);
    const receiptId = `${shopId}:${webhookId}`;
    if (await receipts.get(receiptId)) return { duplicate: true };
    const outcome = PRIVACY_TOPICS.has(topic)
      ? await this.privacyRequest(shopId, topic as PrivacyRequestKind, webhookId, body)
      : await this.handle(shopId, topic, body, this.delivery(topic, triggeredAt));
    await receipts.put({ id: receiptId, topic, receivedAt: new Date().toISOString() });
    return { duplicate: false, outcome };
  }

  /** A missing order timestamp is the delivery's: the platform's send time, else the clock at receipt. */
  private delivery(topic: string, triggeredAt: string | null): Delivery {
    const sent = triggeredAt ? new Date(triggeredAt) : null;
    const receivedAt = sent && !Number.isNaN(sent.getTime()) ? sent : this.clock.now();
    return { receivedAt: receivedAt.toISOString(), impliedStatus: IMPLIED_STATUS[topic] ?? '' };
  }

  private async handle(
    shopId: string,
    topic: string,
    body: unknown,
    delivery: Delivery,
  ): Promise<Record<string, unknown>> {
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
            new UpdateCustomerProfileCommand(shopId, customer.platformCustomerId, customer.changes, 'platform'),
          );
        }
        return { customerId: customerIdFor(shopId, customer.platformCustomerId) };
      }
      case 'orders/paid':
      case 'orders/cancelled':
        return this.order(shopId, topic, body, delivery);
      case 'refunds/create': {
        const refund = parseRefund(body);
        if (refund.test) return { ignored: 'test' };
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

  /** orders/paid and orders/cancelled: a test order and a guest checkout are acknowledged and change nothing. */
  private async order(shopId: string, topic: string, body: unknown, delivery: Delivery) {
    const { customer, order, test, financialStatus } = parseOrder(body, delivery);
    if (test) return { ignored: 'test' };
    if (!customer) return { ignored: 'guest order' };
    // The stored order (the storefront's order history) reads its time and status as recorded here.
    const stored = { ...(body as object), created_at: order.platformCreatedAt, financial_status: financialStatus };
    if (topic === 'orders/cancelled') {
      await this.platform.recordOrder(shopId, customer.platformCustomerId, stored);
      const { recorded } = await this.commands.execute(
        new CancelOrderCommand(shopId, customer.platformCustomerId, order.orderId),
      );
      return { orderId: order.orderId, recorded };
    }
    // An order can arrive before its customers/create: the customer is enrolled from the order.
    await this.enrol(shopId, customer);
    await this.platform.recordOrder(shopId, customer.platformCustomerId, stored);
    const { recorded, pointsEarned } = await this.commands.execute(
      new RecordOrderCommand(shopId, customer.platformCustomerId, order),
    );
    return { orderId: order.orderId, recorded, pointsEarned };
  }

  private async privacyRequest(
    shopId: string,
    topic: PrivacyRequestKind,
    webhookId: string,
    body: unknown,
  ): Promise<Record<string, unknown>> {
    const { platformCustomerId, requestId } = parsePrivacyRequest(body, topic);
    const result: PrivacyRequestResult = await this.commands.execute(
      new HandlePrivacyRequestCommand(shopId, topic, requestId ?? webhookId, platformCustomerId, 'platform'),
    );
    // The answer names ids only: the data itself is fetched from v2 or the operator API.
    return {
      requestId: result.requestId,
      customerId: result.customerId,
      erasedCustomers: result.erasedCustomerIds.length,
      ...(result.document ? { documentReady: true } : {}),
    };
  }

  private enrol(shopId: string, customer: PlatformCustomer): Promise<{ created: boolean }> {
    return this.commands.execute(
      new EnrolCustomerCommand(shopId, customer.platformCustomerId, customer.profile, 'platform'),
    );
  }

  private async platformIdOf(shopId: string, customerId: string): Promise<PlatformCustomerId> {
    const customers = await this.readStore.collection<CustomerDoc>(CUSTOMERS);
    const doc = await customers.get(customerId);
    if (!doc || doc.shopId !== shopId) throw because.notFound('Customer');
    return doc.platformCustomerId;
  }
}
