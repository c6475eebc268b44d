import { Inject, Injectable } from '@nestjs/common';
import {
  comparePositions,
  EVENT_STORE,
  EventStore,
  GlobalPosition,
  RecordedEvent,
  StreamCursor,
} from '../../infrastructure/event-store/event-store.port';
import { Collection, Document, READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { CustomerEventType as T, PendingPointsCancelled } from '../../ledger/customer-events';
import { CUSTOMERS, CustomerDoc, TRANSACTIONS, TransactionDoc } from '../../ledger/read-models/ledger-read-models';
import {
  isRowEvent,
  RowEvent,
  transactionFromEvent,
  withCancelledHold,
} from '../../ledger/projections/transaction-rows';
import { withRecordedDetails } from '../../ledger/recorded-details';
import { REWARDS, RewardDoc } from '../../ledger/read-models/reward-read-models';
import { SHOPS, ShopDoc } from '../../shops/projections/shop-read-models';
import { customerEventOf, CustomerHistory, emptyHistory, evolveHistory } from '../domain/customer-history';
import { customerDocOf, normalizedCustomerDoc } from '../domain/customer-record';
import { FieldDifference, fieldDifferences } from '../domain/field-differences';
import { ProjectionRunner } from '../../projections/projection-runner';
import { AppConfig } from '../../config/app-config';
import { HeapCeiling } from '../../infrastructure/runtime/heap-ceiling';
import { Difference, VerifyProgress, VerifySummary } from '../domain/verification';
import { LiabilityRecompute } from '../liability/liability-recompute';
import { LIABILITY_DAYS, LiabilityDayDoc } from '../liability/liability-days.projection';

export type { Difference, VerifyProgress, VerifySummary } from '../domain/verification';

/** Pages small enough that their rows die young (less garbage-collection work than large pages). */
const BATCH = 500;
const ORPHAN_PAGE = 500;

export interface VerifyOptions {
  shopId?: string | null;
  onDifference: (difference: Difference) => void | Promise<void>;
  onProgress?: (progress: VerifyProgress) => void | Promise<void>;
  /** Stops the run between pages (service shutdown). */
  signal?: AbortSignal;
}

interface Checkpoints {
  customers: GlobalPosition | null;
  transactions: GlobalPosition | null;
  rewards: GlobalPosition | null;
}

interface ShopTally {
  customers: number;
  transactions: number;
  rewards: number;
}

const REWARD_TYPES: ReadonlySet<string> = new Set([
  T.PointsRedeemed,
  T.CouponGranted,
  T.CouponRefunded,
  T.CouponUsed,
  T.CouponExpired,
  T.ReferralRefundAfterReward,
]);

const applied = (position: GlobalPosition, checkpoint: GlobalPosition | null) =>
  checkpoint !== null && comparePositions(position, checkpoint) <= 0;

/** One customer stream being folded, with the stored documents it must explain. */
class StreamRun {
  history: CustomerHistory = emptyHistory();
  /** The fold at the revision the stored customer document says it has applied. */
  atDocRevision: CustomerDoc | null = null;
  /** The last revision every projection checkpoint at the start had passed. */
  settledRevision = -1n;
  rewardsSettled = true;
  readonly rewardDocs = new Map<string, RewardDoc | null>();
  /**
   * Held rows change after their event (a refund marks them), so they are compared at the end of the
   * stream: with the row as of the last change the checkpoint passed, or any later one.
   */
  readonly held = new Map<string, { row: TransactionDoc | null; settled: boolean; acceptable: TransactionDoc[] }>();
  shopId: string;
  customerId: string;

  constructor(
    readonly streamId: string,
    first: RecordedEvent,
    readonly doc: CustomerDoc | null,
  ) {
    const data = first.data as { shopId: string; customerId: string };
    this.shopId = data.shopId;
    this.customerId = data.customerId;
  }
}

interface Collections {
  customers: Collection<CustomerDoc>;
  transactions: Collection<TransactionDoc>;
  rewards: Collection<RewardDoc>;
}

/** The stored documents a page of events needs: customers, transactions and rewards by id. */
type PageDocuments = readonly [Map<string, CustomerDoc>, Map<string, TransactionDoc>, Map<string, RewardDoc>];

/** One verification's counts and reports, and how it checks each event and each finished stream. */
class Verification {
  differences = 0;
  streams = 0;
  events = 0;
  inFlight = 0;
  /** Documents found and explained by the streams, per shop. */
  readonly seen = new Map<string, ShopTally>();

  constructor(
    private readonly checkpoints: Checkpoints,
    private readonly onDifference: VerifyOptions['onDifference'],
    /** The liability's days recomputed from the same walk. */
    readonly liability: LiabilityRecompute,
  ) {}

  readonly report = async (d: Difference): Promise<void> => {
    this.differences++;
    await this.onDifference(d);
  };

  tally(shopId: string): ShopTally {
    let t = this.seen.get(shopId);
    if (!t) this.seen.set(shopId, (t = { customers: 0, transactions: 0, rewards: 0 }));
    return t;
  }

  /** Folds one event into its stream's run and checks the documents it explains. */
  async fold(run: StreamRun, recorded: RecordedEvent, [, transactionDocs, rewardDocs]: PageDocuments): Promise<void> {
    const before = run.history.state;
    run.history = evolveHistory(run.history, recorded);
    this.liability.add(recorded);
    if (applied(recorded.position, this.checkpoints.customers)) run.settledRevision = recorded.revision;
    if (run.doc && BigInt(run.doc.streamRevision) === recorded.revision) run.atDocRevision = customerDocOf(run.history);
    const rowSettled = applied(recorded.position, this.checkpoints.transactions);
    if (isRowEvent(recorded.type)) await this.checkRow(run, recorded, before, rowSettled, transactionDocs);
    if (recorded.type === T.PendingPointsCancelled) {
      const event = customerEventOf<PendingPointsCancelled>(recorded);
      const held = run.held.get(event.pendingTransactionId);
      if (held) {
        const marked = withCancelledHold(held.acceptable[held.acceptable.length - 1], event);
        held.acceptable = rowSettled ? [marked] : [...held.acceptable, marked];
      }
    }
    if (REWARD_TYPES.has(recorded.type)) {
      if (!applied(recorded.position, this.checkpoints.rewards)) run.rewardsSettled = false;
      const event = customerEventOf(recorded);
      if (event.type === T.PointsRedeemed || event.type === T.CouponGranted)
        run.rewardDocs.set(event.reward.rewardId, rewardDocs.get(event.reward.rewardId) ?? null);
    }
  }

  /** Once a stream is folded: its held rows, its customer document and its rewards. */
  async finish(run: StreamRun): Promise<void> {
    this.streams++;
    // Documents found and explained by this stream: a shop with more documents than that has some
    // no event explains.
    const t = this.tally(run.shopId);
    if (run.doc) t.customers++;
    await this.finishHeld(run);
    await this.finishCustomer(run);
    await this.finishRewards(run, t);
    if (!run.rewardsSettled) this.inFlight++;
  }

  private async checkRow(
    run: StreamRun,
    recorded: RecordedEvent,
    before: CustomerHistory['state'],
    rowSettled: boolean,
    transactionDocs: Map<string, TransactionDoc>,
  ): Promise<void> {
    // The row as the projection builds it, older events filled in from the state before them.
    const event = withRecordedDetails(customerEventOf<RowEvent>(recorded), before);
    const expected = transactionFromEvent(event, recorded.revision);
    const row = transactionDocs.get(event.transactionId);
    if (row) this.tally(run.shopId).transactions++;
    if (event.type === T.PointsPending) {
      run.held.set(event.transactionId, { row: row ?? null, settled: rowSettled, acceptable: [expected] });
    } else if (!row) {
      if (rowSettled) await this.report({ ...where(TRANSACTIONS.name, event.transactionId, run), problem: 'missing' });
    } else {
      for (const f of quickDifferences(row, expected))
        await this.report(fieldDifference(TRANSACTIONS.name, row.id, run, f));
    }
  }

  private async finishHeld(run: StreamRun): Promise<void> {
    for (const [id, held] of run.held) {
      if (!held.row) {
        if (held.settled) await this.report({ ...where(TRANSACTIONS.name, id, run), problem: 'missing' });
        continue;
      }
      if (held.acceptable.some((row) => quickDifferences(held.row!, row).length === 0)) continue;
      for (const f of quickDifferences(held.row, held.acceptable[held.acceptable.length - 1]))
        await this.report(fieldDifference(TRANSACTIONS.name, id, run, f));
    }
  }

  /**
   * The document is compared with the fold at the revision it claims, when that claim is one the
   * log allows (at least every event its checkpoint passed, at most the last); otherwise with the
   * fold at the end, which shows the wrong streamRevision with everything else that differs.
   */
  private async finishCustomer(run: StreamRun): Promise<void> {
    const final = customerDocOf(run.history);
    if (!run.doc) {
      if (final && run.settledRevision >= 0n)
        await this.report({ ...where(CUSTOMERS.name, run.customerId, run), problem: 'missing' });
      else if (final) this.inFlight++;
      return;
    }
    const docRevision = BigInt(run.doc.streamRevision);
    const claimOk = docRevision >= run.settledRevision && docRevision <= run.history.revision;
    const expected = claimOk ? run.atDocRevision : final;
    const found = expected
      ? fieldDifferences(normalizedCustomerDoc(run.doc), expected)
      : [{ field: 'id', readModel: run.doc.id, log: undefined }];
    for (const f of found) await this.report(fieldDifference(CUSTOMERS.name, run.doc.id, run, f));
  }

  private async finishRewards(run: StreamRun, t: ShopTally): Promise<void> {
    for (const coupon of Object.values(run.history.state.coupons)) {
      // An impact contribution is no coupon: the reward view leaves it to the impact history.
      if (coupon.rewardType === 'impact') continue;
      const doc = run.rewardDocs.get(coupon.rewardId);
      if (doc) t.rewards++;
      if (!run.rewardsSettled) continue;
      if (!doc) {
        await this.report({ ...where(REWARDS.name, coupon.rewardId, run), problem: 'missing' });
        continue;
      }
      const expected = {
        shopId: run.shopId,
        customerId: run.customerId,
        pointsSpent: coupon.points,
        discountStatus: coupon.status,
      };
      const actual = {
        shopId: doc.shopId,
        customerId: doc.customerId,
        pointsSpent: doc.pointsSpent,
        discountStatus: doc.discountStatus,
      };
      for (const f of fieldDifferences(actual, expected))
        await this.report(fieldDifference(REWARDS.name, doc.id, run, f));
    }
  }
}

function summaryOf(
  verification: Verification,
  shopId: string | null,
  stored: Map<string, ShopTally>,
  started: number,
  liabilityDays: number,
): VerifySummary {
  const ms = Math.max(1, Date.now() - started);
  const totals = [...stored.values()];
  const { streams, events, differences, inFlight } = verification;
  return {
    shopId,
    streams,
    events,
    documents: {
      customers: totals.reduce((n, t) => n + t.customers, 0),
      transactions: totals.reduce((n, t) => n + t.transactions, 0),
      rewards: totals.reduce((n, t) => n + t.rewards, 0),
      liabilityDays,
    },
    differences,
    inFlight,
    ms,
    eventsPerSecond: Math.round((events / ms) * 1000),
  };
}

/**
 * Verification: folds every customer stream with the ledger's own fold and compares each read-model
 * document (customers, transactions, rewards) with what the fold gives, reporting every
 * difference. Streams are read one after the other a page at a time, and each page's documents are
 * fetched together, so memory stays the same whatever the size of the log.
 *
 * While the service runs, a document may lag its stream: events past a projection's checkpoint (taken
 * at the start) may be applied or not yet, and either is accepted; events before it must be applied.
 * Documents no event explains are found by counting them per shop, then looking for them.
 */
@Injectable()
export class ReadModelVerifier {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly projections: ProjectionRunner,
    private readonly config: AppConfig,
  ) {}

  /** How far a projection has certainly applied the log: its stored checkpoint, or later in this process. */
  private async checkpoint(name: string): Promise<GlobalPosition | null> {
    const stored = await this.eventStore.readCheckpoint(name);
    const here = this.projections.appliedPosition(name);
    if (!stored || !here) return stored ?? here;
    return comparePositions(stored, here) >= 0 ? stored : here;
  }

  async run(options: VerifyOptions): Promise<VerifySummary> {
    const started = Date.now();
    const shopId = options.shopId ?? null;
    const [customers, transactions, rewards, shops] = await Promise.all([
      this.readStore.collection<CustomerDoc>(CUSTOMERS),
      this.readStore.collection<TransactionDoc>(TRANSACTIONS),
      this.readStore.collection<RewardDoc>(REWARDS),
      this.readStore.collection<ShopDoc>(SHOPS),
    ]);
    const collections: Collections = { customers, transactions, rewards };
    // Documents are counted before the streams are read: a document written later explains an event read later.
    const shopDocs = shopId ? [await shops.get(shopId)].filter((s) => s !== null) : await shops.find({});
    const shopIds = shopId ? [shopId] : shopDocs.map((s) => s.id);
    // The liability's days are read before the walk, after its checkpoint: a day with a later event is in flight.
    const liability = new LiabilityRecompute(
      new Map(shopDocs.map((s) => [s.id, s.timezone])),
      await this.checkpoint(LIABILITY_DAYS.name),
    );
    const liabilityDays = await this.readStore.collection<LiabilityDayDoc>(LIABILITY_DAYS);
    const storedDays = new Map<string, LiabilityDayDoc[]>();
    for (const id of shopIds) storedDays.set(id, await liabilityDays.find({ shopId: id }));
    const stored = new Map<string, ShopTally>();
    for (const id of shopIds) stored.set(id, await countDocuments(id, customers, transactions, rewards));
    const checkpoints: Checkpoints = {
      customers: await this.checkpoint(CUSTOMERS.name),
      transactions: await this.checkpoint(TRANSACTIONS.name),
      rewards: await this.checkpoint(REWARDS.name),
    };
    const verification = new Verification(checkpoints, options.onDifference, liability);
    const expectedStreams = [...stored.values()].reduce((n, t) => n + t.customers, 0);
    await this.walk(verification, shopId, collections, expectedStreams, options);
    await this.findAllUnexplained(verification, stored, collections);
    let dayCount = 0;
    for (const [id, days] of storedDays) {
      dayCount += days.length;
      await liability.compare(id, days, verification.report);
    }
    return summaryOf(verification, shopId, stored, started, dayCount);
  }

  /** Folds every customer stream of the log (or of one shop), a page at a time, checking as it goes. */
  private async walk(
    verification: Verification,
    shopId: string | null,
    { customers, transactions, rewards }: Collections,
    expectedStreams: number,
    options: VerifyOptions,
  ): Promise<void> {
    // A page of events and the documents it needs; the next page is loaded while this one is folded.
    const load = async (after: StreamCursor | null) => {
      const events = await this.eventStore.readStreams({ prefix: streamPrefix(shopId), after, limit: BATCH });
      const documents = await this.documentsOf(events, after?.streamId ?? null, customers, transactions, rewards);
      return { events, documents };
    };
    const progress = () => ({ streams: verification.streams, events: verification.events, expectedStreams });
    // A walk of the whole log, like a rebuild: its heap is kept near what is live (see HeapCeiling).
    const heap = new HeapCeiling(this.config.rebuildHeapCeilingMb * 1048576);
    let current = null as StreamRun | null;
    let next = load(null);
    for (let page = await next; page.events.length > 0; page = await next) {
      heap.check();
      const batch = page.events;
      const last = batch[batch.length - 1];
      next = load({ streamId: last.streamId, revision: last.revision });
      next.catch(() => undefined);
      for (const recorded of batch) {
        if (current?.streamId !== recorded.streamId) {
          if (current) await verification.finish(current);
          const customerId = (recorded.data as { customerId: string }).customerId;
          current = new StreamRun(recorded.streamId, recorded, page.documents[0].get(customerId) ?? null);
        }
        await verification.fold(current, recorded, page.documents);
      }
      verification.events += batch.length;
      await options.onProgress?.(progress());
      options.signal?.throwIfAborted();
    }
    if (current) await verification.finish(current);
    await options.onProgress?.(progress());
  }

  /** Looks for the documents no event explains, in the shops that have more than their events explain. */
  private async findAllUnexplained(
    verification: Verification,
    stored: Map<string, ShopTally>,
    { customers, transactions, rewards }: Collections,
  ): Promise<void> {
    for (const [id, counted] of stored) {
      const explained = verification.seen.get(id) ?? { customers: 0, transactions: 0, rewards: 0 };
      const collections: Array<[keyof ShopTally, Collection<Document & { customerId?: string }>]> = [
        ['customers', customers],
        ['transactions', transactions],
        ['rewards', rewards],
      ];
      for (const [kind, collection] of collections) {
        if (counted[kind] > explained[kind]) await this.findUnexplained(id, kind, collection, verification.report);
      }
    }
  }

  /** The stored documents a page of events needs, fetched together. */
  private async documentsOf(
    batch: RecordedEvent[],
    continuing: string | null,
    customers: Collection<CustomerDoc>,
    transactions: Collection<TransactionDoc>,
    rewards: Collection<RewardDoc>,
  ) {
    const customerIds = new Set<string>();
    const transactionIds: string[] = [];
    const rewardIds: string[] = [];
    for (const recorded of batch) {
      const data = recorded.data as {
        customerId: string;
        transactionId?: string;
        reward?: { rewardId: string };
      };
      if (recorded.streamId !== continuing) customerIds.add(data.customerId);
      if (isRowEvent(recorded.type) && data.transactionId) transactionIds.push(data.transactionId);
      if ((recorded.type === T.PointsRedeemed || recorded.type === T.CouponGranted) && data.reward)
        rewardIds.push(data.reward.rewardId);
    }
    const [c, t, r] = await Promise.all([
      customers.getMany([...customerIds]),
      transactions.getMany(transactionIds),
      rewards.getMany(rewardIds),
    ]);
    return [byId(c), byId(t), byId(r)] as const;
  }

  /**
   * A shop has more documents than its events explain: walk its documents and report each one whose
   * customer's stream does not explain it. Only run when the counts disagree.
   */
  private async findUnexplained(
    shopId: string,
    kind: keyof ShopTally,
    collection: Collection<Document & { customerId?: string }>,
    report: (d: Difference) => Promise<void>,
  ) {
    const name = kind === 'customers' ? CUSTOMERS.name : kind === 'transactions' ? TRANSACTIONS.name : REWARDS.name;
    let after: string | undefined;
    for (;;) {
      const page = await collection.page({
        filter: { shopId },
        sort: { field: 'id', direction: 'asc' },
        limit: ORPHAN_PAGE,
        after,
      });
      const explainedBy = new Map<string, Set<string>>();
      for (const doc of page.items) {
        const customerId = kind === 'customers' ? doc.id : (doc.customerId ?? '');
        let ids = explainedBy.get(customerId);
        if (!ids) explainedBy.set(customerId, (ids = await this.idsExplainedBy(shopId, customerId, kind)));
        if (!ids.has(doc.id))
          await report({
            collection: name,
            documentId: doc.id,
            shopId,
            customerId: customerId || null,
            problem: 'unexplained',
          });
      }
      if (!page.hasNext || page.items.length === 0) return;
      after = page.items[page.items.length - 1].id;
    }
  }

  private async idsExplainedBy(shopId: string, customerId: string, kind: keyof ShopTally): Promise<Set<string>> {
    const ids = new Set<string>();
    if (!customerId) return ids;
    const stream = await this.eventStore.readStream(`customer-${shopId}_${customerId}`);
    let history = emptyHistory();
    for (const recorded of stream) {
      history = evolveHistory(history, recorded);
      const data = recorded.data as { transactionId?: string };
      if (kind === 'transactions' && isRowEvent(recorded.type) && data.transactionId) ids.add(data.transactionId);
    }
    if (kind === 'customers' && history.state.enrolled) ids.add(customerId);
    if (kind === 'rewards') for (const c of Object.values(history.state.coupons)) ids.add(c.rewardId);
    return ids;
  }
}

