/**
 * A merchant's webhook receiver: verify each delivery's signature over the raw bytes before trusting
 * it, answer 2xx quickly, and treat the delivery id as the key of work done once (deliveries are
 * retried, so the same one can arrive twice). Registers itself for `points/earned`, awards points,
 * and waits for the delivery.
 *   npm run examples:build && node examples/dist/examples/webhook-receiver.js
 */
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { shopClient, verifyWebhookSignature, WEBHOOK_HEADERS } from '../clients/typescript/src';
import { ExampleConfig, failed, runAsProgram } from './config';

export interface Delivery {
  deliveryId: string;
  topic: string;
  body: Record<string, unknown>;
}

/** A receiver on loopback that keeps verified deliveries (once per delivery id) and refuses the rest. */
export async function startReceiver(secretKey: string, onDelivery: (d: Delivery) => void) {
  const seen = new Set<string>();
  const server: Server = createServer((req, res) => {
    readRaw(req).then(
      (raw) => {
        if (!verifyWebhookSignature(raw, req.headers[WEBHOOK_HEADERS.signature], secretKey)) {
          res.writeHead(401).end();
          return;
        }
        const deliveryId = String(req.headers[WEBHOOK_HEADERS.deliveryId]);
        if (!seen.has(deliveryId)) {
          seen.add(deliveryId);
          onDelivery({
            deliveryId,
            topic: String(req.headers[WEBHOOK_HEADERS.topic]),
            body: JSON.parse(raw.toString('utf8')),
          });
        }
        res.writeHead(200).end();
      },
      () => res.writeHead(400).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/loyalty`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readRaw(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req
      .on('data', (c: Buffer) => chunks.push(c))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });
}

export async function run(config: ExampleConfig, timeoutMs = 30_000) {
  const api = shopClient(config.baseUrl, config);
  let resolveDelivery: (d: Delivery) => void = () => undefined;
  const delivered = new Promise<Delivery>((resolve) => (resolveDelivery = resolve));
  const receiver = await startReceiver(config.secretKey, (d) => resolveDelivery(d));
  let webhookId: string | undefined;
  try {
    const created = await api.POST('/app/api/v1/webhooks', { body: { topic: 'points/earned', url: receiver.url } });
    if (!created.data) throw failed('register webhook', created.error, created.response);
    webhookId = created.data.webhook.id;
    const award = await api.POST('/rest_api/v2/transactions/points/award', {
      body: { platformCustomerId: config.platformCustomerId, point: 25, reason: 'example: webhook' },
    });
    if (!award.data) throw failed('award', award.error, award.response);
    const delivery = await withTimeout(delivered, timeoutMs, 'no delivery arrived');
    return { webhookId, awardedTransactionId: award.data.meta.transactionId, delivery };
  } finally {
    if (webhookId) await api.DELETE('/app/api/v1/webhooks/{id}', { params: { path: { id: webhookId } } });
    await receiver.close();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

runAsProgram(module, run);
