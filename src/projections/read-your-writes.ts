import { Injectable } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import { comparePositions, GlobalPosition } from '../infrastructure/event-store/event-store.port';
import { ProjectionRunner } from './projection-runner';
import { AppConfig } from '../config/app-config';
import { AfterAppend } from '../event-sourcing/after-append.port';

/** Set while a piece of work answers its writes ahead of their read models (see `answeringAhead`). */
const aheadScope = new AsyncLocalStorage<true>();

/**
 * Runs `work` so that every write it makes answers once its events are stored, ahead of the read
 * models, and the requests after it wait for them instead. For a route that declares it
 * (`@AnswersAhead`), and for the feed's process managers, whose waiting for the read models could
 * wait on themselves.
 */
export function answeringAhead<T>(work: () => T): T {
  return aheadScope.run(true, work);
}

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
export class ReadYourWrites implements AfterAppend {
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

  /** A command's events are stored: wait for the read models, unless the work answers ahead of them. */
  async appended(position: GlobalPosition): Promise<void> {
    if (aheadScope.getStore()) this.answeredAhead(position);
    else await this.projections.waitFor(position);
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
