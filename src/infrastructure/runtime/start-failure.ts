import { ConfigError } from '../../config/config-error';
import { StoreUnavailableError } from '../store-errors/store-unavailable.error';

/**
 * What a process that could not start says (one line, then it exits 1). A store out of reach at
 * start is not waited for: the process ends at once, named the store and the reason, and its
 * supervisor (systemd, Kubernetes, Docker's restart policy) starts it again, the same as after a
 * crash; a process that waited would look alive while it answers nothing.
 */
export function startFailure(error: unknown): string {
  if (error instanceof ConfigError) return error.message;
  if (error instanceof StoreUnavailableError)
    return `${error.message}. Check the store's address (DATABASE_URL, ESDB_URL, MONGO_URL) and that it is up; start again once it answers`;
  return String((error as Error)?.stack ?? error);
}
