import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { comparePositions, GlobalPosition } from '../infrastructure/event-store/event-store.port';
import { ProjectionRunner } from './projection-runner';
import { AppConfig } from '../config/app-config';

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

  /**
   * Whether a write may answer ahead of its read models. Not with READ_CACHE_DOCUMENTS=0: the
   * operator chose that every process reads the shared store, so that a write answered by one is read
   * back at once by the others, which only a write that waited for its read models keeps.
   */
  readonly allowed: boolean;

  constructor(
    private readonly projections: ProjectionRunner,
    config: AppConfig,
  ) {
    this.allowed = config.readCacheDocuments > 0;
  }

  /** A write was answered (or is about to be) before the read models hold its events, up to `position`. */
  answeredAhead(position: GlobalPosition): void {
    if (this.owed === null || comparePositions(position, this.owed) > 0) this.owed = position;
  }

  /** The read models hold every write answered ahead of them so far. */
  get settled(): boolean {
    return this.owed === null || this.projections.hasApplied(this.owed);
  }

  /**
   * Resolves once the read models hold every write answered ahead of them so far, or after the wait's
   * bound (PROJECTION_WAIT_MS, logged), past which the requests after it no longer wait for those
   * writes: as with a write whose own wait ran out, the read models are behind and reads say so.
   */
  async settle(): Promise<void> {
    if (this.settled) return;
    const owed = this.owed!;
    await this.projections.waitFor(owed);
    if (this.owed === owed) this.owed = null;
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
