import type { BirthdayRewardOptionSchema, BirthdayRewards } from './earning-rule.schema';

/** The birthday options offered to a customer of `tierId` (an option without tiers is for every tier). */
export function birthdayOptionsFor(
  rewards: BirthdayRewards | null | undefined,
  tierId: string | null,
): BirthdayRewardOptionSchema[] {
  return (rewards?.options ?? []).filter(
    (o) => !o.tierIds || o.tierIds.length === 0 || (tierId !== null && o.tierIds.includes(tierId)),
  );
}

/** A program the customer claims by picking (it has options): the birthday run leaves it to them. */
export const hasBirthdayPicker = (rewards: BirthdayRewards | null | undefined): boolean =>
  (rewards?.options.length ?? 0) > 0;
