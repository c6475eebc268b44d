import { Map as PersistentMap } from 'immutable';
import { CustomerEvent, isPointsEvent, PointsContext } from '../customer-events';

/** A key applied to the customer: the hash of the request that used it, and its transaction. */
export interface AppliedKey {
  requestHash: string;
  transactionId: string;
}

/** The points policy's share: the balance, and the idempotency keys applied to it. */
export interface PointsShare {
  points: number;
  /**
   * Idempotency keys already applied to this customer, every one of them, in a persistent map:
   * remembering a key copies a short path of it, not every key, so a keyed award costs the same at
   * the ten-thousandth key as at the first.
   */
  idempotency: PersistentMap<string, AppliedKey>;
}

const NO_KEYS = PersistentMap<string, AppliedKey>();

export const initialPoints = (): PointsShare => ({ points: 0, idempotency: NO_KEYS });

/** Every balance change sets the balance it recorded and remembers its idempotency key. */
export function evolvePoints(state: PointsShare, event: CustomerEvent): Partial<PointsShare> | undefined {
  if (!isPointsEvent(event)) return undefined;
  return { points: event.newPoint, idempotency: rememberKey(state, event) };
}

function rememberKey(state: PointsShare, ctx: PointsContext): PointsShare['idempotency'] {
  if (!ctx.idempotencyKey || !ctx.requestHash) return state.idempotency;
  return state.idempotency.set(ctx.idempotencyKey, { requestHash: ctx.requestHash, transactionId: ctx.transactionId });
}

declare module '../customer-state' {
  interface CustomerShares {
    points: PointsShare;
  }
}
