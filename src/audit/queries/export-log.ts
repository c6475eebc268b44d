import { Inject, Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { EVENT_STORE, EventStore, RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { customerStreamId } from '../../ledger/customer-events';
import { ExportChain, ExportScope } from '../domain/export-chain';
import { effectiveTime } from '../domain/customer-history';
import { AuditSigningKey } from '../credentials/audit-signing-key';
import { because } from '../../shared/domain/domain-error';
import { resolveCustomerId } from './customer-stream';
import { ShopDirectory } from '../../shops/shop-directory';
import { DayInterval } from '../../shared/domain/zoned-days';
import { LiabilityRecompute } from '../liability/liability-recompute';
import { liabilityAnswer, liabilityFrame } from '../liability/liability-roll-forward.query';

export interface ExportOptions {
  customerRef?: string | null;
  from?: string | null;
  to?: string | null;
  /** Carry the points liability's roll-forward of the range (by this interval) in the signed manifest. */
  liability?: DayInterval | null;
}

/** The shop's figures a roll-forward in the manifest needs, checked before the first byte. */
interface LiabilityAsked {
  shop: { id: string; timezone: string; currency: string; pointValue: string | null };
  request: { from: Date; to: Date; interval: DayInterval };
}

type Signer = ReturnType<AuditSigningKey['signer']>;

/** Small pages: the rows of the page being written die young (less garbage-collection work than large pages). */
const BATCH = 250;

/**
 * The tamper-evident export of a shop's log (or one customer's stream), as lines to write out one
 * after the other: the events in log order, then the signed manifest. Lines are produced as they are
 * read, so an export of any size needs the memory of one batch. If the export stops half-way, the
 * file has no manifest and `loyalty audit check` says so.
 */
@Injectable()
export class LogExport {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly signingKey: AuditSigningKey,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly shops: ShopDirectory,
  ) {}

  /**
   * Checks what can be checked before the first byte is sent (a signing key, the customer) and
   * answers the lines to write.
   */
  async open(shopId: string, options: ExportOptions): Promise<{ scope: ExportScope; lines: AsyncGenerator<string> }> {
    const signer = this.signingKey.signer();
    const liability = options.liability ? await this.liabilityAsked(shopId, options) : null;
    let customerId: string | null = null;
    if (options.customerRef) {
      customerId = resolveCustomerId(shopId, options.customerRef);
      const [first] = customerId ? await this.eventStore.readStream(customerStreamId(shopId, customerId), 0n, 1) : [];
      if (!first) throw because.notFound('Customer');
    }
    const scope: ExportScope = { shopId, customerId, from: options.from ?? null, to: options.to ?? null };
    return { scope, lines: this.lines(scope, signer, liability) };
  }

  /** A roll-forward needs the whole shop and a range of whole local days (refused otherwise, naming the field). */
  private async liabilityAsked(shopId: string, options: ExportOptions): Promise<LiabilityAsked> {
    if (options.customerRef)
      throw because.badRequest("liability is a shop's figure: export the whole shop (no customerId)", {
        field: 'liability',
      });
    if (!options.from || !options.to)
      throw because.badRequest('liability needs from and to', { field: options.from ? 'to' : 'from' });
    const shop = await this.shops.byId(shopId);
    if (!shop) throw because.notFound('Shop');
    const request = { from: new Date(options.from), to: new Date(options.to), interval: options.liability! };
    liabilityFrame(request, shop.timezone);
    const { id, timezone, currency } = shop;
    return { shop: { id, timezone, currency, pointValue: shop.accounting?.pointValue ?? null }, request };
  }

  private async *lines(scope: ExportScope, signer: Signer, liability: LiabilityAsked | null): AsyncGenerator<string> {
    const chain = new ExportChain();
    // The roll-forward is recomputed from the shop's events as they pass (those before `from` make its opening).
    const recompute = liability
      ? new LiabilityRecompute(new Map([[scope.shopId, liability.shop.timezone]]), null, true)
      : null;
    const from = scope.from ? Date.parse(scope.from) : -Infinity;
    const to = scope.to ? Date.parse(scope.to) : Infinity;
    const batches = scope.customerId
      ? this.customerBatches(customerStreamId(scope.shopId, scope.customerId))
      : this.shopBatches(scope.shopId);
    for await (const batch of batches) {
      let text = '';
      for (const recorded of batch) {
        recompute?.add(recorded);
        const at = effectiveTime(recorded);
        if (at >= from && at < to) text += chain.line(recorded);
      }
      if (text) yield text;
    }
    const extra = liability
      ? { liability: liabilityAnswer(liability.shop, liability.request, recompute!.daysOf(scope.shopId)) }
      : {};
    yield chain.manifest(scope, this.clock.now().toISOString(), signer, extra);
  }

  /** The shop's events in global order: its customers, tiers, programs, webhooks, settings. */
  private async *shopBatches(shopId: string): AsyncGenerator<RecordedEvent[]> {
    // The next batch is read while this one is hashed and written.
    let next = this.eventStore.readAll({ after: null, limit: BATCH });
    for (let batch = await next; batch.length > 0; batch = await next) {
      next = this.eventStore.readAll({ after: batch[batch.length - 1].position, limit: BATCH });
      // If the reader stops early, the read already under way must not become an unhandled rejection.
      next.catch(() => undefined);
      yield batch.filter((e) => (e.data as { shopId?: string }).shopId === shopId);
    }
  }

  private async *customerBatches(streamId: string): AsyncGenerator<RecordedEvent[]> {
    let from = 0n;
    for (;;) {
      const batch = await this.eventStore.readStream(streamId, from, BATCH);
      if (batch.length === 0) return;
      yield batch;
      from = batch[batch.length - 1].revision + 1n;
    }
  }
}

/** GET /audit/export: the lines of a shop's (or one customer's) export, checked before the first byte. */
export class ExportLogQuery {
  constructor(
    readonly shopId: string,
    readonly options: ExportOptions,
  ) {}
}

@QueryHandler(ExportLogQuery)
export class ExportLogHandler implements IQueryHandler<ExportLogQuery> {
  constructor(private readonly exports: LogExport) {}

  execute({ shopId, options }: ExportLogQuery): Promise<{ scope: ExportScope; lines: AsyncGenerator<string> }> {
    return this.exports.open(shopId, options);
  }
}
