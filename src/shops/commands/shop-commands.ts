import { Injectable } from '@nestjs/common';
import { TierNamingStreamCommands } from '../../event-sourcing/shop-stream-commands';
import { ShopCommand, shopDecider, ShopState } from '../domain/shop.decider';
import { ShopEvent, shopStreamId } from '../domain/shop-events';

/** Runs a command on a shop's own stream (provisioning, secrets' audit events, settings). */
@Injectable()
export class ShopCommands extends TierNamingStreamCommands<ShopState, ShopCommand, ShopEvent> {
  protected readonly decider = shopDecider;
  protected streamId = shopStreamId;
}
