import { Decider } from '../shared/domain/decider';
import { CUSTOMER_POLICIES } from './customer-policies';
import { AnyCustomerPolicy, CommandOf } from './customer-policy';
import { CustomerState } from './customer-state';
import { CustomerEvent } from './customer-events';
import { assertAmounts } from './amounts/amounts.invariant';
import { followReferral } from './referrals/domain/friend.decisions';
import { followTierLadder } from './tiers/tiers.decisions';

/**
 * The customer ledger: one customer's stream of points, tiers, orders and coupons, decided by one
 * decider composed of its policies (customer-policies.ts), each in its folder with its commands,
 * decisions, share of the state and evolve table.
 */
export type CustomerCommand = CommandOf<(typeof CUSTOMER_POLICIES)[number]>;

type Evolve = (state: CustomerState, event: CustomerEvent) => object | undefined;
type Decide = (command: CustomerCommand, state: CustomerState) => CustomerEvent[];

/** Per event type, the evolve functions of the policies that read it, in the tuple's order. */
const EVOLVERS: ReadonlyMap<string, readonly Evolve[]> = evolversByEventType(CUSTOMER_POLICIES);

/** Per command type, the decide function of the one policy that claims it (the tuple's types check that). */
const DECIDERS: ReadonlyMap<string, Decide> = decidersByCommandType(CUSTOMER_POLICIES);

function evolversByEventType(policies: readonly AnyCustomerPolicy[]): Map<string, Evolve[]> {
  const byType = new Map<string, Evolve[]>();
  for (const policy of policies)
    for (const [type, evolve] of Object.entries<Evolve>(policy.evolve))
      byType.set(type, [...(byType.get(type) ?? []), evolve]);
  return byType;
}

function decidersByCommandType(policies: readonly AnyCustomerPolicy[]): Map<string, Decide> {
  const byType = new Map<string, Decide>();
  for (const policy of policies)
    for (const [type, decide] of Object.entries<Decide>(policy.decide)) byType.set(type, decide);
  return byType;
}

/** The state before any event: each policy's initial share. */
export const initialCustomerState = (): CustomerState =>
  Object.assign({}, ...CUSTOMER_POLICIES.map((policy) => policy.initial()));

/**
 * The fold: the policies that read the event write their changes, in turn, into one copy of the
 * state (none when no policy changes anything). `'owned'`: the caller keeps no earlier version of
 * `state` (an audit replay), so the changes are written into it rather than into a copy.
 */
export function evolveCustomer(
  state: CustomerState,
  event: CustomerEvent,
  ownership: 'copy' | 'owned' = 'copy',
): CustomerState {
  const evolvers = EVOLVERS.get(event.type);
  if (!evolvers) return state;
  let next: CustomerState | null = ownership === 'owned' ? state : null;
  for (const evolve of evolvers) {
    const change = evolve(next ?? state, event);
    if (change) next = Object.assign(next ?? { ...state }, change);
  }
  return next ?? state;
}

const evolveCopy = (state: CustomerState, event: CustomerEvent) => evolveCustomer(state, event);

/**
 * A policy decides; then the friend's side of a referral follows an order's decision (attribution by
 * its code, qualification, disqualification); then the tier ladder follows what the decision did to
 * the tier point; then the amounts invariant checks every point value the decision would record.
 */
export function decideCustomer(command: CustomerCommand, state: CustomerState): CustomerEvent[] {
  const decide = DECIDERS.get(command.type);
  if (!decide) throw new Error(`No policy decides ${command.type}`);
  const decided = followReferral(command, state, decide(command, state), evolveCopy);
  return assertAmounts(followTierLadder(command, state, decided, evolveCopy));
}

export const customerLedger: Decider<CustomerState, CustomerCommand, CustomerEvent> = {
  initialState: initialCustomerState,
  evolve: evolveCopy,
  decide: decideCustomer,
};
