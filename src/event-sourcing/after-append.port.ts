import { GlobalPosition } from '../infrastructure/event-store/event-store.port';

/**
 * What happens once a command's events are stored and before its caller gets the decision: the read
 * side's business (ReadYourWrites waits for the read models, or lets the requests after it wait),
 * so the runner knows nothing of read models.
 */
export abstract class AfterAppend {
  abstract appended(position: GlobalPosition): Promise<void>;
}
