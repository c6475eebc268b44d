import { CustomerEventBase, EventBuilder, eventBuilder } from '../customer-stream';
import { CustomerEventType as T } from '../customer-event-types';

/** The customer's birthday (`MM/DD`) and date of birth (`YYYY-MM-DD`): write-once, they pay a yearly reward. */
export interface BirthdaySet extends CustomerEventBase {
  type: typeof T.BirthdaySet;
  birthday: string | null;
  dateOfBirth: string | null;
  source: string;
}

export const birthdaySet: EventBuilder<BirthdaySet> = eventBuilder(T.BirthdaySet);
