import { CustomerEventType as T } from './customer-event-types';

/**
 * The personal fields of each customer event type (dotted paths into its data): what the event store
 * seals with the customer's data key and what reads as null once the customer is erased. Points,
 * amounts, rule values, ids, times and tiers are not personal and stay plain. A type not listed has
 * no personal field and pays nothing. Free text (notes) may name a person: sealed too.
 */
const NOTES = ['adminNote', 'userNote'] as const;
const POINTS_CHANGE = ['email', ...NOTES] as const;

export const PERSONAL_FIELDS: Readonly<Record<string, readonly string[]>> = {
  [T.Enrolled]: ['email', 'firstName', 'lastName', 'details.phone'],
  [T.ProfileUpdated]: ['changes.email', 'changes.firstName', 'changes.lastName', 'changes.phone'],
  [T.BirthdaySet]: ['birthday', 'dateOfBirth'],
  [T.PointsAwarded]: POINTS_CHANGE,
  [T.PointsDeducted]: POINTS_CHANGE,
  [T.PointsAdjusted]: POINTS_CHANGE,
  [T.PointsReset]: POINTS_CHANGE,
  [T.PointsRevoked]: POINTS_CHANGE,
  [T.PointsRedeemed]: POINTS_CHANGE,
  [T.CouponRefunded]: POINTS_CHANGE,
  [T.PointsExpired]: POINTS_CHANGE,
  [T.CouponUsed]: ['email'],
  [T.CouponGranted]: ['email'],
  [T.PointsExpiryWarned]: ['email'],
  [T.PointsPending]: ['email'],
  [T.TierChanged]: ['email', 'adminNote'],
  [T.TierRetained]: ['email'],
  [T.TierReviewWarned]: ['email'],
  [T.PhotoLinked]: ['photoUsername'],
  // Hashes of addresses and payment fingerprints: tell whether two orders share one, so sealed too.
  [T.OrderRecorded]: ['fingerprints'],
  [T.ReferralQualified]: ['fingerprints'],
  [T.ReferralAttributed]: ['email'],
  [T.ReferralLinkCreated]: ['email'],
  [T.ReferralRewardEarned]: ['email'],
  [T.FeedLinked]: ['userRef', 'feedName'],
  [T.ChatLinked]: ['userRef'],
  // What a shopper writes or photographs, and a merchant's reason addressed to them.
  [T.SubmissionReceived]: ['email', 'answers', 'imageUrls'],
  [T.SubmissionApproved]: ['email', 'reason'],
  [T.SubmissionRejected]: ['email', 'reason'],
  [T.MilestoneStepClaimed]: ['email'],
  [T.MilestoneGiftChosen]: ['email'],
};

/** The subject whose key seals a customer event: the shop and customer every customer event names. */
export function personalDataSubject(data: Record<string, unknown>): { shopId: string; customerId: string } | null {
  const { shopId, customerId } = data;
  return typeof shopId === 'string' && typeof customerId === 'string' ? { shopId, customerId } : null;
}

export const CUSTOMER_PERSONAL_FIELDS = {
  fieldsOf: (type: string): readonly string[] | undefined => PERSONAL_FIELDS[type],
  subjectOf: personalDataSubject,
};

/** The names of personal fields wherever they appear (webhook bodies, stored copies of payloads). */
export const PERSONAL_FIELD_NAMES: ReadonlySet<string> = new Set(
  Object.values(PERSONAL_FIELDS).flatMap((paths) => paths.map((path) => path.slice(path.lastIndexOf('.') + 1))),
);
