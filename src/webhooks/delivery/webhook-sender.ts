import { Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { AppConfig } from '../../config/app-config';
import { WebhookUrlGuard } from './webhook-url-guard';

export const SIGNATURE_HEADER = 'X-Svc-Loyalty-Hmac-Sha256';

export interface SendResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export function sign(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

export interface OutgoingDelivery {
  url: string;
  body: string;
  secret: string;
  deliveryId: string;
  topic: string;
  shopId: string;
}

function deliveryHeaders(input: OutgoingDelivery): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(input.body).toString(),
    'User-Agent': 'loyalty-points-service-webhooks/1',
    [SIGNATURE_HEADER]: sign(input.body, input.secret),
    'X-Svc-Loyalty-Delivery-Id': input.deliveryId,
    'X-Svc-Loyalty-Timestamp': new Date().toISOString(),
    'X-Svc-Loyalty-Topic': input.topic,
    'X-Svc-Loyalty-Shop-Id': input.shopId,
  };
}

/** A lookup that answers only `address` (checked): Node never resolves the name a second time. */
function pinnedLookup(address: string, family: number): LookupFunction {
  return (_hostname, options, callback) =>
    (options as { all?: boolean }).all
      ? (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
          { address, family },
        ])
      : callback(null, address, family);
}

/**
 * Sends one delivery: POST of the stored JSON body, signed with the shop's secret key. The URL
 * policy runs again and the host is resolved here, every address checked (a name that resolved to
 * a public address at registration may point inside later); the connection goes to the address
 * that was checked (no second resolution), and the address the socket is about to connect to and
 * did connect to are checked once more before a byte of the request is written.
 */
@Injectable()
export class WebhookSender {
  constructor(
    private readonly config: AppConfig,
    private readonly guard: WebhookUrlGuard,
  ) {}

  async send(input: OutgoingDelivery): Promise<SendResult> {
    const started = Date.now();
    const guarded = await this.guard.check(input.url);
    if (!guarded.ok)
      return {
        statusCode: null,
        error: `${guarded.dns ? 'dns' : 'refused'}: ${guarded.reason}`,
        durationMs: Date.now() - started,
      };
    const { url, addresses } = guarded;
    const address = addresses[0];
    const family = isIP(address);
    const headers = deliveryHeaders(input);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<SendResult>((resolve) => {
      let settled = false;
      const done = (result: Omit<SendResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        resolve({ ...result, durationMs: Date.now() - started });
      };
      const req = send(
        url,
        {
          method: 'POST',
          headers,
          timeout: this.config.webhooks.timeoutMs,
          // One address family, so that Node connects to exactly the address the lookup answers.
          family,
          // Connect to the address checked above, never to a second resolution of the name.
          lookup: pinnedLookup(address, family),
        },
        (res) => {
          res.resume();
          res.on('end', () => done({ statusCode: res.statusCode ?? null, error: null }));
          res.on('error', (error) => done({ statusCode: res.statusCode ?? null, error: error.message }));
        },
      );
      req.on('socket', (socket) => {
        const refuse = (reason: string | null) => {
          if (reason) req.destroy(new Error(`refused: ${reason}`));
        };
        // A kept-alive socket was checked when it connected.
        if (!socket.connecting) return;
        // Before connecting (names): the address the socket is about to connect to.
        const beforeConnect = (_error: Error | null, ip: string) => refuse(ip ? this.guard.checkConnected(ip) : null);
        socket.once('lookup', beforeConnect);
        // After connecting: the peer address itself, the last word (proxies, odd resolvers).
        socket.once('connect', () => {
          socket.off('lookup', beforeConnect);
          refuse(this.guard.checkConnected(socket.remoteAddress ?? ''));
        });
      });
      req.on('timeout', () => {
        req.destroy(new Error(`timed out after ${this.config.webhooks.timeoutMs} ms`));
      });
      req.on('error', (error) => done({ statusCode: null, error: error.message }));
      req.end(input.body);
    });
  }
}
