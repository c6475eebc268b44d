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

export const ENGAGEMENT_KINDS = {
  submit_form: submission('submit_form'),
  fill_survey: submission('fill_survey'),
} as const;
