import { isOneOf } from '../../shared/domain/guards';
/** Topics a webhook can subscribe to (spec 4.5 / 6). Topics whose events do not exist yet are accepted and deliver once they do. */
export const WEBHOOK_TOPICS = [
  'points/earned',
  'points/redeemed',
  'points/expired',
  'points/about_to_expire_3_days',
  'points/about_to_expire_7_days',
  'points/about_to_expire_30_days',
  'customer/status_changed',
  'reward/coupon_used',
  'tier/upgraded',
  'tier/downgraded',
  'tier/reset',
  'tier/about_to_reset_4_weeks',
  'tier/about_to_reset_2_weeks',
  'tier/about_to_reset_1_day',
  'referral/link_created',
  'referral/reward_earned',
  'referral/referee_claimed',
  'birthday/reward_earned',
  'milestone/achieved',
  'submission/decided',
] as const;

export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];

export function isWebhookTopic(value: unknown): value is WebhookTopic {
  return isOneOf(WEBHOOK_TOPICS, value);
}
