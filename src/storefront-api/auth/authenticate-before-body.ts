import { Request, Response } from 'express';
import { toErrorBody, retryAfterOf } from '../../shared/http/error-body';
import { throttledFailure } from '../../shared/http/auth-throttle/throttled-failure';
import { BeforeBody } from '../../shared/http/input/input-policy.middleware';
import { HeadlessAuthGuard } from './headless-auth.guard';
import { HeadlessPrincipal, HeadlessRequest } from '../http/headless-request';

/** What the route checks once the caller is known, still before the body (the upload's quotas). */
export type AdmitCaller = (caller: HeadlessPrincipal, res: Response) => Promise<void>;

/**
 * The headless token check of a large-body route (the image upload), run by the input policy before
 * the body is read. A refusal (401, or 429 for a token over its quota or a client over its failure
 * quota) is answered as the headless filter answers it, without a body, with `Connection: close`:
 * Node then closes the socket once the answer is sent, so what the caller was still sending is never
 * read. Anything else (a store outage) goes to the exception filter, the connection closed the same way.
 * `admit` then runs for the known caller, its 429s answered the same way.
 */
export function authenticateBeforeBody(guard: HeadlessAuthGuard, admit?: AdmitCaller): BeforeBody {
  return async (req: Request, res: Response): Promise<boolean> => {
    try {
      await guard.authenticateBeforeBody(req, res);
      const caller = (req as HeadlessRequest).headless;
      if (admit && caller) await admit(caller, res);
      return true;
    } catch (thrown) {
      const exception = throttledFailure(thrown, req);
      const { statusCode } = toErrorBody(exception);
      res.setHeader('Connection', 'close');
      if (statusCode !== 401 && statusCode !== 429) throw exception;
      const retryAfter = retryAfterOf(exception);
      if (retryAfter !== null) res.setHeader('Retry-After', String(retryAfter));
      res.status(statusCode).end();
      return false;
    }
  };
}
