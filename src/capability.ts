import { Provider, Type } from '@nestjs/common';
import { Projection } from './projections/projection';
import { AppConfig } from './config/app-config';

/**
 * Work a capability runs in the background while the service follows the log (not in CLI runs):
 * started in the capabilities' order once the projections run, stopped in the reverse order (the
 * last started first), then the projections.
 */
export interface BackgroundWork<T = any> {
  type: Type<T>;
  start(instance: T, config: AppConfig): void | Promise<void>;
  stop(instance: T): void | Promise<void>;
}

/** A scheduler run every `everyMs(config)` milliseconds (0: never). */
export function scheduled<T extends { start(everyMs: number): void; stop(): void }>(
  type: Type<T>,
  everyMs: (config: AppConfig) => number,
): BackgroundWork<T> {
  return {
    type,
    start: (job, config) => {
      if (everyMs(config) > 0) job.start(everyMs(config));
    },
    stop: (job) => job.stop(),
  };
}

/** A worker or feed reader of its own loop, started when `enabled(config)` (always when absent). */
export function worker<T extends { start(): void | Promise<void>; stop(): void | Promise<void> }>(
  type: Type<T>,
  enabled: (config: AppConfig) => boolean = () => true,
): BackgroundWork<T> {
  return {
    type,
    start: async (instance, config) => {
      if (enabled(config)) await instance.start();
    },
    stop: (instance) => instance.stop(),
  };
}

/** What one capability folder contributes to the application module. */
export interface Capability {
  providers: Provider[];
  projections: Type<Projection>[];
  controllers: Type<unknown>[];
  /** Its schedulers and workers (each also among `providers`). */
  background?: BackgroundWork[];
}
