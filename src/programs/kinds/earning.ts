import { ActivityFacts, EarningKind, EarningKindName, LinkSettings } from './kind';

/** The location a program links to, when it has one. */
const location = (s: LinkSettings): string | null => s.urlLocation ?? null;

const earning = <K extends EarningKindName>(
  name: K,
  fields: Pick<EarningKind<K>, 'trigger' | 'pays' | 'activity'> & Partial<EarningKind<K>>,
): EarningKind<K> => ({
  family: 'earning',
  name,
  titleKey: `program.title.${name}`,
  actionUrl: location,
  defaults: { earnBy: 'flat', rateMoney: null },
  network: null,
  chatJoin: false,
  birthdayPicker: false,
  ...fields,
});

/** sign_up: paid once, on enrolment. */
export const signUp = earning('sign_up', {
  trigger: 'enrolment',
  pays: 'once',
  activity: ({ points }: ActivityFacts) => ({ key: 'activity.sign_up', values: { points } }),
});

/** place_order: paid for every order, by price or flat, held for `pendingDays`. */
export const placeOrder = earning('place_order', {
  trigger: 'order',
  pays: 'repeatable',
  activity: ({ points, orderName }: ActivityFacts) => ({ key: 'activity.place_order', values: { points, orderName } }),
  defaults: { earnBy: 'price', rateMoney: 1 },
});

/** birthday: paid once a year by the birthday run; the storefront asks the date. */
export const birthday = earning('birthday', {
  trigger: 'birthday',
  pays: 'per-year',
  activity: ({ points }: ActivityFacts) => ({ key: 'activity.birthday', values: { points } }),
  birthdayPicker: true,
});

/**
 * referral: a customer brings a friend. The friend gets a welcome coupon when attributed; the
 * referrer is paid (earnPoint, or a coupon) once per friend, when the friend's first qualifying order
 * is paid and its waiting days have passed. The storefront's button is the customer's referral link.
 */
export const referral = earning('referral', {
  trigger: 'referral',
  pays: 'repeatable',
  activity: ({ points, friend }: ActivityFacts) => ({
    key: 'activity.referral_referrer',
    values: { points, friend: friend ?? '' },
  }),
  actionUrl: () => null,
  referral: true,
});
