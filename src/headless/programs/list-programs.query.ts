import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { because } from '../../shared/domain/domain-error';
import { isActive } from '../../programs/domain/order-earning';
import { shownOnLoyaltyPage } from '../../programs/kinds/spending-rules';
import { STOREFRONT_DEFAULTS } from '../../shops/domain/shop-events';
import { CustomerLookup } from '../../ledger/queries/customer-lookup';
import { isEarned } from '../../ledger/program-earning/eligibility';
import { LocaleRequest } from '../../translations/domain/locale-resolution';
import { HeadlessProgram, HeadlessStreak, presentHeadlessProgram } from './headless-program.presenter';
import { ActiveProgram } from '../../programs/domain/order-earning';
import { localDate } from '../../shared/domain/calendar';
import { streakStatus } from '../../ledger/streak/domain/streak-status';
import { StreakPosition } from '../../ledger/streak/domain/streak.state';
import { LocalizedText } from '../../translations/queries/shop-text';
import { HeadlessShopContext } from './headless-shop-context';
import { referralCodeFor } from '../../ledger/referrals/domain/referral-code';

/**
 * The programs a storefront shows: active ones (enabled, not draft, not expired, within their
 * dates), earning first, highest priority first. With a customer, personalised (`isEarned` by the
 * same rule as v2 eligibility, the birthday picker); without, the public list.
 */
export class ListHeadlessProgramsQuery {
  constructor(
    readonly shopId: string,
    readonly customerId: string | null,
    readonly programType: 'earning' | 'spending' | undefined,
    readonly locale: LocaleRequest,
  ) {}
}

/** The personalised streak of a streak program, on the shop's local day (the check-in's own rule). */
function streakOf(
  program: ActiveProgram,
  position: StreakPosition | null,
  now: string,
  timeZone: string,
  text: LocalizedText,
): HeadlessStreak {
  const { endDate, streakMilestones } = program.settings;
  const totalDays = Math.max(0, ...(streakMilestones ?? []).map((m) => m.day));
  const endDay = endDate ? localDate(endDate, timeZone) : null;
  const status = streakStatus(position, program.id, localDate(now, timeZone), totalDays, endDay);
  return {
    currentDay: status.currentDay,
    totalDays,
    canClaimToday: status.canClaimToday,
    message: status.cannotComplete && endDate ? text.t('streak.cannot_complete', { date: new Date(endDate) }) : null,
  };
}

@QueryHandler(ListHeadlessProgramsQuery)
export class ListHeadlessProgramsHandler implements IQueryHandler<
  ListHeadlessProgramsQuery,
  { programs: HeadlessProgram[]; locale: string }
> {
  constructor(
    private readonly context: HeadlessShopContext,
    private readonly customers: CustomerLookup,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ shopId, customerId, programType, locale }: ListHeadlessProgramsQuery) {
    const [{ shop, programs, text }, customer] = await Promise.all([
      this.context.of(shopId, locale),
      customerId ? this.customers.byId(shopId, customerId) : Promise.resolve(null),
    ]);
    if (!shop) throw because.notFound('Shop');
    const now = this.clock.now().toISOString();
    const storefront = shop.storefront ?? STOREFRONT_DEFAULTS;
    const listed = programs
      .filter((p) => isActive(p, now) && shownOnLoyaltyPage(p) && (!programType || p.kind === programType))
      .sort(
        (a, b) =>
          Number(b.kind === 'earning') - Number(a.kind === 'earning') ||
          b.settings.priority - a.settings.priority ||
          a.createdAt.localeCompare(b.createdAt),
      );
    const presented = listed.map((program) =>
      presentHeadlessProgram(program, {
        text,
        currency: shop.currency,
        shopUrl: `https://${shop.domain}`,
        ...(customer
          ? {
              isEarned: (p) => isEarned({ id: p.id, event: p.event, ...p.settings }, customer, now),
              birthdayDateFormat: storefront.isNewFormatDOB ? 'MM/DD/YYYY' : 'MM/DD',
              tierId: customer.tierId,
              submissionStatus: (p) => customer.submissionStatus?.[p.id] ?? null,
              streak: (p) => streakOf(p, customer.streak ?? null, now, shop.timezone, text),
              referralCode: referralCodeFor(customer.id),
            }
          : {}),
      }),
    );
    return { programs: presented, locale: text.locale };
  }
}
