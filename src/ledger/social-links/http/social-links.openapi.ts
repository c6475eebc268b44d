import { bool, object, record, str } from '../../../shared/http/openapi/schema';

/** The records of the social links routes of the storefront API, as their presenters write them. */

export const SOCIAL_EARN_RESULT = record(
  'SocialEarnResult',
  object({
    programId: str,
    key: str,
    pointsEarned: {
      type: 'integer',
      description: "Paid; lower than the program's points when the earning limit caps it",
    },
    totalPoints: { type: 'integer', description: 'Balance after the claim' },
  }),
);

export const PHOTO_LINK_RESULT = record(
  'InstagramLinkResult',
  object({
    photoUsername: { type: 'string', description: 'Trimmed and lowercased; empty when unlinked' },
    rewardEarned: bool,
    pointsEarned: { type: 'integer', description: '0 when rewardEarned is false' },
  }),
);

export const FEED_DISCONNECT_RESULT = record('FeedDisconnectResult', object({ disconnected: bool }));
