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
