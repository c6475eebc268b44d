import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CLOCK, Clock } from '../../../shared/domain/clock';
import { ProgramCatalog } from '../../../programs/program-catalog';
import { ActiveProgram, isActive } from '../../../programs/domain/order-earning';
import { isMilestoneKind } from '../../../programs/kinds/kinds';
import { STEP_TYPES, StepType } from '../../../programs/kinds/milestone-rule';
import { ShopDirectory } from '../../../shops/shop-directory';
import { LocalizedText, ShopText } from '../../../translations/queries/shop-text';
import { LocaleRequest } from '../../../translations/domain/locale-resolution';
import { MilestoneCountersReader } from './milestone-counters.reader';
import { counterIn } from '../domain/milestone-counters';
import { ladderStandings } from '../domain/ladder-states';
import { findMilestoneProgram, ladderOf } from '../domain/milestone-programs';
import { presentLadder } from './milestone-ladder.presenter';
import { BoundedCache } from '../../../shared/bounded-cache';
import { JsonText, jsonText } from '../../../shared/http/envelope';
import { MilestoneCountersDoc, milestoneCountersId } from './milestone-counters.projection';

/** GET /customer/milestones/{programId}: the ladder of one milestone program for the token's customer. */
export class GetMilestoneLadderQuery {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly programId: string,
    readonly locale: LocaleRequest,
  ) {}
}

export type MilestoneLadder = ReturnType<typeof presentLadder>;

/** The ladder as the JSON the storefront receives: rendered and serialized once per change of its inputs. */
export type MilestoneLadderJson = JsonText<MilestoneLadder>;

@QueryHandler(GetMilestoneLadderQuery)
export class GetMilestoneLadderHandler implements IQueryHandler<GetMilestoneLadderQuery, MilestoneLadderJson> {
  constructor(
    private readonly catalog: ProgramCatalog,
    private readonly counters: MilestoneCountersReader,
    private readonly shops: ShopDirectory,
    private readonly text: ShopText,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ shopId, customerId, programId, locale }: GetMilestoneLadderQuery): Promise<MilestoneLadderJson> {
    const programs = await this.catalog.forShop(shopId);
    const program = findMilestoneProgram(programs, programId, this.clock.now().toISOString());
    const [doc, shop, text] = await Promise.all([
      this.counters.of(shopId, customerId),
      this.shops.byId(shopId),
      this.text.for(shopId, locale),
    ]);
    const currency = shop?.currency ?? 'USD';
    // The same inputs (the same objects: each cache replaces its object on a change) render the same ladder.
    const key = `${milestoneCountersId(shopId, customerId)}|${programId}|${text.locale}`;
    const held = this.rendered.get(key);
    // The customer's counters change only with a newer revision of the stream (a customer without any is -1).
    if (
      held &&
      held.doc.revision === doc.revision &&
      held.program === program &&
      held.text === text &&
      held.currency === currency
    )
      return held.ladder;
    const standings = ladderStandings(ladderOf(program), doc.counters, doc.claims);
    const ladder = jsonText(presentLadder(program, standings, { text, currency }));
    this.rendered.set(key, { doc, program, text, currency, ladder });
    return ladder;
  }

  /**
   * Ladders rendered from a customer's counters as the counters reader serves them (kept exact by the
   * projections): a storefront showing the ladder on every page renders it once. Answers are not
   * changed after they are returned (the envelope wraps them).
   */
  private readonly rendered = new BoundedCache<string, RenderedLadder>({ max: 10_000 });
}

interface RenderedLadder {
  doc: MilestoneCountersDoc;
  program: ActiveProgram;
  text: LocalizedText;
  currency: string;
  ladder: MilestoneLadderJson;
}

/** GET /customer/milestone: the customer's counters of the step types the shop's active milestone programs use. */
export class GetMilestoneProgressQuery {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly type: string | null,
  ) {}
}

@QueryHandler(GetMilestoneProgressQuery)
export class GetMilestoneProgressHandler implements IQueryHandler<GetMilestoneProgressQuery, Record<string, number>> {
  constructor(
    private readonly catalog: ProgramCatalog,
    private readonly counters: MilestoneCountersReader,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ shopId, customerId, type }: GetMilestoneProgressQuery): Promise<Record<string, number>> {
    const at = this.clock.now().toISOString();
    const used = new Set<StepType>();
    for (const p of await this.catalog.forShop(shopId)) {
      if (p.kind !== 'earning' || !isMilestoneKind(p.event) || !isActive(p, at)) continue;
      for (const step of ladderOf(p).steps) used.add((step.stepType ?? p.settings.typeMilestone) as StepType);
    }
    const wanted = STEP_TYPES.filter((t) => used.has(t) && (type === null || t === type));
    if (wanted.length === 0) return {};
    const doc = await this.counters.of(shopId, customerId);
    return Object.fromEntries(wanted.map((t) => [t, counterIn(doc.counters, t)]));
  }
}
