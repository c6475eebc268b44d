import { ActivityFacts, EarningKind, EarningKindName } from './kind';
import { MilestoneKindName, TYPES_OF_KIND } from './milestone-rule';

const milestoneKind = <K extends EarningKindName & MilestoneKindName>(name: K): EarningKind<K> => ({
  family: 'earning',
  name,
  trigger: 'milestone',
  pays: 'repeatable',
  titleKey: `program.title.${name}`,
  activity: ({ points }: ActivityFacts) => ({ key: 'activity.milestone', values: { points } }),
  actionUrl: () => null,
  defaults: { earnBy: 'flat', rateMoney: null },
  network: null,
  chatJoin: false,
  birthdayPicker: false,
  milestone: { types: TYPES_OF_KIND[name], stepsShown: name !== 'milestone_inactivity' },
});

/**
 * milestone (one counter), milestone_mixed (each step its own counter, climbed in order) and
 * milestone_inactivity (a welcome-back ladder the storefront shows as unsupported). Paid by a claim
 * (`POST /customer/milestones/{programId}/claim`), decided by `src/ledger/milestones/`.
 */
export const MILESTONE_KINDS = {
  milestone: milestoneKind('milestone'),
  milestone_inactivity: milestoneKind('milestone_inactivity'),
  milestone_mixed: milestoneKind('milestone_mixed'),
} as const;
