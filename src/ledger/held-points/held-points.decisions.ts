import { TierRung } from '../../tiers/domain/tier-rung';
import { CommandMeta } from '../customer-stream';
import { EnrolledCustomer } from '../customer-state';
import {
  OrderRef,
  PendingPointsCancelled,
  pendingPointsCancelled,
  PointsAwarded,
  pointsAwarded,
  PointsPending,
  pointsPending,
  ProgramRef,
} from '../customer-events';
import { pointsContext, PointsRequest } from '../points/points.decisions';
import { evolvePoints } from '../points/points.state';

/** Releases every held order payment whose delay has passed (the release scheduler asks). */
export interface ReleasePendingPoints {
  type: 'ReleasePendingPoints';
  meta: CommandMeta;
  tiers: TierRung[];
}

const DAY_MS = 86_400_000;

/** An order's points held for the program's delay (`pendingDays`) instead of paid: not spendable until released. */
export function holdPoints(
  state: EnrolledCustomer,
  meta: CommandMeta,
  held: { points: number; pendingDays: number; program: ProgramRef; order: OrderRef },
): PointsPending {
  return pointsPending(meta, {
    transactionId: meta.newId(),
    platformCustomerId: state.platformCustomerId,
    email: state.email,
    points: held.points,
    releaseAt: new Date(new Date(meta.occurredAt).getTime() + held.pendingDays * DAY_MS).toISOString(),
    program: held.program,
    order: held.order,
    balance: state.points,
  });
}

/**
 * A cancellation or refund takes from an order's held points first: they were never spendable, so
 * they are cancelled whatever the program's autoRemovePoints says. Returns what is left to take.
 */
export function cancelHeld(
  state: EnrolledCustomer,
  meta: CommandMeta,
  orderId: string,
  requested: number,
  cause: PendingPointsCancelled['cause'],
): { cancelled: PendingPointsCancelled[]; rest: number } {
  const order = state.orders.get(orderId)!;
  const fromHeld = Math.min(requested, order.pendingPoints);
  if (fromHeld <= 0) return { cancelled: [], rest: requested };
  const cancelled = pendingPointsCancelled(meta, {
    orderId,
    points: fromHeld,
    remaining: order.pendingPoints - fromHeld,
    pendingTransactionId: order.pendingTransactionId!,
    cause,
  });
  return { cancelled: [cancelled], rest: requested - fromHeld };
}

/** Pays every hold whose delay has passed, as an award naming its order (a place_order transaction). */
export function decideHeldPoints(command: ReleasePendingPoints, state: EnrolledCustomer): PointsAwarded[] {
  const { meta } = command;
  const released: PointsAwarded[] = [];
  let current = state;
  for (const [orderId, order] of state.orders) {
    if (order.pendingPoints <= 0 || !order.pendingReleaseAt || order.pendingReleaseAt > meta.occurredAt) continue;
    const request: PointsRequest = {
      points: order.pendingPoints,
      source: 'scheduler',
      event: 'place_order',
      reason: null,
    };
    const release = pointsAwarded(pointsContext(current, meta, request, current.points + order.pendingPoints), {
      points: order.pendingPoints,
      releasesPending: true,
      ...(order.pendingTransactionId ? { pendingTransactionId: order.pendingTransactionId } : {}),
      program: order.pendingProgram,
      order: order.pendingOrder ?? { orderId, orderName: null, currency: null },
    });
    released.push(release);
    current = { ...current, ...evolvePoints(current, release) };
  }
  return released;
}
