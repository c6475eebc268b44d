import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';

export interface StubContribution {
  headers: IncomingMessage['headers'];
  body: { id: string; shop: string; customer: string; provider: string; unit: string; quantity: number };
}

/**
 * An impact provider on loopback speaking the adapter's JSON REST protocol. `answer` sets what the
 * next contributions get (an HTTP status and body); `totalsDown` makes the totals unreachable (503).
 */
export class ImpactProviderStub {
  readonly contributions: StubContribution[] = [];
  readonly totalsCalls: Array<{ path: string; headers: IncomingMessage['headers'] }> = [];
  answer: { http: number; body: unknown } = { http: 201, body: { status: 'confirmed' } };
  totalsDown = false;
  totals: { trees: number; plasticBottles: number } | null = null;
  private server: Server | null = null;

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => this.handle(req, raw, res));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private handle(req: IncomingMessage, raw: string, res: import('node:http').ServerResponse) {
    const send = (http: number, body: unknown) => {
      res.writeHead(http, { 'Content-Type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (req.method === 'POST' && req.url === '/v1/contributions') {
      this.contributions.push({ headers: req.headers, body: JSON.parse(raw) });
      return send(this.answer.http, this.answer.body);
    }
    const totals = /^\/v1\/customers\/([^/]+)\/totals\?shop=(.+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && totals) {
      this.totalsCalls.push({ path: req.url!, headers: req.headers });
      if (this.totalsDown) return send(503, { error: 'maintenance' });
      return send(200, this.totals ?? this.sumFor(decodeURIComponent(totals[1])));
    }
    send(404, { error: 'not found' });
  }

  private sumFor(customer: string) {
    const mine = this.contributions.filter((c) => c.body.customer === customer);
    const sum = (unit: string) => mine.filter((c) => c.body.unit === unit).reduce((n, c) => n + c.body.quantity, 0);
    return { trees: sum('trees'), plasticBottles: sum('plastic_bottles') };
  }
}
