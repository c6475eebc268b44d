import { ByType } from '../shared/domain/decider';
import { CustomerState, EnrolledCustomer, enrolledOrNotFound } from './customer-state';
import { CustomerEvent } from './customer-events';
import { TopicMessage } from './webhook-message';

/** The stored type name of a customer event (`points.awarded.v1`). */
export type CustomerEventTypeName = CustomerEvent['type'];

/** The customer event of one type name. */
export type CustomerEventOf<K extends CustomerEventTypeName> = ByType<CustomerEvent>[K];

/** A policy that keeps no share of the state (it decides on the others' shares). */
export type NoShare = Record<never, never>;

/**
 * One policy of the customer ledger, as the ledger composes it: its share of the state (`initial`),
 * what each event type it reads does to that share (`evolve`, keyed by event type: the keys are the
 * events it reads), one decide function per command it claims (`decide`, keyed by command type), and
 * the webhook messages of the event types it announces (`webhooks`; several policies may announce
 * one event type: their messages go out in the tuple's order).
 * `Writes` is the share its evolve writes: its own, or (held points) the share of the policy it
 * refines.
 */
export interface CustomerPolicy<
  Share extends object,
  Command extends { type: string },
  Evolved extends CustomerEventTypeName,
  Writes extends object = Share,
> {
  readonly name: string;
  readonly initial: () => Share;
  readonly evolve: {
    readonly [K in Evolved]: (state: CustomerState, event: CustomerEventOf<K>) => Partial<Writes> | undefined;
  };
  readonly decide: {
    readonly [K in Command['type']]: (command: ByType<Command>[K], state: CustomerState) => CustomerEvent[];
  };
  readonly webhooks?: WebhookMessages;
}

/** Per event type a policy announces, the webhook messages an event of it produces (possibly none). */
export type WebhookMessages = {
  readonly [K in CustomerEventTypeName]?: (event: CustomerEventOf<K>) => TopicMessage[];
};

export type AnyCustomerPolicy = CustomerPolicy<any, any, any, any>;

export type ShareOf<P> = P extends CustomerPolicy<infer S, any, any, any> ? S : never;
export type CommandOf<P> = P extends CustomerPolicy<any, infer C, any, any> ? C : never;
export type EvolvedOf<P> = P extends CustomerPolicy<any, any, infer K, any> ? K : never;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** The state a tuple of policies keeps: the sum of their shares (checked against CustomerState). */
export type StateOf<Policies extends readonly AnyCustomerPolicy[]> = UnionToIntersection<ShareOf<Policies[number]>>;

/** The command types two policies of the tuple both claim (never, when each is claimed once). */
export type ClaimedTwice<Policies extends readonly AnyCustomerPolicy[]> = Policies extends readonly [
  infer First,
  ...infer Rest extends readonly AnyCustomerPolicy[],
]
  ? (CommandOf<First>['type'] & CommandOf<Rest[number]>['type']) | ClaimedTwice<Rest>
  : never;

/** The customer event types no policy of the tuple reads (never, when each is read by one at least). */
export type EvolvedByNone<Policies extends readonly AnyCustomerPolicy[]> = Exclude<
  CustomerEventTypeName,
  EvolvedOf<Policies[number]>
>;

/** A compile-time check that a set of types is empty: `NoneOf<'X'>` fails, naming `'X'`. */
export type NoneOf<Offending extends never> = Offending;

/**
 * A decide function for enrolled customers only: the ledger refuses the command for a customer not
 * enrolled (not found), and hands the function the state as enrolled (its identity known).
 */
export function whenEnrolled<C, R>(
  decide: (command: C, state: EnrolledCustomer) => R,
): (command: C, state: CustomerState) => R {
  return (command, state) => decide(command, enrolledOrNotFound(state));
}
