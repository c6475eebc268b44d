import type { NextFunction, Request, Response } from 'express';
import { Metrics } from './metrics';

/**
 * Times every answer and counts it by route template (`/rest_api/v2/customers/:id`), so a scrape
 * shows rate, errors and latency per endpoint. Requests that matched no route share one label.
 */
export function httpMetrics(metrics: Metrics) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const route = req.route?.path ? `${req.baseUrl ?? ''}${String(req.route.path)}` : 'unmatched';
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.httpRequests.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
    });
    next();
  };
}
