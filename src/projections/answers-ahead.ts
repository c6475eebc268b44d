import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { from, mergeMap, Observable } from 'rxjs';
import { answeringAhead, ReadYourWrites } from './read-your-writes';

const ANSWERS_AHEAD = 'loyalty:answersAhead';

type AnswersAheadWhen = (req: Request) => boolean;

/**
 * A write route that answers once its events are stored, ahead of its read models (for the requests
 * `when` accepts; all by default): the request after it waits for them instead. Only for a route
 * that reads no read model such writes change (it decides on the customer's stream).
 */
export const AnswersAhead = (when: AnswersAheadWhen = () => true) => SetMetadata(ANSWERS_AHEAD, when);

/**
 * Read-your-writes at the HTTP edge: a route declared `@AnswersAhead` runs answering ahead; every
 * other request starts once the read models hold the writes answered ahead before it, and its own
 * writes wait for them before it answers.
 */
@Injectable()
export class ReadYourWritesInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly barrier: ReadYourWrites,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const when = this.reflector.get<AnswersAheadWhen | undefined>(ANSWERS_AHEAD, context.getHandler());
    if (when && this.barrier.allowed && when(context.switchToHttp().getRequest<Request>()))
      return new Observable((subscriber) => answeringAhead(() => next.handle().subscribe(subscriber)));
    if (this.barrier.settled) return next.handle();
    return from(this.barrier.settle()).pipe(mergeMap(() => next.handle()));
  }
}
