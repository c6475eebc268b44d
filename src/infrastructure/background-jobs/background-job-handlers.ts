import { Injectable } from '@nestjs/common';
import { RetryPolicy } from '../../shared/domain/backoff';
import { BackgroundJob } from './background-jobs.port';

/**
 * The work of some kinds of background job. A new kind of work (upload moderation, wallet pass
 * generation) is one handler: a provider that registers itself here and queues its jobs through
 * BACKGROUND_JOBS.
 */
export interface BackgroundJobHandler {
  readonly kinds: readonly string[];
  /** How long an attempt may run before another worker may take the job over. */
  readonly leaseMs: number;
  readonly retry: RetryPolicy;
  /** Does the job; answers the result stored with it. A throw is a failed attempt. */
  run(job: BackgroundJob): Promise<unknown>;
  /** A failure no retry will change (the job fails at once). */
  isFinal?(error: unknown): boolean;
}

/** The handlers of this process, by kind. */
@Injectable()
export class BackgroundJobHandlers {
  private readonly byKind = new Map<string, BackgroundJobHandler>();
  private readonly all: BackgroundJobHandler[] = [];

  register(handler: BackgroundJobHandler): void {
    for (const kind of handler.kinds) {
      if (this.byKind.has(kind)) throw new Error(`Two handlers of background job kind ${kind}`);
      this.byKind.set(kind, handler);
    }
    this.all.push(handler);
  }

  handlers(): readonly BackgroundJobHandler[] {
    return this.all;
  }
}
