import { CustomerEventBase, EventBuilder, eventBuilder } from '../../customer-stream';
import { CustomerEventType as T } from '../../customer-event-types';

/**
 * The customer's links to social networks. The photo handle is self-declared (never verified) and
 * personal: sealed in the log. Its shop-wide uniqueness is decided on the handle's own stream
 * (`social-handle-…`, see ledger/social-links/domain/social-handle.decider.ts) before the link is written here.
 */
export interface PhotoLinked extends CustomerEventBase {
  type: typeof T.PhotoLinked;
  /** Trimmed and lowercased. */
  photoUsername: string;
  /** The handle stream that holds it for this customer (a keyed hash, never the handle). */
  handleStream: string;
  /** The handle held before (released after this link), null when none. */
  replacedHandleStream: string | null;
  /** This link paid the one-time link reward (the PointsAwarded appended with it). */
  rewarded: boolean;
  source: string;
}

export interface PhotoUnlinked extends CustomerEventBase {
  type: typeof T.PhotoUnlinked;
  /** The handle stream released after this unlink. */
  handleStream: string;
  source: string;
}

/**
 * A messaging link: the network notified the service that this customer linked its user to a page.
 * `userRef` is the network's user id (sealed; never shown); `feedName` its display name, when sent.
 */
export interface FeedLinked extends CustomerEventBase {
  type: typeof T.FeedLinked;
  pageId: string;
  userRef: string;
  feedName: string | null;
}

export interface FeedDisconnected extends CustomerEventBase {
  type: typeof T.FeedDisconnected;
  pageId: string;
  source: string;
}

/**
 * The customer asked for the chat login (POST /customer/social/chat/auth-url): the login's CSRF
 * `state` is kept only as its SHA-256 (`stateHash`), usable once, until `expiresAt`. A later start
 * replaces it.
 */
export interface ChatLoginStarted extends CustomerEventBase {
  type: typeof T.ChatLoginStarted;
  stateHash: string;
  expiresAt: string;
}

/**
 * The chat network's OAuth callback came back with this customer's login `state` (consumed here) and
 * a user: `userRef` is the user's keyed hash (never the raw id); `rewarded` says the follow_oa
 * join-chat program was paid with it (the PointsAwarded appended with it).
 */
export interface ChatLinked extends CustomerEventBase {
  type: typeof T.ChatLinked;
  stateHash: string;
  userRef: string;
  rewarded: boolean;
}

/** A follow (true) or unfollow (false) notification of the shop's official chat account, for the linked user. */
export interface ChatFollowChanged extends CustomerEventBase {
  type: typeof T.ChatFollowChanged;
  following: boolean;
  /** When the network says it happened (epoch ms; null: not said): a redelivered older one changes nothing. */
  notifiedAt: number | null;
}

export type SocialLinkEvent =
  PhotoLinked | PhotoUnlinked | FeedLinked | FeedDisconnected | ChatLoginStarted | ChatLinked | ChatFollowChanged;

export const photoLinked: EventBuilder<PhotoLinked> = eventBuilder(T.PhotoLinked);
export const photoUnlinked: EventBuilder<PhotoUnlinked> = eventBuilder(T.PhotoUnlinked);
export const feedLinked: EventBuilder<FeedLinked> = eventBuilder(T.FeedLinked);
export const feedDisconnected: EventBuilder<FeedDisconnected> = eventBuilder(T.FeedDisconnected);
export const chatLoginStarted: EventBuilder<ChatLoginStarted> = eventBuilder(T.ChatLoginStarted);
export const chatLinked: EventBuilder<ChatLinked> = eventBuilder(T.ChatLinked);
export const chatFollowChanged: EventBuilder<ChatFollowChanged> = eventBuilder(T.ChatFollowChanged);
