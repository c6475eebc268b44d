export const CLOCK = Symbol('CLOCK');
export const ID_GENERATOR = Symbol('ID_GENERATOR');

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  /** A new unique UUID (time-ordered: see ids.ts). */
  next(): string;
}

export const systemClock: Clock = { now: () => new Date() };
