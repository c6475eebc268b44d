import { Inject, Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { because } from '../../shared/domain/domain-error';
import { ShopText } from '../../translations/queries/shop-text';
import { ProgramKind } from '../../programs/domain/program-events';
import { ProgramDoc, PROGRAMS } from '../../programs/projections/program-read-models';
import { GiftStatus, presentProgram, V2Program } from '../../programs/queries/program.presenter';
import { rewardOf } from '../../programs/kinds/spending-rule';
import { limitReached } from '../../ledger/coupons/redeemed-counts';
import { RedeemedCounts } from '../../ledger/coupons/redeemed-counts.query';

/** The programs read model, as the queries of every API family read it. */
@Injectable()
export class ProgramReader {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly text: ShopText,
    private readonly redeemedCounts: RedeemedCounts,
  ) {}

  /** The shop's programs of one kind, oldest first. */
  async docs(shopId: string, kind: ProgramKind): Promise<ProgramDoc[]> {
    return (await this.readStore.collection<ProgramDoc>(PROGRAMS)).find(
      { shopId, kind },
      { sort: { field: 'createdAt', direction: 'asc' } },
    );
  }

  /** One program of the shop; another shop's is "not found". */
  async find(shopId: string, programId: string): Promise<ProgramDoc> {
    const doc = await (await this.readStore.collection<ProgramDoc>(PROGRAMS)).get(programId);
    if (!doc || doc.shopId !== shopId) throw because.notFound('Program');
    return doc;
  }

  /** v2 Program records, each title in every language of the shop. */
  async present(shopId: string, docs: ProgramDoc[]): Promise<V2Program[]> {
    const titles = await this.text.translateTitles(shopId, docs);
    const gifts = await Promise.all(docs.map((doc) => this.giftStatus(doc)));
    return docs.map((doc, i) => presentProgram(doc, titles.get(doc.id), gifts[i]));
  }

  /** A free gift is sold out when its shop-wide quota is used up (refunded coupons give theirs back). */
  private async giftStatus(doc: ProgramDoc): Promise<GiftStatus> {
    if (doc.kind !== 'spending') return null;
    const rules = rewardOf(doc.spending);
    if (rules.rewardType !== 'free_product') return null;
    if (!rules.totalLimitationRedeem) return 'available';
    const given = await this.redeemedCounts.ofShop(doc.shopId, doc.id);
    return limitReached(given, rules.totalLimitationRedeem) ? 'sold_out' : 'available';
  }

  /**
   * Programs that are tier benefits (spec 4.3 `GET /tiers/benefits/{benefitType}`): those whose terms
   * differ by tier, i.e. earning programs with per-tier rates (`earnPointsTiers`). Spending programs
   * are the same for every tier, so none is a tier benefit. `benefitType` is the program's event
   * (`place_order`, `birthday`...) or its kind (`earning`, `spending`).
   */
  async tierBenefits(shopId: string, benefitType: string): Promise<ProgramDoc[]> {
    const docs = await (
      await this.readStore.collection<ProgramDoc>(PROGRAMS)
    ).find({ shopId }, { sort: { field: 'createdAt', direction: 'asc' } });
    return docs.filter(
      (d) =>
        (d.event === benefitType || d.kind === benefitType) &&
        d.kind === 'earning' &&
        (d.earnPointsTiers ?? []).length > 0,
    );
  }
}

/** The shop's tier-benefit programs of one type (event or kind), as v2 records. */
export class ListTierBenefitProgramsQuery {
  constructor(
    readonly shopId: string,
    readonly benefitType: string,
  ) {}
}

@QueryHandler(ListTierBenefitProgramsQuery)
export class ListTierBenefitProgramsHandler implements IQueryHandler<ListTierBenefitProgramsQuery, V2Program[]> {
  constructor(private readonly programs: ProgramReader) {}

  async execute({ shopId, benefitType }: ListTierBenefitProgramsQuery): Promise<V2Program[]> {
    return this.programs.present(shopId, await this.programs.tierBenefits(shopId, benefitType));
  }
}

/** The shop's programs of one kind, as v2 records. */
export class ListProgramsQuery {
  constructor(
    readonly shopId: string,
    readonly kind: ProgramKind,
  ) {}
}

/** One program as a v2 record (404 when unknown or another shop's). */
export class GetProgramQuery {
  constructor(
    readonly shopId: string,
    readonly programId: string,
  ) {}
}

/** The shop's earning programs as stored (the v1 API presents them its own way). */
export class ListEarningProgramDocsQuery {
  constructor(readonly shopId: string) {}
}

@QueryHandler(ListProgramsQuery)
export class ListProgramsHandler implements IQueryHandler<ListProgramsQuery, V2Program[]> {
  constructor(private readonly programs: ProgramReader) {}

  async execute({ shopId, kind }: ListProgramsQuery): Promise<V2Program[]> {
    return this.programs.present(shopId, await this.programs.docs(shopId, kind));
  }
}

@QueryHandler(GetProgramQuery)
export class GetProgramHandler implements IQueryHandler<GetProgramQuery, V2Program> {
  constructor(private readonly programs: ProgramReader) {}

  async execute({ shopId, programId }: GetProgramQuery): Promise<V2Program> {
    const [program] = await this.programs.present(shopId, [await this.programs.find(shopId, programId)]);
    return program;
  }
}

@QueryHandler(ListEarningProgramDocsQuery)
export class ListEarningProgramDocsHandler implements IQueryHandler<ListEarningProgramDocsQuery, ProgramDoc[]> {
  constructor(private readonly programs: ProgramReader) {}

  execute({ shopId }: ListEarningProgramDocsQuery): Promise<ProgramDoc[]> {
    return this.programs.docs(shopId, 'earning');
  }
}
