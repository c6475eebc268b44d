import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { comparePositions, GlobalPosition } from '../infrastructure/event-store/event-store.port';
import { ProjectionRunner } from './projection-runner';

/**
 * Read-your-writes for the writes this process answers before their read models have them (an
 * unkeyed points change answers as soon as its events are stored). The rule clients see stays
 * the one every write keeps: a request that starts after a write was answered sees it. A write
 * that waited for its read models kept it by waiting; for one that did not, the requests that come
 * after it wait instead, at their start, until the read models hold every such write answered
 * before (`readYourWrites` below). So a run of such writes waits for nothing between them, and a
 * read after them waits once, for all of them.
 */
@Injectable()
export class ReadYourWrites {
  /** The furthest event this process answered before its read models had it. */
  private owed: GlobalPosition | null = null;

  constructor(private readonly projections: ProjectionRunner) {}

  /** A write was answered (or is about to be) before the read models hold its events, up to `position`. */
  answeredAhead(position: GlobalPosition): void {
    if (this.owed === null || comparePositions(position, this.owed) > 0) this.owed = position;
  }

  /** The read models hold every write answered ahead of them so far. */
  get settled(): boolean {
    return this.owed === null || this.projections.hasApplied(this.owed);
  }

  /** Resolves once the read models hold every write answered ahead of them so far (bounded like a write's wait). */
  settle(): Promise<void> {
    return this.settled ? Promise.resolve() : this.projections.waitFor(this.owed!);
  }
}

/**
 * Every request but the writes that answer ahead of their read models (`answersAhead`) starts once
 * the read models hold the writes answered ahead before it. Those writes read no read model that
 * such writes change: they decide on the customer's stream.
 */
export function readYourWrites(barrier: ReadYourWrites, answersAhead: (req: Request) => boolean) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (barrier.settled || answersAhead(req)) return next();
    barrier.settle().then(() => next(), next);
  };
}
