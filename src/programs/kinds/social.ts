import { ActivityFacts, EarningKind, EarningKindName, LinkSettings } from './kind';

/**
 * The 13 social kinds (spec 4.2): paid once for a storefront action (unless the program sets a
 * limit), each linking to the page to follow, like or join. The neutral names stand for networks:
 * `feed` shares, `micro` shares and follows through their intents.
 */
const INTENTS = {
  share_feed: (target: string) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(target)}`,
  share_micro: (target: string) => `https://twitter.com/intent/tweet?url=${encodeURIComponent(target)}`,
  follow_micro: (account: string) =>
    `https://twitter.com/intent/follow?screen_name=${encodeURIComponent(account.replace(/^@/, ''))}`,
};

const social = <K extends EarningKindName>(
  name: K,
  actionUrl: EarningKind<K>['actionUrl'] = (s: LinkSettings) => s.urlLocation ?? null,
  extra: Partial<EarningKind<K>> = {},
): EarningKind<K> => ({
  family: 'earning',
  name,
  trigger: 'storefront',
  pays: 'once',
  titleKey: `program.title.${name}`,
  activity: ({ points, program }: ActivityFacts) => ({ key: 'activity.social', values: { points, program } }),
  actionUrl,
  defaults: { earnBy: 'flat', rateMoney: null },
  network: name.split('_')[1] ?? '',
  chatJoin: false,
  birthdayPicker: false,
  ...extra,
});

/** A share: the network's share intent of the program's page, or of the shop. */
const share =
  (intent: (target: string) => string) =>
  (s: LinkSettings, shopUrl: string): string =>
    intent(s.urlLocation ?? shopUrl);

export const SOCIAL_KINDS = {
  follow_photo: social('follow_photo', undefined, { accountLink: true }),
  like_feed: social('like_feed'),
  follow_video: social('follow_video'),
  share_feed: social('share_feed', share(INTENTS.share_feed)),
  subscribe_stream: social('subscribe_stream'),
  follow_micro: social('follow_micro', (s) =>
    s.urlAccount ? INTENTS.follow_micro(s.urlAccount) : (s.urlLocation ?? null),
  ),
  follow_board: social('follow_board'),
  share_micro: social('share_micro', share(INTENTS.share_micro)),
  join_game: social('join_game'),
  join_broadcast: social('join_broadcast'),
  join_msg: social('join_msg'),
  join_chat: social('join_chat', undefined, { chatJoin: true }),
  join_forum: social('join_forum'),
} as const;
