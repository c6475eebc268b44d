import { CustomerEvent, CustomerEventType as T } from '../../customer-events';

/** Social links' share: the photo handle the customer declared, and the messaging link. */
export interface SocialLinksShare {
  /** Trimmed, lowercased; null when never linked or unlinked. */
  photoUsername: string | null;
  /** The handle stream reserved for photoUsername (released on unlink or change). */
  photoHandleStream: string | null;
  /** The one-time link reward was paid (never again, after an unlink and a relink too). */
  photoLinkRewarded: boolean;
  /** The page, user (its keyed hash) and name of the messaging link; null when none. */
  feed: { pageId: string; userRef: string; feedName: string | null } | null;
  chat: ChatLinkShare;
}

/** The chat login: its pending CSRF state (hash), the linked user (keyed hash) and the official-account follow. */
export interface ChatLinkShare {
  pendingLogin: { stateHash: string; expiresAt: string } | null;
  /** The linked user's keyed hash; null: never linked. */
  userRef: string | null;
  followedOA: boolean;
  /** The network's time of the follow change recorded last (epoch ms; null: none or not said). */
  followNotifiedAt: number | null;
  /** The follow_oa join-chat program was paid (never again). */
  rewarded: boolean;
}

export const NO_CHAT_LINK: ChatLinkShare = {
  pendingLogin: null,
  userRef: null,
  followedOA: false,
  followNotifiedAt: null,
  rewarded: false,
};

export const initialSocialLinks = (): SocialLinksShare => ({
  photoUsername: null,
  photoHandleStream: null,
  photoLinkRewarded: false,
  feed: null,
  chat: NO_CHAT_LINK,
});

export function evolveSocialLinks(
  state: SocialLinksShare,
  event: CustomerEvent,
): Partial<SocialLinksShare> | undefined {
  switch (event.type) {
    case T.PhotoLinked:
      return {
        photoUsername: event.photoUsername,
        photoHandleStream: event.handleStream,
        photoLinkRewarded: state.photoLinkRewarded || event.rewarded,
      };
    case T.PhotoUnlinked:
      return { photoUsername: null, photoHandleStream: null };
    case T.FeedLinked:
      return { feed: { pageId: event.pageId, userRef: event.userRef, feedName: event.feedName } };
    case T.FeedDisconnected:
      return { feed: null };
    case T.ChatLoginStarted:
      return { chat: { ...state.chat, pendingLogin: { stateHash: event.stateHash, expiresAt: event.expiresAt } } };
    case T.ChatLinked:
      return {
        chat: {
          ...state.chat,
          pendingLogin: null,
          userRef: event.userRef,
          rewarded: state.chat.rewarded || event.rewarded,
        },
      };
    case T.ChatFollowChanged:
      return { chat: { ...state.chat, followedOA: event.following, followNotifiedAt: event.notifiedAt ?? null } };
    case T.PersonalDataErased:
      // The handle and the name are personal; the handle stays reserved until the customer unlinks.
      return { photoUsername: null, feed: state.feed ? { ...state.feed, feedName: null } : null };
    default:
      return undefined;
  }
}

declare module '../../customer-state' {
  interface CustomerShares {
    socialLinks: SocialLinksShare;
  }
}
