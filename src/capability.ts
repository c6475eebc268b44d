import { Provider, Type } from '@nestjs/common';
import { Projection } from './projections/projection';

/** What one capability folder contributes to the application module. */
export interface Capability {
  providers: Provider[];
  projections: Type<Projection>[];
  controllers: Type<unknown>[];
}
