import { CustomerEventBase } from '../customer-stream';
import { CustomerEventType as T } from '../customer-event-types';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

/** The friend a referrer's reward was for, on the referrer's rows (the friend's email is read from their record). */
export interface ReferralRef {
  programId: string;
  friendKey: string;
  friendLabel: string;
  friendCustomerId: string;
}

/** The program whose rule paid or sold (recorded, so history explains itself and a reversal takes back exactly that). */
export interface ProgramRef {
  programId: string;
  programTitle: string;
  earnBy: string | null;
  rateMoney: number | null;
}

/** The order a change belongs to. */
export interface OrderRef {
  orderId: string;
  orderName: string | null;
  currency: string | null;
}

/**
 * Who asked and why: recorded on every balance change, with the balances before and after, so a
 * transaction row is rebuilt from its event alone.
 */
export interface PointsContext {
  transactionId: string;
  platformCustomerId: PlatformCustomerId;
  email: string | null;
  oldPoint: number;
  newPoint: number;
  source: string;
  event: string;
  adminNote: string | null;
  userNote: string | null;
  reason: string | null;
  idempotencyKey: string | null;
  requestHash: string | null;
  /** The program whose rule paid (absent on manual changes and on events recorded before programs). */
  program?: ProgramRef | null;
  /** The order the change belongs to. */
  order?: OrderRef | null;
}

/** What every balance change's builder starts from: the common fields and the context (see `pointsContext`). */
export type PointsEventContext = CustomerEventBase & Omit<PointsContext, 'program' | 'order'>;

/** What a balance change's builder is given on top of its context. */
export type PointsFields<E> = Omit<E, 'type' | keyof PointsEventContext>;

/** What builds one balance change from its context and its own fields. */
export type PointsEventBuilder<E> = (context: PointsEventContext, fields: PointsFields<E>) => E;

/**
 * The builder of the balance change stored as `type`: its type, its context, then its fields (the key
 * order the stored event keeps; the type first, as a spread followed by new keys is slow on V8). Declare the result as `PointsEventBuilder<TheEvent>`: the compiler
 * then checks that `type` is that event's and that the fields complete it, with no cast.
 */
export function pointsEventBuilder<Type extends string>(type: Type) {
  return <Fields extends object>(context: PointsEventContext, fields: Fields) => ({ type, ...context, ...fields });
}

export interface PointsAwarded extends CustomerEventBase, PointsContext {
  type: typeof T.PointsAwarded;
  points: number;
  /** For periodic programs, the period paid (birthday: the year). */
  period?: string;
  /** Birthday picker: the options the customer chose, whose points this pays. */
  chosenRewardIds?: string[];
  /** The order's held points, released after the program's delay (counted against the earning limit when held). */
  releasesPending?: boolean;
  /** A release: the held transaction (PointsPending) it pays. Absent on releases recorded before it was recorded. */
  pendingTransactionId?: string;
  /** Bonus points of a tier reward: the tier entered and the TierChanged event that paid them. */
  tierReward?: { tierId: string; tierChangedEventId: string; rewardIds?: string[] };
  /** Bonus points of a milestone step's claim: the step's position in its ladder (the row's milestoneOrder) and key. */
  milestone?: { order: number; claimKey: string };
  /** A referral reward: the friend it was for (their first qualifying order paid it). */
  referral?: ReferralRef;
}

export interface PointsDeducted extends CustomerEventBase, PointsContext {
  type: typeof T.PointsDeducted;
  points: number;
}

export interface PointsAdjusted extends CustomerEventBase, PointsContext {
  type: typeof T.PointsAdjusted;
  /** Signed. */
  points: number;
}

export interface PointsReset extends CustomerEventBase, PointsContext {
  type: typeof T.PointsReset;
  /** The new balance. */
  resetTo: number;
}

export const pointsAwarded: PointsEventBuilder<PointsAwarded> = pointsEventBuilder(T.PointsAwarded);
export const pointsDeducted: PointsEventBuilder<PointsDeducted> = pointsEventBuilder(T.PointsDeducted);
export const pointsAdjusted: PointsEventBuilder<PointsAdjusted> = pointsEventBuilder(T.PointsAdjusted);
export const pointsReset: PointsEventBuilder<PointsReset> = pointsEventBuilder(T.PointsReset);
