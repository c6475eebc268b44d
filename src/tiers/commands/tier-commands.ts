import { Injectable } from '@nestjs/common';
import { ShopStreamCommands } from '../../event-sourcing/shop-stream-commands';
import { tierLadder, TierCommand, TierLadderState } from '../domain/tier-ladder.decider';
import { TierEvent, tierStreamId } from '../domain/tier-events';

/** Runs a command on a shop's tier ladder stream. */
@Injectable()
export class TierLadderCommands extends ShopStreamCommands<TierLadderState, TierCommand, TierEvent> {
  protected readonly decider = tierLadder;
  protected streamId = tierStreamId;
}
