import { CustomerEvent, CustomerEventType as T } from '../customer-events';

/** Points expiry's share: when the customer was last active, and which cycles expired or were warned. */
export interface ExpiryShare {
  /** Last time the customer earned or spent (inactivity expiry counts from it). */
  lastActivityAt: string | null;
  /** Expiry cycles already expired, and warnings already given (cycle|daysLeft). */
  expiredCycles: Readonly<Record<string, true>>;
  warnings: Readonly<Record<string, true>>;
}

export const initialExpiry = (): ExpiryShare => ({ lastActivityAt: null, expiredCycles: {}, warnings: {} });

/**
 * Activity, for inactivity expiry: earning, spending, adjusting and paid orders. Expiry itself,
 * warnings, resets and profile changes are not. The customers read model uses this too.
 */
export function isActivity(event: CustomerEvent): boolean {
  switch (event.type) {
    case T.PointsAwarded:
    case T.PointsDeducted:
    case T.PointsAdjusted:
    case T.PointsRedeemed:
    case T.OrderRecorded:
      return true;
    default:
      return false;
  }
}

export function evolveExpiry(state: ExpiryShare, event: CustomerEvent): Partial<ExpiryShare> | undefined {
  switch (event.type) {
    case T.PointsExpired:
      return { expiredCycles: { ...state.expiredCycles, [event.cycle]: true } };
    case T.PointsExpiryWarned:
      return { warnings: { ...state.warnings, [`${event.cycle}|${event.daysLeft}`]: true } };
    default:
      return isActivity(event) ? { lastActivityAt: event.occurredAt } : undefined;
  }
}

declare module '../customer-state' {
  interface CustomerShares {
    expiry: ExpiryShare;
  }
}
