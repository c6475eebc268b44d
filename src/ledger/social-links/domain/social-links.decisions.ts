import { because, DomainError } from '../../../shared/domain/domain-error';
import { EarningLimitPolicy } from '../../../shops/domain/shop-events';
import { TierRung } from '../../../tiers/domain/tier-rung';
import { CommandMeta } from '../../customer-stream';
import { EnrolledCustomer } from '../../customer-state';
import {
  CustomerEvent,
  earnsFromPrograms,
  FeedDisconnected,
  feedDisconnected,
  FeedLinked,
  feedLinked,
  PhotoUnlinked,
  PointsAwarded,
  photoLinked,
  photoUnlinked,
} from '../../customer-events';
import { decideProgramEarning, EarnFromProgram } from '../../program-earning/program-earning.decisions';

/**
 * The customer links a photo handle (reserved for them on its handle stream first). The first link
 * pays the one-time reward, `reward` (the shop's follow_photo program), in the same append, when that
 * program can still pay them and the earning limit leaves room; never again after that.
 */
export interface LinkPhoto {
  type: 'LinkPhoto';
  meta: CommandMeta;
  photoUsername: string;
  handleStream: string;
  reward: EarnFromProgram['program'] | null;
  source: string;
  tiers: TierRung[];
  earningLimit: EarningLimitPolicy | null;
}

export interface UnlinkPhoto {
  type: 'UnlinkPhoto';
  meta: CommandMeta;
  source: string;
}

/**
 * The messaging network said (in a notification signed with the shop's app secret) that this
 * customer linked its user to the page. `userRef` is the user's keyed hash, never the raw id.
 */
export interface LinkFeed {
  type: 'LinkFeed';
  meta: CommandMeta;
  pageId: string;
  userRef: string;
  feedName: string | null;
}

export interface DisconnectFeed {
  type: 'DisconnectFeed';
  meta: CommandMeta;
  source: string;
}

export type SocialLinksCommand = LinkPhoto | UnlinkPhoto | LinkFeed | DisconnectFeed;

/** An opt-in guest has no social links (one who left may still unlink). */
function requireNotGuest(state: EnrolledCustomer): void {
  if (state.membership === 'guest') throw because.notEligible('Join the loyalty program first');
}

/** The link reward's payment, or none when its program cannot pay (already paid, limit reached). */
function linkReward(command: LinkPhoto, state: EnrolledCustomer): PointsAwarded[] {
  if (!command.reward || state.photoLinkRewarded) return [];
  const earn: EarnFromProgram = {
    type: 'EarnFromProgram',
    meta: command.meta,
    program: command.reward,
    source: command.source,
    tiers: command.tiers,
    earningLimit: command.earningLimit,
  };
  try {
    return decideProgramEarning(earn, state);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'LIMIT_REACHED') return [];
    throw error;
  }
}

export function decideLinkPhoto(command: LinkPhoto, state: EnrolledCustomer): CustomerEvent[] {
  requireNotGuest(state);
  if (!earnsFromPrograms(state)) throw because.notEligible('Only members link a photo account');
  if (state.photoUsername === command.photoUsername) return [];
  const reward = linkReward(command, state);
  return [
    photoLinked(command.meta, {
      photoUsername: command.photoUsername,
      handleStream: command.handleStream,
      replacedHandleStream: state.photoHandleStream,
      rewarded: reward.length > 0,
      source: command.source,
    }),
    ...reward,
  ];
}

export function unlinkPhoto(command: UnlinkPhoto, state: EnrolledCustomer): PhotoUnlinked[] {
  requireNotGuest(state);
  return state.photoHandleStream
    ? [photoUnlinked(command.meta, { handleStream: state.photoHandleStream, source: command.source })]
    : [];
}

export function linkFeed(command: LinkFeed, state: EnrolledCustomer): FeedLinked[] {
  requireNotGuest(state);
  const { pageId, userRef, feedName } = command;
  const { feed } = state;
  if (feed?.pageId === pageId && feed.userRef === userRef && feed.feedName === feedName) return [];
  return [feedLinked(command.meta, { pageId, userRef, feedName })];
}

export function disconnectFeed(command: DisconnectFeed, state: EnrolledCustomer): FeedDisconnected[] {
  requireNotGuest(state);
  return state.feed ? [feedDisconnected(command.meta, { pageId: state.feed.pageId, source: command.source })] : [];
}
