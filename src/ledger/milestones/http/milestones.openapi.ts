import {
  arrayOf,
  bool,
  int,
  mapOf,
  nullable,
  num,
  object,
  oneOf,
  record,
  str,
} from '../../../shared/http/openapi/schema';

/** The records of the milestones routes of the storefront API, as their presenters write them. */

export const GIFT_PRODUCT = object({
  id: str,
  title: str,
  image: str,
  variants: arrayOf(object({ id: str, title: str })),
});

export const MILESTONE_STEP = record(
  'MilestoneStep',
  object(
    {
      claimKey: { type: 'string', description: 'Opaque: the raw value, or {programId}_{stepType}_{value} on mixed' },
      stepType: str,
      label: str,
      state: oneOf('locked', 'current', 'claimable', 'achieved', 'passed_unclaimed'),
      reached: bool,
      note: nullable(str),
      rewardLogic: str,
      maxRewardSelect: int,
      progress: object({ percent: int, completedText: str, remainingText: nullable(str) }),
      rewards: arrayOf(
        object({ index: int, action: str, text: str, needsVariantChoice: bool, giftProducts: arrayOf(GIFT_PRODUCT) }),
      ),
    },
    ['progress'],
  ),
);

export const MILESTONE_LADDER = record(
  'MilestoneLadder',
  object({
    programId: str,
    title: str,
    subheading: str,
    typeMilestone: str,
    supported: bool,
    orderRequirement: nullable(str),
    steps: arrayOf(MILESTONE_STEP.ref),
  }),
);

export const MILESTONE_CLAIM_RESULT = record(
  'MilestoneClaimResult',
  object({
    claimedRewardIds: arrayOf(int),
    pointsEarned: int,
    totalPoints: int,
    blocked: { type: 'boolean', description: "The shop's earning limit refused every point; the step is claimed" },
    step: MILESTONE_STEP.ref,
  }),
);

export const MILESTONE_PROGRESS = record('MilestoneProgress', mapOf(num));

export const PENDING_KEYS = [
  'pendingMilestoneOrder',
  'pendingMilestoneMixed',
  'pendingMilestoneReferral',
  'pendingMilestoneSpentAmount',
  'pendingMilestoneEarnPoint',
  'pendingMilestoneReviews',
  'pendingMilestoneSubscription',
  'pendingMilestoneInactivity',
];

export const FLAT_MILESTONE_CLAIM = record(
  'FlatMilestoneClaimResult',
  object({ point: int, ...Object.fromEntries(PENDING_KEYS.map((k) => [k, arrayOf(num)])) }, PENDING_KEYS),
);
