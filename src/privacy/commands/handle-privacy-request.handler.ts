import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DecisionRunner } from '../../event-sourcing/decision-runner';
import { CommandMetas } from '../../event-sourcing/command-metas';
import { EVENT_STORE, EventStore, StreamCursor } from '../../infrastructure/event-store/event-store.port';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import {
  PERSONAL_DATA_SHREDDER,
  PersonalDataShredder,
} from '../../infrastructure/personal-data/personal-data-keys.port';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { customerIdFor } from '../../ledger/customer-identity';
import { EraseCustomerCommand, ErasureResult } from '../../ledger/erasure/erase-customer.handler';
import { PrivacyRequestKind, privacyRequests, privacyStreamId } from '../domain/privacy-requests';
import { CustomerData, CustomerDataDocument } from '../queries/customer-data';
import { PERSONAL_FIELD_NAMES } from '../../ledger/personal-fields';
import { VERIFICATION_DIFFERENCES, VerificationDifferenceDoc } from '../../audit/verification/verification-jobs';
import { PRIVACY_DOCUMENTS, PrivacyDocumentDoc, privacyDocId } from '../projections/privacy-read-models';
import { OBJECT_STORAGE, ObjectStorage } from '../../infrastructure/object-storage/object-storage.port';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';
import { ERASURE_COMPACTION, ErasureCompaction } from '../../infrastructure/personal-data/erasure-compaction.port';

/** One privacy request: a compliance webhook of the platform, or the merchant's data request through v2. */
export class HandlePrivacyRequestCommand {
  constructor(
    readonly shopId: string,
    readonly kind: PrivacyRequestKind,
    readonly requestId: string,
    /** The customer (customers/*); null for shop/redact. */
    readonly platformCustomerId: PlatformCustomerId | null,
    readonly source: 'platform' | 'api',
  ) {}
}

export interface PrivacyRequestResult {
  requestId: string;
  kind: PrivacyRequestKind;
  /** The request was answered before: nothing was done again. */
  duplicate: boolean;
  customerId: string | null;
  erasedCustomerIds: string[];
  /** customers/data_request: the assembled document (also kept for fetching). */
  document?: CustomerDataDocument;
}

const STREAM_PAGE = 200;

/**
 * Records the request once on the shop's privacy stream, answers it, then records it answered. A
 * crash in between leaves it received and not answered: the platform's retry answers it again,
 * every step being idempotent (erasures, the kept document).
 */
