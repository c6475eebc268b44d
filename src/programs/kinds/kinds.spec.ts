import { TEXT_KEYS } from '../../translations/catalogue/catalogue';
import { EarningKind, KindDescriptor } from './kind';
import {
  EARNING_EVENTS,
  isPaidBy,
  isReferralKind,
  isImpactKind,
  isMilestoneKind,
  isProductReviewKind,
  isSingleEvent,
  isStreakKind,
  isSubmissionKind,
  kindOf,
  ladderShowsSteps,
  paysAccountLink,
  PLANNED_KINDS,
  PROGRAM_KINDS,
  SOCIAL_EVENTS,
  SPENDING_EVENTS,
} from './kinds';
import { TIER_REWARD_EVENTS, TIER_REWARD_KINDS } from './tier-rewards';
import { EarningRule, safeRedirect } from './earning-rule.schema';
import { defaultSettings } from '../domain/programs.decider';

const descriptors = Object.values(PROGRAM_KINDS) as KindDescriptor[];

describe('program kinds', () => {
  it('every descriptor is filed under its own name and its text keys exist in the catalogue', () => {
    for (const [name, kind] of Object.entries(PROGRAM_KINDS)) {
      expect(kind.name).toBe(name);
      expect(TEXT_KEYS).toContain(kind.titleKey);
    }
    for (const kind of descriptors.filter((k): k is EarningKind => k.family === 'earning')) {
      const sentence = kind.activity({ points: 5, orderName: '#1001', program: 'Follow us' });
      expect([kind.name, TEXT_KEYS.includes(sentence.key)]).toEqual([kind.name, true]);
    }
  });

  it('every program.title.* key of the catalogue belongs to a kind (or to one the engagement wave plans)', () => {
    const titled = TEXT_KEYS.filter((k) => k.startsWith('program.title.')).map((k) => k.slice('program.title.'.length));
    const known = [...Object.keys(PROGRAM_KINDS), ...PLANNED_KINDS];
    expect(titled.filter((k) => !known.includes(k))).toEqual([]);
    // A planned kind is not a kind yet: no program can be made of it.
    for (const planned of PLANNED_KINDS) expect(kindOf(planned)).toBeUndefined();
  });

  it('the lists of names are derived from the table, in its order', () => {
    expect(EARNING_EVENTS).toEqual([
      'sign_up',
      'place_order',
      'birthday',
      ...SOCIAL_EVENTS,
      'submit_form',
      'fill_survey',
      'streak_interact_website',
      'submit_receipt',
      'write_review',
      'maps_review',
      'milestone',
      'milestone_inactivity',
      'milestone_mixed',
      'referral',
    ]);
    expect(SOCIAL_EVENTS).toHaveLength(13);
    expect(SPENDING_EVENTS).toEqual([
      'amount_discount',
      'percentage_discount',
      'free_shipping',
      'free_gift',
      'store_credit',
      'environmental_impact',
    ]);
    expect(SPENDING_EVENTS.filter(isImpactKind)).toEqual(['environmental_impact']);
    expect(TIER_REWARD_EVENTS).toEqual(Object.keys(TIER_REWARD_KINDS));
  });

  it('how often each kind pays: sign-up and social once, birthday yearly, orders and rewards repeat', () => {
    expect(EARNING_EVENTS.filter(isSingleEvent)).toEqual(['sign_up', 'birthday', ...SOCIAL_EVENTS]);
    expect(SPENDING_EVENTS.filter(isSingleEvent)).toEqual([]);
    expect(isSingleEvent('constructor')).toBe(false);
    expect(isPaidBy('place_order', 'order')).toBe(true);
    expect(isPaidBy('birthday', 'birthday')).toBe(true);
    expect(isPaidBy('sign_up', 'enrolment')).toBe(true);
    expect(isPaidBy('free_gift', 'order')).toBe(false);
  });

  it('forms and surveys are storefront submissions the merchant may moderate, paid every time', () => {
    for (const name of ['submit_form', 'fill_survey']) {
      expect([name, isSubmissionKind(name), isSingleEvent(name), isPaidBy(name, 'storefront')]).toEqual([
        name,
        true,
        false,
        true,
      ]);
      expect(PROGRAM_KINDS[name as 'submit_form'].activity({ points: 3, orderName: '', program: 'x' })).toEqual({
        key: `activity.${name}`,
        values: { points: 3 },
      });
    }
    expect(EARNING_EVENTS.filter(isSubmissionKind)).toEqual([
      'submit_form',
      'fill_survey',
      'submit_receipt',
      'write_review',
      'maps_review',
    ]);
  });

  it("submission terms: forms as their settings say, receipts need a photo, reviews pay at once (a photo's bonus), map reviews wait", () => {
    const rule = (extra: Partial<EarningRule>) => ({ ...defaultSettings('write_review', 'x'), ...extra });
    const terms = (
      name: 'submit_form' | 'submit_receipt' | 'write_review' | 'maps_review',
      s: Partial<EarningRule> = {},
      images = false,
    ) => PROGRAM_KINDS[name].submission!.terms(rule(s), images);
    expect(terms('submit_form')).toEqual({
      autoApprove: false,
      instantPoints: 0,
      requireImage: false,
      onlyAfterRejection: false,
    });
    expect(
      terms('submit_form', {
        form: { autoApprove: true, requireImage: true, instantRewardEnabled: true, instantRewardPoints: 4 },
      }),
    ).toEqual({ autoApprove: true, instantPoints: 4, requireImage: true, onlyAfterRejection: false });
    expect(terms('submit_receipt')).toMatchObject({ autoApprove: false, requireImage: true });
    expect(terms('write_review', { review: { extraPoints: 7 } })).toMatchObject({
      autoApprove: true,
      instantPoints: 0,
    });
    expect(terms('write_review', { review: { extraPoints: 7 } }, true)).toMatchObject({ instantPoints: 7 });
    expect(terms('maps_review')).toMatchObject({ autoApprove: false, onlyAfterRejection: true });
    expect(PROGRAM_KINDS.write_review.actionUrl({ urlLocation: 'https://x.example.com' }, 'https://s')).toBeNull();
    expect(PROGRAM_KINDS.maps_review.actionUrl({ urlLocation: 'https://maps.example.com/p' }, 'https://s')).toBe(
      'https://maps.example.com/p',
    );
  });

  it('a review redirect is an absolute http(s) URL or a root-relative path; anything else reads as null', () => {
    expect(safeRedirect('https://shop.example.com/thanks')).toBe('https://shop.example.com/thanks');
    expect(safeRedirect('/pages/thanks')).toBe('/pages/thanks');
    for (const bad of ['//evil.example.com', 'javascript:alert(1)', 'ftp://x/y', 'thanks', '', null, undefined])
      expect(safeRedirect(bad)).toBeNull();
  });

  it('the daily streak is a storefront check-in paid every milestone day, with no action link', () => {
    expect(EARNING_EVENTS.filter(isStreakKind)).toEqual(['streak_interact_website']);
    expect(isSingleEvent('streak_interact_website')).toBe(false);
    expect(isPaidBy('streak_interact_website', 'storefront')).toBe(true);
    expect(
      PROGRAM_KINDS.streak_interact_website.actionUrl({ urlLocation: 'https://x.example.com' }, 'https://s'),
    ).toBeNull();
  });

  it('action URLs: intents for shares and micro follows, else the program link', () => {
    const shop = 'https://shop.example.com';
    expect(PROGRAM_KINDS.share_feed.actionUrl({}, shop)).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(shop)}`,
    );
    expect(PROGRAM_KINDS.follow_micro.actionUrl({ urlAccount: '@ours' }, shop)).toBe(
      'https://twitter.com/intent/follow?screen_name=ours',
    );
    expect(PROGRAM_KINDS.follow_photo.actionUrl({ urlLocation: 'https://p.example.com/x' }, shop)).toBe(
      'https://p.example.com/x',
    );
    expect(PROGRAM_KINDS.sign_up.actionUrl({}, shop)).toBeNull();
  });

  it('referral: paid by a friend\u2019s first qualifying order, once per friend but for every friend; no action link', () => {
    expect(EARNING_EVENTS.filter(isReferralKind)).toEqual(['referral']);
    expect(isPaidBy('referral', 'referral')).toBe(true);
    expect(isSingleEvent('referral')).toBe(false);
    expect(PROGRAM_KINDS.referral.actionUrl({ urlLocation: 'https://x.example.com' }, 'https://s')).toBeNull();
    expect(
      PROGRAM_KINDS.referral.activity({
        points: 5,
        orderName: '',
        program: 'x',
        friend: 'f\u2022\u2022\u2022@e\u2022\u2022\u2022.com',
      }),
    ).toEqual({
      key: 'activity.referral_referrer',
      values: { points: 5, friend: 'f\u2022\u2022\u2022@e\u2022\u2022\u2022.com' },
    });
  });

  it('reviews, ladders and account links are told by their descriptors, each by one kind or family', () => {
    expect(EARNING_EVENTS.filter(isProductReviewKind)).toEqual(['write_review']);
    const mapReview = (name: string) => (kindOf(name) as EarningKind | undefined)?.submission?.review === 'map';
    expect(EARNING_EVENTS.filter(mapReview)).toEqual(['maps_review']);
    expect(EARNING_EVENTS.filter(paysAccountLink)).toEqual(['follow_photo']);
    // The welcome-back ladder is shown as unsupported: no steps to climb.
    expect(EARNING_EVENTS.filter(isMilestoneKind)).toEqual(['milestone', 'milestone_inactivity', 'milestone_mixed']);
    expect(EARNING_EVENTS.filter(ladderShowsSteps)).toEqual(['milestone', 'milestone_mixed']);
    expect(EARNING_EVENTS.filter((name) => isPaidBy(name, 'milestone'))).toEqual([
      'milestone',
      'milestone_inactivity',
      'milestone_mixed',
    ]);
    expect(EARNING_EVENTS.filter((name) => isPaidBy(name, 'order'))).toEqual(['place_order']);
  });
});
