import { Capability } from '../../capability';
import { EarnSocialHandler } from './earn-social.handler';
import { LinkPhotoHandler } from './link-photo.handler';
import { DisconnectFeedHandler } from './disconnect-feed.handler';
import { SocialHandles } from './social-handles';
import { ReceiveFeedNotificationHandler } from './receive-feed-notification.handler';
import { SetFeedConnectionHandler } from './set-feed-connection.handler';
import { SocialEarnController } from './http/social-earn.controller';
import { SocialLinksController } from './http/social-links.controller';
import { FeedNotificationsController } from './http/feed-notifications.controller';
import { FeedConnectionController } from './http/feed-connection.controller';

/** Social links: a customer's photo and feed accounts, and the points earned for social actions. */
export const SOCIAL_LINKS_CAPABILITY: Capability = {
  providers: [
    EarnSocialHandler,
    LinkPhotoHandler,
    DisconnectFeedHandler,
    SocialHandles,
    ReceiveFeedNotificationHandler,
    SetFeedConnectionHandler,
  ],
  projections: [],
  controllers: [SocialEarnController, SocialLinksController, FeedNotificationsController, FeedConnectionController],
};
