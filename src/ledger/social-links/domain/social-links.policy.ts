import { CustomerPolicy, whenEnrolled } from '../../customer-policy';
import { CustomerEventType as T } from '../../customer-event-types';
import { decideFollow, decideLink, decideStart } from '../chat/domain/chat-link.decisions';
import { ChatLinkCommand } from '../chat/domain/chat-link.decisions';
import { decideLinkPhoto, disconnectFeed, linkFeed, SocialLinksCommand, unlinkPhoto } from './social-links.decisions';
import { evolveSocialLinks, initialSocialLinks, SocialLinksShare } from './social-links.state';

// The event types this policy reads (the table's keys), and what each does to its share.
const evolve = {
  [T.PhotoLinked]: evolveSocialLinks,
  [T.PhotoUnlinked]: evolveSocialLinks,
  [T.FeedLinked]: evolveSocialLinks,
  [T.FeedDisconnected]: evolveSocialLinks,
  [T.ChatLoginStarted]: evolveSocialLinks,
  [T.ChatLinked]: evolveSocialLinks,
  [T.ChatFollowChanged]: evolveSocialLinks,
  [T.PersonalDataErased]: evolveSocialLinks,
};

/** The customer's social accounts: a photo handle, a feed page, a chat account, and the rewards for linking them. */
export const socialLinksPolicy: CustomerPolicy<
  SocialLinksShare,
  SocialLinksCommand | ChatLinkCommand,
  keyof typeof evolve
> = {
  name: 'social-links',
  initial: initialSocialLinks,
  evolve,
  decide: {
    LinkPhoto: whenEnrolled(decideLinkPhoto),
    UnlinkPhoto: whenEnrolled(unlinkPhoto),
    LinkFeed: whenEnrolled(linkFeed),
    DisconnectFeed: whenEnrolled(disconnectFeed),
    StartChatLogin: whenEnrolled(decideStart),
    LinkChat: whenEnrolled(decideLink),
    SetChatFollow: whenEnrolled(decideFollow),
  },
};
