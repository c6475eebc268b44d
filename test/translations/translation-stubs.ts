import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import request from 'supertest';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { auth, TestApp } from '../support/test-app';
import { waitUntil } from '../support/receiver';

export interface TranslateCall {
  q: string[];
  source: string;
  target: string;
  format: string;
  api_key?: string;
}

/**
 * A LibreTranslate-compatible server on loopback: POST /translate with q (array), source, target,
 * format, api_key; answers translatedText in order. It "translates" by prefixing every text node
 * with the target (`SV:`) and keeps markup, as a real HTML-aware translator does. `respond` can
 * replace an answer (outage, refusal, a translation that lost its markers).
 */
export async function startTranslateStub(
  options: {
    apiKey?: string;
    /** Answer after this long (keeps a job running while other workers poll). */
    delayMs?: number;
    respond?: (call: TranslateCall, n: number) => { status: number; body: unknown } | null;
  } = {},
) {
  const calls: TranslateCall[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => void setTimeout(answer, options.delayMs ?? 0));
    const answer = () => {
      const send = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method !== 'POST' || req.url !== '/translate') return send(404, { error: 'Not Found' });
      const call = JSON.parse(raw) as TranslateCall;
      calls.push(call);
      if (options.apiKey && call.api_key !== options.apiKey) return send(403, { error: 'Invalid API key' });
      const custom = options.respond?.(call, calls.length);
      if (custom) return send(custom.status, custom.body);
      const prefix = `${call.target.toUpperCase()}:`;
      const translate = (text: string) =>
        call.format === 'html' ? text.replace(/(^|>)([^<]*\p{L}[^<]*)(?=<|$)/gu, `$1${prefix}$2`) : `${prefix}${text}`;
      send(200, { translatedText: call.q.map(translate) });
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** GET /translations of a shop (data and meta). */
export async function translations(t: TestApp, shop: ProvisionedShop, app = t.app) {
  const response = await request(app.getHttpServer()).get('/rest_api/v2/translations').set(auth(shop)).expect(200);
  return response.body as { data: Record<string, any>; meta: { jobs: any[] } };
}

/** Waits until every job of the shop has finished (done or failed) and returns them. */
export async function settledJobs(t: TestApp, shop: ProvisionedShop, timeoutMs = 45_000) {
  let jobs: any[] = [];
  await waitUntil(
    async () => {
      jobs = (await translations(t, shop)).meta.jobs;
      return jobs.length > 0 && jobs.every((j) => j.status === 'done' || j.status === 'failed');
    },
    timeoutMs,
    'translation jobs to settle',
  );
  return jobs;
}
