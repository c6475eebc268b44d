import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { CustomerDoc } from '../../ledger/read-models/ledger-read-models';
import { isActive } from '../../programs/domain/order-earning';
import { rewardOf } from '../../programs/kinds/spending-rule';
import { ProgramDoc } from '../../programs/projections/program-read-models';
import { ProgramReader } from './program-queries';
import { V2Program } from '../../programs/queries/program.presenter';
import { RedeemedCounts } from '../../ledger/coupons/redeemed-counts.query';
import { cheapest } from '../../programs/kinds/redemption';

/** A spending program as one customer sees it (absent for other kinds or without a customer). */
export type CustomerProgram = V2Program &
  Partial<{ affordable: boolean; redeemedCount: number; remainingRedemptions: number | null; canRedeem: boolean }>;

/** One program as a v2 record; with a customer, a spending program carries that customer's limitations. */
export class GetProgramForCustomerQuery {
  constructor(
    readonly shopId: string,
    readonly programId: string,
    readonly customer: CustomerDoc | null,
  ) {}
}

/** The shop's spending programs (optionally of one event), each with the customer's limitations. */
export class ListRedemptionProgramsQuery {
  constructor(
    readonly shopId: string,
    readonly event: string | undefined,
    readonly customer: CustomerDoc | null,
  ) {}
}

/** Adds one customer's limitations to spending programs. */
abstract class WithLimitations {
  constructor(
    protected readonly programs: ProgramReader,
    private readonly redeemedCounts: RedeemedCounts,
    private readonly clock: Clock,
  ) {}

  /**
   * A spending program as one customer sees it: whether the cheapest redemption is affordable, how
   * often they have redeemed it (refunded coupons do not count) and how many redemptions remain.
   */
  protected async withLimitations(
    doc: ProgramDoc,
    customer: CustomerDoc | null,
    redeemedBy?: (programId: string) => number,
  ): Promise<CustomerProgram> {
    const program = (await this.programs.present(doc.shopId, [doc]))[0];
    if (!customer || doc.kind !== 'spending') return program;
    const sp = rewardOf(doc.spending);
    const cost = cheapest(sp);
    const redeemedCount = (redeemedBy ?? (await this.redeemedOf(customer)))(doc.id);
    const remainingRedemptions = sp.limitRedeem ? Math.max(0, sp.limitRedeem - redeemedCount) : null;
    const affordable = customer.point >= cost;
    return {
      ...program,
      affordable,
      redeemedCount,
      remainingRedemptions,
      canRedeem:
        affordable &&
        remainingRedemptions !== 0 &&
        isActive(
          { id: doc.id, kind: doc.kind, event: doc.event, createdAt: doc.createdAt, settings: doc },
          this.clock.now().toISOString(),
        ),
    };
  }

  /** The customer's projected redemption counts, by program. */
  protected redeemedOf(customer: CustomerDoc): Promise<(programId: string) => number> {
    return this.redeemedCounts.ofCustomer(customer.shopId, customer.id);
  }
}

@QueryHandler(GetProgramForCustomerQuery)
export class GetProgramForCustomerHandler
  extends WithLimitations
  implements IQueryHandler<GetProgramForCustomerQuery, CustomerProgram>
{
  constructor(programs: ProgramReader, redeemedCounts: RedeemedCounts, @Inject(CLOCK) clock: Clock) {
    super(programs, redeemedCounts, clock);
  }

  async execute({ shopId, programId, customer }: GetProgramForCustomerQuery): Promise<CustomerProgram> {
    return this.withLimitations(await this.programs.find(shopId, programId), customer);
  }
}

@QueryHandler(ListRedemptionProgramsQuery)
export class ListRedemptionProgramsHandler
  extends WithLimitations
  implements IQueryHandler<ListRedemptionProgramsQuery, CustomerProgram[]>
{
  constructor(programs: ProgramReader, redeemedCounts: RedeemedCounts, @Inject(CLOCK) clock: Clock) {
    super(programs, redeemedCounts, clock);
  }

  async execute({ shopId, event, customer }: ListRedemptionProgramsQuery): Promise<CustomerProgram[]> {
    const docs = (await this.programs.docs(shopId, 'spending')).filter((p) => !event || p.event === event);
    const redeemedBy = customer ? await this.redeemedOf(customer) : undefined;
    return Promise.all(docs.map((doc) => this.withLimitations(doc, customer, redeemedBy)));
  }
}
