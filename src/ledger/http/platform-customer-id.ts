import { IsOptional, IsString, Matches } from 'class-validator';
import { FieldRules } from '../../shared/http/field-rules';
import { ToIdString } from '../../shared/http/query-transforms';

export const PLATFORM_ID = /^[1-9]\d{0,19}$/;
export const NOT_A_PLATFORM_ID = { message: 'platformCustomerId must be a numeric platform customer id' };

/** `platformCustomerId` of a body: required, a number read as text. */
export const PlatformCustomerIdField = () =>
  FieldRules(
    ToIdString(),
    IsString({ message: 'platformCustomerId is required' }),
    Matches(PLATFORM_ID, NOT_A_PLATFORM_ID),
  );

/** `platformCustomerId` of a list's query string: optional (a list names its customer by one of two ids). */
export const PlatformCustomerIdFilter = () =>
  FieldRules(IsOptional(), ToIdString(), Matches(PLATFORM_ID, NOT_A_PLATFORM_ID));
