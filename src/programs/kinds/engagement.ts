import { ActivityFacts, EarningKind, EarningKindName } from './kind';

/**
 * The engagement kinds a shopper earns on the storefront through `POST /customer/earn`. A form or a
 * survey is a submission: paid at once when its program auto-approves, else held for the merchant's
 * decision (moderation); either way repeatable, limited by the program's own limit.
 */
const submission = <K extends EarningKindName>(name: K): EarningKind<K> => ({
  family: 'earning',
  name,
  trigger: 'storefront',
  pays: 'repeatable',
  titleKey: `program.title.${name}`,
  activity: ({ points }: ActivityFacts) => ({ key: `activity.${name}`, values: { points } }),
  actionUrl: (s) => s.urlLocation ?? null,
  defaults: { earnBy: 'flat', rateMoney: null },
  network: null,
  chatJoin: false,
  birthdayPicker: false,
  submission: 'form',
});

/**
 * streak_interact_website: a daily check-in. Consecutive days (in the shop's time zone) count up; a
 * missed day, or a check-in on another streak program, starts again at day 1; the milestone days of
 * `streakMilestones` pay their points (other days pay nothing); after the last one it starts over.
 */
const streak = {
  family: 'earning',
  name: 'streak_interact_website',
  trigger: 'storefront',
  pays: 'repeatable',
  titleKey: 'program.title.streak_interact_website',
  activity: ({ points, program }: ActivityFacts) => ({ key: 'activity.social', values: { points, program } }),
  actionUrl: () => null,
  defaults: { earnBy: 'flat', rateMoney: null },
  network: null,
  chatJoin: false,
  birthdayPicker: false,
  dailyStreak: true,
} satisfies EarningKind<'streak_interact_website'>;

export const ENGAGEMENT_KINDS = {
  submit_form: submission('submit_form'),
  fill_survey: submission('fill_survey'),
  streak_interact_website: streak,
} as const;
