import { ActivityFacts, EarningKind, EarningKindName, SubmissionKind, SubmissionTerms } from './kind';
import { formOf } from './earning-rule.schema';

const terms = (fields: Partial<SubmissionTerms>): SubmissionTerms => ({
  autoApprove: false,
  instantPoints: 0,
  requireImage: false,
  onlyAfterRejection: false,
  ...fields,
});

/** A form or survey: as its `form` settings say. */
const FORM: SubmissionKind = {
  form: true,
  terms: (s) => {
    const form = formOf(s.form);
    return terms({
      autoApprove: form.autoApprove,
      instantPoints: form.instantRewardEnabled ? form.instantRewardPoints : 0,
      requireImage: form.requireImage,
    });
  },
};
/** A receipt: a photo, always checked by the merchant. */
const RECEIPT: SubmissionKind = { form: false, terms: () => terms({ requireImage: true }) };
/** A product review: paid at once, `review.extraPoints` more with a photo. */
const REVIEW: SubmissionKind = {
  form: false,
  review: 'product',
  terms: (s, withImages) => terms({ autoApprove: true, instantPoints: withImages ? (s.review?.extraPoints ?? 0) : 0 }),
};
/** A map review: checked by the merchant; sent again only after a rejection. */
const MAPS_REVIEW: SubmissionKind = { form: false, review: 'map', terms: () => terms({ onlyAfterRejection: true }) };

/**
 * The engagement kinds a shopper earns on the storefront through `POST /customer/earn`. A form or a
 * survey is a submission: paid at once when its program auto-approves, else held for the merchant's
 * decision (moderation); either way repeatable, limited by the program's own limit.
 */
const submission = <K extends EarningKindName>(
  name: K,
  rule: SubmissionKind = FORM,
  actionUrl: EarningKind<K>['actionUrl'] = (s) => s.urlLocation ?? null,
): EarningKind<K> => ({
  family: 'earning',
  name,
  trigger: 'storefront',
  pays: 'repeatable',
  titleKey: `program.title.${name}`,
  activity: ({ points }: ActivityFacts) => ({ key: `activity.${name}`, values: { points } }),
  actionUrl,
  defaults: { earnBy: 'flat', rateMoney: null },
  network: null,
  chatJoin: false,
  birthdayPicker: false,
  submission: rule,
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
  submit_receipt: submission('submit_receipt', RECEIPT),
  // A review is written on the storefront itself: no link (the spec's actionUrl is null).
  write_review: submission('write_review', REVIEW, () => null),
  maps_review: submission('maps_review', MAPS_REVIEW),
} as const;
