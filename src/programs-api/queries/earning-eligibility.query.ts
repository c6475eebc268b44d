import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { CustomerDoc } from '../../ledger/read-models/ledger-read-models';
import { isEarned } from '../../ledger/program-earning/eligibility';
import { isSingleEvent } from '../../programs/kinds/kinds';
import { V2Program, v1CustomerItem } from '../../programs/queries/program.presenter';
import { LocaleRequest } from '../../translations/domain/locale-resolution';
import { ShopText } from '../../translations/queries/shop-text';
import { ProgramReader } from './program-queries';

/** An earning program as one customer sees it: single-event programs carry isEarned. */
export type EligibleProgram = V2Program & { isEarned?: boolean };
export type V1EligibleProgram = ReturnType<typeof v1CustomerItem>;

/** The shop's earning programs for one customer, as v2 records (GET /programs/earning/eligibility). */
export class ListEarningEligibilityQuery extends Query<EligibleProgram[]> {
  constructor(
    readonly shopId: string,
    readonly customer: CustomerDoc,
  ) {
    super();
  }
}

/**
 * The same for the deprecated v1 API (earning-programs-by-customer): v1 items, each title in the
 * caller's language (`locale`, else Accept-Language, else the shop's primary).
 */
export class ListV1EarningEligibilityQuery extends Query<V1EligibleProgram[]> {
  constructor(
    readonly shopId: string,
    readonly customer: CustomerDoc,
    readonly localeRequest: LocaleRequest,
  ) {
    super();
  }
}

@QueryHandler(ListEarningEligibilityQuery)
export class ListEarningEligibilityHandler implements IQueryHandler<ListEarningEligibilityQuery, EligibleProgram[]> {
  constructor(
    private readonly programs: ProgramReader,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ shopId, customer }: ListEarningEligibilityQuery): Promise<EligibleProgram[]> {
    const programs = await this.programs.present(shopId, await this.programs.docs(shopId, 'earning'));
    const now = this.clock.now().toISOString();
    // Only programs that pay once carry isEarned; orders repeat.
    return programs.map((p) => (isSingleEvent(p.event) ? { ...p, isEarned: isEarned(p, customer, now) } : p));
  }
}

@QueryHandler(ListV1EarningEligibilityQuery)
export class ListV1EarningEligibilityHandler implements IQueryHandler<
  ListV1EarningEligibilityQuery,
  V1EligibleProgram[]
> {
  constructor(
    private readonly programs: ProgramReader,
    private readonly text: ShopText,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ shopId, customer, localeRequest }: ListV1EarningEligibilityQuery): Promise<V1EligibleProgram[]> {
    const text = await this.text.for(shopId, localeRequest);
    const docs = await this.programs.docs(shopId, 'earning');
    const now = this.clock.now().toISOString();
    return docs.map((p) => v1CustomerItem(p, text.programTitle(p), isEarned(p, customer, now)));
  }
}
