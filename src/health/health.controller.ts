import { Controller, Get, Inject, Res, ServiceUnavailableException } from '@nestjs/common';
import { Response } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { STORAGE, Storage } from '../infrastructure/storage';
import { ProjectionRunner } from '../projections/projection-runner';
import { ApiPlain } from '../shared/http/openapi/responses';
import { object, oneOf } from '../shared/http/openapi/schema';
import { ApiPublic } from '../shared/http/openapi/security';

/** Lag above this many milliseconds makes the service not ready. */
const MAX_READY_LAG_MS = 30_000;

@ApiTags('operations')
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly projections: ProjectionRunner,
    @Inject(STORAGE) private readonly storage: Storage,
  ) {}

  /** Liveness: the process answers. No I/O (it is also the benchmark's ceiling route). */
  @Get('health')
  @ApiOperation({ summary: 'Liveness (no I/O)' })
  @ApiPlain(object({ status: oneOf('ok') }))
  @ApiPublic()
  live() {
    return { status: 'ok' };
  }

  /**
   * Readiness: every store of the combination answers and the read models are not far behind the
   * log. Not ready is 503 with the same body, so an operator sees which store is down.
   */
  @Get('ready')
  @HealthCheck()
  @ApiOperation({ summary: 'Readiness: stores reachable, projection lag' })
  @ApiPublic()
  async ready(@Res({ passthrough: true }) res: Response) {
    try {
      return await this.health.check([
        ...this.storage.probes.map((store) => () => this.probe(store.name, () => store.ping())),
        async () => {
          const indicator = this.indicators.check('projections');
          try {
            const lag = await this.projections.lag();
            const details = { behind: lag.behind, lagMs: lag.oldestPendingMs, projections: this.projections.names };
            return lag.oldestPendingMs <= MAX_READY_LAG_MS ? indicator.up(details) : indicator.down(details);
          } catch (error) {
            return indicator.down({ message: (error as Error).message });
          }
        },
      ]);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      res.status(503);
      return error.getResponse();
    }
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
