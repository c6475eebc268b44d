import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { DecisionRunner } from '../../event-sourcing/decision-runner';
import { ProgramCatalog } from '../../programs/program-catalog';
import { isActive } from '../../programs/domain/order-earning';
import { isReferralKind } from '../../programs/kinds/kinds';
import { referralRuleOf } from '../../programs/kinds/referral-rule';
import { ShopDirectory } from '../../shops/shop-directory';
import { isExcludedBy } from '../../shops/domain/shop-events';
import { CustomerDoc, CUSTOMERS } from '../read-models/ledger-read-models';
import { ReferralTerms } from '../customer-events';
import { normalizedCode } from './domain/referral-code';
import { REFERRAL_CODES, ReferralCodeDoc, referralCodeDocId } from './read/referral-read-models';
import { ReferralCandidate } from './domain/referral-candidate';
import { referralClaim, referralClaimStreamId, ReferralClaimState } from './domain/referral-claim.decider';
import { friendKeyOf } from './domain/friend-identity';

/**
 * What a referral decision needs to know from outside the stream it is decided on, read once before
 * it: the shop's running referral program (its terms), who a code names (in this shop, another, or
 * none) and that referrer's standing, a friend's claim, whether an email is already a customer's.
 * Decisions re-check what they can on their own streams.
 */
@Injectable()
export class ReferralDirectory {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly programs: ProgramCatalog,
    private readonly shops: ShopDirectory,
    private readonly runner: DecisionRunner,
  ) {}

  /** The shop's referral program running at `at` (the highest priority, then the oldest), as terms; null: none. */
  async terms(shopId: string, at: string): Promise<ReferralTerms | null> {
    const program = (await this.programs.forShop(shopId))
      .filter((p) => p.kind === 'earning' && isReferralKind(p.event) && isActive(p, at))
      .sort((a, b) => b.settings.priority - a.settings.priority || a.createdAt.localeCompare(b.createdAt))[0];
    if (!program) return null;
    const s = program.settings;
    return {
      programId: program.id,
      programTitle: s.title,
      rule: referralRuleOf(s.referral),
      points: s.earnPoint,
      limit: s.hasLimit ? { unit: s.limitUnit ?? 'lifetime', times: s.limitInterval ?? 1 } : null,
    };
  }

  /** Who `raw` names as a referral code in the shop, with the program's terms at `at`. */
  async candidate(shopId: string, raw: string, at: string): Promise<ReferralCandidate> {
    const code = normalizedCode(raw) ?? raw.trim().toUpperCase().slice(0, 50);
    const codes = await this.readStore.collection<ReferralCodeDoc>(REFERRAL_CODES);
    const owner = normalizedCode(raw) ? await codes.get(referralCodeDocId(shopId, code)) : null;
    if (!owner) {
      const elsewhere = normalizedCode(raw) ? await codes.findOne({ code }) : null;
      return { status: elsewhere ? 'other_shop' : 'unknown', code };
    }
    const [doc, shop, terms] = await Promise.all([
      (await this.readStore.collection<CustomerDoc>(CUSTOMERS)).get(owner.customerId),
      this.shops.byId(shopId),
      this.terms(shopId, at),
    ]);
    if (!doc || doc.shopId !== shopId) return { status: 'unknown', code };
    return {
      status: 'found',
      code,
      referrer: {
        customerId: doc.id,
        platformCustomerId: doc.platformCustomerId,
        email: doc.email,
        excluded: isExcludedBy(shop?.membership, doc),
        membership: doc.membership ?? 'member',
      },
      terms,
    };
  }

  /** Whether a code-shaped text names a customer of this shop (an order's discount codes are mostly not referral codes). */
  async isShopCode(shopId: string, raw: string): Promise<boolean> {
    const code = normalizedCode(raw);
    if (!code) return false;
    return (
      (await (
        await this.readStore.collection<ReferralCodeDoc>(REFERRAL_CODES)
      ).get(referralCodeDocId(shopId, code))) !== null
    );
  }

  /** The friend's claim stream and its state (none: an empty state). */
  async claimOf(shopId: string, email: string | null): Promise<{ stream: string; state: ReferralClaimState } | null> {
    if (!email) return null;
    const stream = referralClaimStreamId(shopId, friendKeyOf(shopId, email));
    return { stream, state: (await this.runner.load(referralClaim, stream)).state };
  }

  /** Whether a customer of the shop has this email already. */
  async isCustomerEmail(shopId: string, email: string): Promise<boolean> {
    const customers = await this.readStore.collection<CustomerDoc>(CUSTOMERS);
    return (await customers.findOne({ shopId, email: email.trim().toLowerCase() })) !== null;
  }
}
