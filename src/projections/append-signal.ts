import { Injectable } from '@nestjs/common';

/** Tells this process's feed readers (projections, webhook projector) that an event was appended, so they look now instead of at their next poll. */
@Injectable()
export class AppendSignal {
  private readonly listeners: Array<() => void> = [];

  subscribe(listener: () => void): void {
    this.listeners.push(listener);
  }

  notify(): void {
    for (const listener of this.listeners) listener();
  }
}
