import { Injectable } from '@nestjs/common';
import { GlobalPosition } from '../infrastructure/event-store/event-store.port';

/**
 * Tells this process's feed readers (projections, webhook projector) that an event was appended, and
 * where, so they look now instead of at their next poll.
 */
@Injectable()
export class AppendSignal {
  private readonly listeners: Array<(position: GlobalPosition) => void> = [];

  subscribe(listener: (position: GlobalPosition) => void): void {
    this.listeners.push(listener);
  }

  notify(position: GlobalPosition): void {
    for (const listener of this.listeners) listener(position);
  }
}
