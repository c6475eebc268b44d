import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Response } from 'express';
import { Observable } from 'rxjs';
import { PERSONAL } from './headless-exception.filter';

/** Personalised answers are never stored by a browser or a CDN (spec 4.1). */
@Injectable()
export class PersonalCacheInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    context.switchToHttp().getResponse<Response>().setHeader('Cache-Control', PERSONAL);
    return next.handle();
  }
}
