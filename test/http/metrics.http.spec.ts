import { scenario } from '../support/scenario';

/** GET /metrics: HTTP requests by route template and status, and the webhook backlog. */
describe('metrics', () => {
  // No delivery worker: what the projector queues stays pending, so the backlog is what was queued.
  const s = scenario({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_WORKER: 'false' } });

  const scrape = async () => (await s.t.http().get('/metrics').expect(200)).text;
  const sample = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };
  const eventually = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
  };

  it('counts and times answers by method, route template and status (ids do not make series)', async () => {
    const before = await scrape();
    const ok =
      'loyalty_http_request_duration_seconds_count{method="GET",route="/rest_api/v2/customers/external/:platformCustomerId",status="200"}';
    const missing =
      'loyalty_http_request_duration_seconds_count{method="GET",route="/rest_api/v2/customers/external/:platformCustomerId",status="404"}';
    await s.enrol(8101);
    await s.enrol(8102);
    await s.get('/customers/external/8101').expect(200);
    await s.get('/customers/external/8102').expect(200);
    await s.get('/customers/external/8199').expect(404);
    await s.t.http().get('/no/such/route').expect(404);
    const after = await scrape();
    expect((sample(after, ok) ?? 0) - (sample(before, ok) ?? 0)).toBe(2);
    expect((sample(after, missing) ?? 0) - (sample(before, missing) ?? 0)).toBe(1);
    expect(
      sample(after, 'loyalty_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('route="/rest_api/v2/customers/external/8101"');
    expect(after).toContain('loyalty_http_request_duration_seconds_bucket{le="0.005",method="GET"');
  });

  it('shows the webhook backlog: pending deliveries and the age of the oldest', async () => {
    const pending = async () => sample(await scrape(), 'loyalty_webhook_backlog_deliveries') ?? -1;
    const start = await pending();
    expect(start).toBeGreaterThanOrEqual(0);
    await s.subscribe('points/earned', 'http://127.0.0.1:9/hook');
    await s.enrol(8201);
    await s.award(8201, 10);
    await s.award(8201, 20);
    await eventually(async () => (await pending()) >= start + 2);
    expect(await pending()).toBe(start + 2);
    const age = sample(await scrape(), 'loyalty_webhook_backlog_oldest_seconds');
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(600);
  });
});
