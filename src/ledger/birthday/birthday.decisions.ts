import { because } from '../../shared/domain/domain-error';
import { CommandMeta } from '../customer-stream';
import { EnrolledCustomer } from '../customer-state';
import { BirthdaySet, birthdaySet } from '../customer-events';

export interface SetBirthday {
  type: 'SetBirthday';
  meta: CommandMeta;
  birthday?: string | null;
  dateOfBirth?: string | null;
  source: string;
}

const BIRTHDAY = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])$/;
const DATE_OF_BIRTH = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `MM/DD` of a real calendar day (02/29 allowed: leap-day birthdays exist). */
export function isValidBirthday(value: string): boolean {
  const m = BIRTHDAY.exec(value);
  return !!m && Number(m[2]) <= DAYS_IN_MONTH[Number(m[1]) - 1];
}

export function isValidDateOfBirth(value: string, today: string): boolean {
  const m = DATE_OF_BIRTH.exec(value);
  if (!m) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return date.toISOString().slice(0, 10) === value && Number(m[1]) >= 1900 && value <= today.slice(0, 10);
}

/**
 * Sets the birthday and/or date of birth. Both are write-once: a birthday, once known, never moves
 * (it pays a yearly reward). A date of birth fills an empty birthday and must agree with a set one.
 */
export function decideBirthday(command: SetBirthday, state: EnrolledCustomer): BirthdaySet[] {
  // An erased customer's birthday is personal data the service no longer keeps.
  if (state.erased) return [];
  const { birthday, dateOfBirth, meta } = command;
  if (birthday == null && dateOfBirth == null) {
    throw because.badRequest('birthday or dateOfBirth is required', { field: 'birthday' });
  }
  if (birthday != null && !isValidBirthday(birthday)) {
    throw because.badRequest('birthday must be a calendar day as MM/DD', { field: 'birthday' });
  }
  if (dateOfBirth != null && !isValidDateOfBirth(dateOfBirth, meta.occurredAt)) {
    throw because.badRequest('dateOfBirth must be a past date as YYYY-MM-DD', { field: 'dateOfBirth' });
  }
  const fromDate = dateOfBirth ? `${dateOfBirth.slice(5, 7)}/${dateOfBirth.slice(8, 10)}` : null;
  if (birthday && fromDate && birthday !== fromDate) {
    throw because.badRequest('birthday and dateOfBirth name different days', { field: 'dateOfBirth' });
  }
  const nextBirthday = birthday ?? fromDate;
  if (state.birthday !== null && nextBirthday !== state.birthday) {
    throw because.badRequest(`birthday is already set to ${state.birthday} and cannot change`, {
      field: birthday ? 'birthday' : 'dateOfBirth',
    });
  }
  if (state.dateOfBirth !== null && dateOfBirth && dateOfBirth !== state.dateOfBirth) {
    throw because.badRequest(`dateOfBirth is already set to ${state.dateOfBirth} and cannot change`, {
      field: 'dateOfBirth',
    });
  }
  const next = { birthday: nextBirthday ?? state.birthday, dateOfBirth: dateOfBirth ?? state.dateOfBirth };
  if (next.birthday === state.birthday && next.dateOfBirth === state.dateOfBirth) return [];
  return [birthdaySet(meta, { ...next, source: command.source })];
}
