import { CustomerEventBase, EventBuilder, eventBuilder } from '../../customer-stream';
import { CustomerEventType as T } from '../../customer-event-types';

/**
 * A daily check-in of a streak program: `day` is the shop's local date, `currentDay` the streak's
 * count after it (1 after a missed day or a switch of program), `points` what its milestone paid
 * (0 on other days; the PointsAwarded recorded with it pays them).
 */
export interface StreakDayClaimed extends CustomerEventBase {
  type: typeof T.StreakDayClaimed;
  programId: string;
  day: string;
  currentDay: number;
  totalDays: number;
  points: number;
}

export const streakDayClaimed: EventBuilder<StreakDayClaimed> = eventBuilder(T.StreakDayClaimed);

/** Where the customer's streak stands: the program checked in last, on which local day, and its count then. */
export interface StreakPosition {
  programId: string;
  lastDay: string;
  currentDay: number;
}
