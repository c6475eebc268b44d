import { CustomerEvent, CustomerEventType as T, StreakPosition } from '../../customer-events';

export type { StreakPosition };

/** The streak policy's share: one streak at a time (checking in on another program starts it again). */
export interface StreakShare {
  streak: StreakPosition | null;
}

export const initialStreak = (): StreakShare => ({ streak: null });

export function evolveStreak(_state: StreakShare, event: CustomerEvent): Partial<StreakShare> | undefined {
  if (event.type !== T.StreakDayClaimed) return undefined;
  return { streak: { programId: event.programId, lastDay: event.day, currentDay: event.currentDay } };
}

declare module '../../customer-state' {
  interface CustomerShares {
    streak: StreakShare;
  }
}
