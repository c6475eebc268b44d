import { CustomerEvent, isPointsEvent, PointsContext } from '../events/customer-events';

/** The points policy's share: the balance, and the idempotency keys applied to it. */
export interface PointsShare {
  points: number;
  /** Idempotency keys already applied to this customer, with the hash of the request that used them. */
  idempotency: Readonly<Record<string, { requestHash: string; transactionId: string }>>;
}

export const initialPoints = (): PointsShare => ({ points: 0, idempotency: {} });

/** Every balance change sets the balance it recorded and remembers its idempotency key. */
export function evolvePoints(state: PointsShare, event: CustomerEvent): Partial<PointsShare> | undefined {
  if (!isPointsEvent(event)) return undefined;
  return { points: event.newPoint, idempotency: rememberKey(state, event) };
}

function rememberKey(state: PointsShare, ctx: PointsContext): PointsShare['idempotency'] {
  if (!ctx.idempotencyKey || !ctx.requestHash) return state.idempotency;
  return {
    ...state.idempotency,
    [ctx.idempotencyKey]: { requestHash: ctx.requestHash, transactionId: ctx.transactionId },
  };
}