const streamPrefix = (shopId: string | null) => (shopId ? `customer-${shopId}_` : 'customer-');

function byId<T extends Document>(docs: T[]): Map<string, T> {
  return new Map(docs.map((d) => [d.id, d]));
}

async function countDocuments(
  shopId: string,
  customers: Collection<CustomerDoc>,
  transactions: Collection<TransactionDoc>,
  rewards: Collection<RewardDoc>,
): Promise<ShopTally> {
  const [c, t, r] = await Promise.all([
    customers.count({ shopId }),
    transactions.count({ shopId }),
    rewards.count({ shopId }),
  ]);
  return { customers: c, transactions: t, rewards: r };
}

function where(collection: string, documentId: string, run: StreamRun) {
  return { collection, documentId, shopId: run.shopId, customerId: run.customerId };
}

function fieldDifference(collection: string, documentId: string, run: StreamRun, f: FieldDifference): Difference {
  return { ...where(collection, documentId, run), problem: 'field', ...f };
}

/** fieldDifferences, with a fast path for the usual case of equal flat documents. */
function quickDifferences(stored: object, expected: object): FieldDifference[] {
  const s = stored as Record<string, unknown>;
  const e = expected as Record<string, unknown>;
  const keys = Object.keys(e);
  if (Object.keys(s).length === keys.length && keys.every((k) => s[k] === e[k])) return [];
  return fieldDifferences(stored, expected);
}
