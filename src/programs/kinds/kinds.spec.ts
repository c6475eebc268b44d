import { TEXT_KEYS } from '../../translations/catalogue/catalogue';
import { EarningKind, KindDescriptor } from './kind';
import {
  EARNING_EVENTS,
  isPaidBy,
  isSingleEvent,
  isStreakKind,
  isSubmissionKind,
  kindOf,
  PLANNED_KINDS,
  PROGRAM_KINDS,
  SOCIAL_EVENTS,
  SPENDING_EVENTS,
} from './kinds';
import { TIER_REWARD_EVENTS, TIER_REWARD_KINDS } from './tier-rewards';

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
    ]);
    expect(SOCIAL_EVENTS).toHaveLength(13);
    expect(SPENDING_EVENTS).toEqual([
      'amount_discount',
      'percentage_discount',
      'free_shipping',
      'free_gift',
      'store_credit',
    ]);
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
    expect(EARNING_EVENTS.filter(isSubmissionKind)).toEqual(['submit_form', 'fill_survey']);
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
});
