import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** Prometheus metrics of one service process (one registry per app, so tests do not share counters). */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  /** Time from an event's append to its application by a projection. */
  readonly projectionLag = new Histogram({
    name: 'loyalty_projection_lag_seconds',
    help: 'Time from append to read-model visibility, per projected event',
    labelNames: ['projection'],
    buckets: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10],
    registers: [this.registry],
  });

  readonly appendConflicts = new Counter({
    name: 'loyalty_append_conflicts_total',
    help: 'Appends refused for a stale expected revision and retried',
    registers: [this.registry],
  });

  readonly eventsAppended = new Counter({
    name: 'loyalty_events_appended_total',
    help: 'Events appended by this process',
    registers: [this.registry],
  });

  /** Every HTTP answer, by method, route template (not the path: ids would explode the series) and status. */
  readonly httpRequests = new Histogram({
    name: 'loyalty_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status (the _count series counts them)',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }
}
