/**
 * A decider (emmett's shape): pure functions, no I/O, no clock. Commands carry the time and ids
 * they need, so folding the same events always gives the same state.
 */
export interface Decider<State, Command, Event> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

export function fold<State, Event>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  events: Event[],
  from?: State,
): State {
  return events.reduce(decider.evolve, from ?? decider.initialState());
}

export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}

/** The members of a union of `{ type }` objects, by their type: `ByType<A | B>['a']` is A. */
export type ByType<U extends { type: string }> = { [M in U as M['type']]: M };

/**
 * One function per member of a union, by type: a table the compiler checks is complete, as it does
 * a switch that ends in `assertNever` (a new member must say what it does).
 */
export type PerType<U extends { type: string }, R, Args extends unknown[] = []> = {
  [K in keyof ByType<U>]: (member: ByType<U>[K], ...args: Args) => R;
};

/** Calls the table's function for a member: `callPerType(table, member.type, member, ...args)`. */
export function callPerType<U extends { type: string }, K extends keyof ByType<U>, R, Args extends unknown[]>(
  table: PerType<U, R, Args>,
  type: K,
  member: ByType<U>[K],
  ...args: Args
): R {
  return table[type](member, ...args);
}
