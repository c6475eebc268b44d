import { Injectable, Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';

/**
 * The management API's own route handlers, for the console's endpoints to call with the session's
 * shop: one source of truth for every rule, answer and error (the console adds no logic of its own).
 */
@Injectable()
export class ManagementHandlers {
  constructor(private readonly moduleRef: ModuleRef) {}

  of<T>(type: Type<T>): T {
    return this.moduleRef.get(type, { strict: false });
  }
}
