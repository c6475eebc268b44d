import { Decider } from '../../src/shared/domain/decider';
import { DomainError } from '../../src/shared/domain/domain-error';

/**
 * Given/When/Then for deciders (after emmett's DeciderSpecification):
 *   spec.given([events]).when(command).then([events]) or .thenThrows('CODE').
 */
export function deciderSpec<S, C, E>(decider: Decider<S, C, E>) {
  return {
    given(events: E[]) {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        state,
        when(command: C) {
          const run = () => decider.decide(command, state);
          return {
            then(expected: E[]) {
              expect(run()).toEqual(expected);
            },
            thenMatches(expected: Array<Partial<E>>) {
              const events = run();
              expect(events).toHaveLength(expected.length);
              expected.forEach((e, i) => expect(events[i]).toMatchObject(e as object));
              return events;
            },
            thenNothing() {
              expect(run()).toEqual([]);
            },
            thenThrows(code: string, status?: number) {
              let error: unknown;
              try {
                run();
              } catch (e) {
                error = e;
              }
              expect(error).toBeInstanceOf(DomainError);
              expect((error as DomainError).code).toBe(code);
              if (status) expect((error as DomainError).status).toBe(status);
              return error as DomainError;
            },
            events: run,
          };
        },
      };
    },
  };
}

/** Ids e-1, e-2, ... so expected events can be written out in full. */
export function sequentialIds(prefix = 'id') {
  let n = 0;
  return () => `${prefix}-${++n}`;
}

/** What a call was refused with: its DomainError's code and the field it names; null when it did not throw. */
export function refusalOf(fn: () => unknown): [string, unknown] | null {
  try {
    fn();
  } catch (e) {
    return [(e as DomainError).code, (e as DomainError).details?.field];
  }
  return null;
}
