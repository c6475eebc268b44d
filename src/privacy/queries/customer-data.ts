import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, ReadStore, CollectionDefinition } from '../../infrastructure/read-store/read-store.port';
import { EVENT_STORE, EventStore } from '../../infrastructure/event-store/event-store.port';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { CUSTOMERS, CustomerDoc, TRANSACTIONS, TransactionDoc } from '../../ledger/read-models/ledger-read-models';
import { RewardDoc, REWARDS } from '../../ledger/read-models/reward-read-models';
import { customerStreamId } from '../../ledger/customer-stream';
import { CustomerDataDocument, DATA_REQUEST_FORMAT } from '../projections/privacy-read-models';
import { OBJECT_STORAGE, ObjectStorage } from '../../infrastructure/object-storage/object-storage.port';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

export type { CustomerDataDocument } from '../projections/privacy-read-models';

const PAGE = 1000;

/** Assembles the document from the read models, the log, the platform's recorded orders and the uploaded files. */
@Injectable()
export class CustomerData {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
    @Inject(OBJECT_STORAGE) private readonly objects: ObjectStorage,
  ) {}

  async assemble(shopId: string, customerId: string, at: Date): Promise<CustomerDataDocument> {
    const doc = await (await this.readStore.collection<CustomerDoc>(CUSTOMERS)).get(customerId);
    const customer = doc && doc.shopId === shopId ? doc : null;
    const platformId = customer?.platformCustomerId ?? null;
    return {
      format: DATA_REQUEST_FORMAT,
      shopId,
      customerId,
      platformCustomerId: platformId,
      assembledAt: at.toISOString(),
      profile: customer ? profileOf(customer) : null,
      consents: customer
        ? {
            acceptsMarketing: customer.acceptsMarketing,
            marketingConsent: customer.marketingConsent ?? null,
            smsMarketingConsent: customer.smsMarketingConsent ?? null,
          }
        : null,
      balance: {
        points: customer?.point ?? 0,
        pendingPoints: customer?.pendingPoints ?? 0,
        tierId: customer?.tierId ?? null,
        tierPoint: customer?.tierPoint ?? 0,
        totalEarnedPoints: customer?.totalEarnedPoints ?? 0,
      },
      transactions: await this.ofCustomer<TransactionDoc>(TRANSACTIONS, shopId, customerId),
      coupons: await this.ofCustomer<RewardDoc>(REWARDS, shopId, customerId),
      orders: platformId === null ? [] : await this.platformOrders(shopId, platformId),
      submissions: [],
      // The files as the document has always listed them (without the storage's own timestamps).
      uploads: (await this.objects.list(`${shopId}/${customerId}/`)).map(({ key, contentType, size }) => ({
        key,
        contentType,
        size,
      })),
      history: await this.history(shopId, customerId),
    };
  }

  private async ofCustomer<T extends { shopId: string }>(
    definition: CollectionDefinition,
    shopId: string,
    customerId: string,
  ): Promise<T[]> {
    const found = await (await this.readStore.collection<T & { id: string }>(definition)).find({ customerId });
    return found.filter((d) => d.shopId === shopId);
  }

  private async platformOrders(shopId: string, platformCustomerId: PlatformCustomerId): Promise<unknown[]> {
    // The embedded platform's recorded orders; a live platform answers for its own data.
    return this.platform.customerOrders(shopId, platformCustomerId).catch(() => []);
  }

  private async history(shopId: string, customerId: string): Promise<CustomerDataDocument['history']> {
    const out: CustomerDataDocument['history'] = [];
    for (let from = 0n; ;) {
      const page = await this.eventStore.readStream(customerStreamId(shopId, customerId), from, PAGE);
      for (const e of page)
        out.push({
          type: e.type,
          revision: e.revision.toString(),
          recordedAt: e.recordedAt.toISOString(),
          data: e.data,
        });
      if (page.length < PAGE) return out;
      from = page[page.length - 1].revision + 1n;
    }
  }
}

function profileOf(c: CustomerDoc): Record<string, unknown> {
  return {
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    phone: c.phone ?? null,
    birthday: c.birthday,
    dateOfBirth: c.dateOfBirth,
    membership: c.membership ?? 'member',
    joinedAt: c.joinedAt ?? null,
    tags: c.tags ?? [],
    segmentIds: c.segmentIds ?? [],
    isB2B: c.isB2B ?? false,
    ordersCount: c.ordersCount,
    totalSpentCents: c.totalSpentCents,
    platformCreatedAt: c.platformCreatedAt,
    enrolledAt: c.enrolledAt,
    updatedAt: c.updatedAt,
  };
}
