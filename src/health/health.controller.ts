import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { EVENT_STORE, EventStore } from '../infrastructure/event-store/event-store.port';
import { READ_STORE, ReadStore } from '../infrastructure/read-store/read-store.port';
import { ProjectionRunner } from '../projections/projection-runner';

/** Lag above this many milliseconds makes the service not ready. */
const MAX_READY_LAG_MS = 30_000;

@ApiTags('operations')
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly projections: ProjectionRunner,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  /** Liveness: the process answers. No I/O (it is also the benchmark's ceiling route). */
  @Get('health')
  @ApiOperation({ summary: 'Liveness (no I/O)' })
  live() {
    return { status: 'ok' };
  }

  /** Readiness: both stores answer and the read models are not far behind the log. */
  @Get('ready')
  @HealthCheck()
  @ApiOperation({ summary: 'Readiness: stores reachable, projection lag' })
  ready() {
    return this.health.check([
      () => this.probe('eventStore', () => this.eventStore.ping()),
      () => this.probe('readStore', () => this.readStore.ping()),
      async () => {
        const indicator = this.indicators.check('projections');
        const lag = await this.projections.lag();
        const details = { behind: lag.behind, lagMs: lag.oldestPendingMs, projections: this.projections.names };
        return lag.oldestPendingMs <= MAX_READY_LAG_MS ? indicator.up(details) : indicator.down(details);
      },
    ]);
  }

  private async probe(key: string, ping: () => Promise<void>) {
    const indicator = this.indicators.check(key);
    try {
      await ping();
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    }
  }
}