@CommandHandler(HandlePrivacyRequestCommand)
export class HandlePrivacyRequestHandler implements ICommandHandler<HandlePrivacyRequestCommand, PrivacyRequestResult> {
  constructor(
    private readonly commands: CommandBus,
    private readonly runner: DecisionRunner,
    private readonly metas: CommandMetas,
    private readonly customerData: CustomerData,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(PERSONAL_DATA_SHREDDER) private readonly shredder: PersonalDataShredder,
    @Inject(OBJECT_STORAGE) private readonly objects: ObjectStorage,
    @Inject(ERASURE_COMPACTION) private readonly compaction: ErasureCompaction,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(command: HandlePrivacyRequestCommand): Promise<PrivacyRequestResult> {
    const { shopId, kind, requestId, platformCustomerId, source } = command;
    const customerId = platformCustomerId === null ? null : customerIdFor(shopId, platformCustomerId);
    const stream = privacyStreamId(shopId);
    const received = await this.runner.run(privacyRequests, stream, () => ({
      type: 'ReceiveRequest' as const,
      meta: this.metas.for(shopId),
      requestId,
      kind,
      customerId,
      platformCustomerId,
      source,
    }));
    const base = { requestId, kind, customerId, erasedCustomerIds: [] as string[] };
    if (received.events.length === 0 && received.after.requests.get(requestId)?.completed) {
      return { ...base, duplicate: true, ...(await this.keptDocument(shopId, requestId)) };
    }
    const answer = await this.answer(command, customerId);
    await this.runner.run(privacyRequests, stream, () => ({
      type: 'CompleteRequest' as const,
      meta: this.metas.for(shopId),
      requestId,
      erasedCustomerIds: answer.erasedCustomerIds,
    }));
    return { ...base, duplicate: false, ...answer };
  }

  private async answer(
    { shopId, kind, requestId }: HandlePrivacyRequestCommand,
    customerId: string | null,
  ): Promise<{ erasedCustomerIds: string[]; document?: CustomerDataDocument }> {
    switch (kind) {
      case 'customers/data_request': {
        const document = await this.customerData.assemble(shopId, customerId!, this.clock.now());
        const documents = await this.readStore.collection<PrivacyDocumentDoc>(PRIVACY_DOCUMENTS);
        await documents.put({
          id: privacyDocId(shopId, requestId),
          shopId,
          customerId: customerId!,
          requestId,
          createdAt: document.assembledAt,
          document,
        });
        return { erasedCustomerIds: [], document };
      }
      case 'customers/redact': {
        const erased = await this.erase(shopId, customerId!, requestId, kind);
        return { erasedCustomerIds: erased.recorded ? [customerId!] : [] };
      }
      case 'shop/redact':
        return { erasedCustomerIds: await this.eraseShop(shopId, requestId) };
    }
  }

  private async erase(shopId: string, customerId: string, requestId: string, kind: PrivacyRequestKind) {
    const result: ErasureResult = await this.commands.execute(
      new EraseCustomerCommand(
        shopId,
        customerId,
        requestId,
        kind === 'shop/redact' ? 'shop/redact' : 'customers/redact',
      ),
    );
    await this.forgetDocuments(shopId, customerId);
    await this.forgetVerificationValues(shopId, customerId);
    // Every purge of this erasure is done: the embedded store's files follow within the window.
    this.compaction.erasureRecorded({ logEdited: result.logEdited });
    return result;
  }

  /** An audit verification's differences show both values of a field: personal ones are blanked. */
  private async forgetVerificationValues(shopId: string, customerId: string): Promise<void> {
    const differences = await this.readStore.collection<VerificationDifferenceDoc>(VERIFICATION_DIFFERENCES);
    for (const d of await differences.find({ customerId })) {
      if (d.shopId === shopId && d.field && PERSONAL_FIELD_NAMES.has(d.field) && (d.readModel != null || d.log != null))
        await differences.put({ ...d, readModel: null, log: null });
    }
  }

  /** Every customer of the shop (as the log knows them), then every key left (tombstones all) and every file. */
  private async eraseShop(shopId: string, requestId: string): Promise<string[]> {
    const erased: string[] = [];
    for (const customerId of await this.customersOf(shopId)) {
      if ((await this.erase(shopId, customerId, requestId, 'shop/redact')).recorded) erased.push(customerId);
    }
    await this.shredder.destroyShopKeys(shopId, this.clock.now());
    await this.forgetDocuments(shopId, null);
    await this.objects.removePrefix(`${shopId}/`);
    // A long shop erasure may outlast the window its first customer opened: one more for what followed.
    this.compaction.erasureRecorded({ logEdited: false });
    return erased;
  }

  private async customersOf(shopId: string): Promise<string[]> {
    const prefix = `customer-${shopId}_`;
    const ids: string[] = [];
    let after: StreamCursor | null = null;
    for (;;) {
      const page = await this.eventStore.readStreams({ prefix, after, limit: STREAM_PAGE });
      if (page.length === 0) return ids;
      for (const event of page) {
        const customerId = event.streamId.slice(prefix.length);
        if (ids[ids.length - 1] !== customerId) ids.push(customerId);
      }
      // Past the last stream seen: its remaining events are not needed.
      after = { streamId: page[page.length - 1].streamId, revision: BigInt(Number.MAX_SAFE_INTEGER) };
    }
  }

  private async forgetDocuments(shopId: string, customerId: string | null): Promise<void> {
    const documents = await this.readStore.collection<PrivacyDocumentDoc>(PRIVACY_DOCUMENTS);
    const found = await documents.find(customerId ? { shopId, customerId } : { shopId });
    for (const doc of found) await documents.delete(doc.id);
  }

  private async keptDocument(shopId: string, requestId: string): Promise<{ document?: CustomerDataDocument }> {
    const documents = await this.readStore.collection<PrivacyDocumentDoc>(PRIVACY_DOCUMENTS);
    const kept = await documents.get(privacyDocId(shopId, requestId));
    return kept ? { document: kept.document } : {};
  }
}
