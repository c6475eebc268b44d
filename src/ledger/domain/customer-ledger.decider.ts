/**
 * Moved: the customer ledger is `src/ledger/customer-ledger.ts`, composed of one folder per policy.
 * Kept for imports not yet updated.
 */
export { customerLedger, CustomerCommand, decideCustomer, evolveCustomer } from '../customer-ledger';
export { CustomerState, initialCustomerState } from '../customer-state';
export { CommandMeta } from '../customer-stream';
export { TierRung } from '../../tiers/domain/tier-rung';
export { PointsRequest, MAX_POINTS, replayOf } from '../points/points.decisions';
export { earningCap, earningLimitStatus, earningRoom } from '../earning-limit/earning-limit.decisions';
export { isValidBirthday, isValidDateOfBirth } from '../birthday/birthday.decisions';
export { CouponState } from '../coupons/coupons.state';
export { OrderState } from '../orders/orders.state';
export { monthsAfter, monthsBefore } from '../../shared/domain/calendar';
export { sumSince } from '../../shared/domain/day-buckets';
