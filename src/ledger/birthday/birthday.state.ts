import { CustomerEvent, CustomerEventType as T } from '../customer-events';

/** The birthday policy's share: the day that pays a yearly reward. */
export interface BirthdayShare {
  birthday: string | null;
  dateOfBirth: string | null;
}

export const initialBirthday = (): BirthdayShare => ({ birthday: null, dateOfBirth: null });

export function evolveBirthday(_state: BirthdayShare, event: CustomerEvent): Partial<BirthdayShare> | undefined {
  if (event.type === T.PersonalDataErased) return { birthday: null, dateOfBirth: null };
  return event.type === T.BirthdaySet ? { birthday: event.birthday, dateOfBirth: event.dateOfBirth } : undefined;
}

declare module '../customer-state' {
  interface CustomerShares {
    birthday: BirthdayShare;
  }
}
