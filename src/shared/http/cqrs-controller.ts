import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';

/**
 * The base of a controller that needs nothing but the CQRS buses: its routes send commands
 * (`this.commands`) and ask queries (`this.queries`), and it declares no constructor of its own.
 */
@Injectable()
export abstract class CqrsController {
  constructor(
    protected readonly commands: CommandBus,
    protected readonly queries: QueryBus,
  ) {}
}
