import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { because, DomainError } from '../../shared/domain/domain-error';
import { CustomerDoc, CUSTOMERS } from '../read-models/ledger-read-models';
import { customerIdFor, parsePlatformCustomerId } from '../customer-identity';
import { DocumentCache } from '../../projections/document-cache';

/**
 * Finds a customer of one shop by internal id or platform id; another shop's customer is "not found".
 * Documents come from the process's DocumentCache (frozen: copy before changing).
 */
@Injectable()
export class CustomerLookup {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly documents: DocumentCache,
  ) {}

  async byId(shopId: string, customerId: string): Promise<CustomerDoc> {
    const doc = await this.documents.get(CUSTOMERS, customerId, async () =>
      (await this.readStore.collection<CustomerDoc>(CUSTOMERS)).get(customerId),
    );
    if (!doc || doc.shopId !== shopId) throw because.notFound('Customer');
    return doc;
  }

  async byPlatformId(shopId: string, platformCustomerId: string | number): Promise<CustomerDoc> {
    const id = parsePlatformCustomerId(platformCustomerId);
    if (id === null) throw because.notFound('Customer');
    return this.byId(shopId, customerIdFor(shopId, id));
  }

  /**
   * The customer a request names, by internal id (preferred) or platform id. Naming neither: null,
   * or `whenNone` thrown where one of them is required.
   */
  named(
    shopId: string,
    customerId: string | undefined,
    platformCustomerId: string | undefined,
  ): Promise<CustomerDoc | null>;
  named(
    shopId: string,
    customerId: string | undefined,
    platformCustomerId: string | undefined,
    whenNone: DomainError,
  ): Promise<CustomerDoc>;
  async named(
    shopId: string,
    customerId: string | undefined,
    platformCustomerId: string | undefined,
    whenNone?: DomainError,
  ): Promise<CustomerDoc | null> {
    if (customerId) return this.byId(shopId, customerId);
    if (platformCustomerId) return this.byPlatformId(shopId, platformCustomerId);
    if (whenNone) throw whenNone;
    return null;
  }

  /** Numeric: a platform id; otherwise an internal id. */
  async byEitherId(shopId: string, id: string): Promise<CustomerDoc> {
    return /^\d+$/.test(id) ? this.byPlatformId(shopId, id) : this.byId(shopId, id);
  }
}
