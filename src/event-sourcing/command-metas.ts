import { Inject, Injectable } from '@nestjs/common';
import { CommandMeta } from '../shared/domain/command-meta';
import { CLOCK, Clock, ID_GENERATOR, IdGenerator } from '../shared/domain/clock';

/** Builds every command's meta from the injected clock and id source (the one place commands get time and ids). */
@Injectable()
export class CommandMetas {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  /** The meta of a command on one of the shop's streams, decided now. */
  for(shopId: string): CommandMeta {
    return { shopId, occurredAt: this.clock.now().toISOString(), newId: () => this.ids.next() };
  }

  /** A new id for what a command creates (a tier, a program, a webhook). */
  newId(): string {
    return this.ids.next();
  }
}
