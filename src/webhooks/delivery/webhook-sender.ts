import { Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { AppConfig } from '../../config/app-config';
import { checkWebhookUrl, isLoopbackAddress, refusedAddress } from '../domain/webhook-url';

export const SIGNATURE_HEADER = 'X-Svc-Loyalty-Hmac-Sha256';

export interface SendResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export function sign(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/**
 * Sends one delivery: POST of the stored JSON body, signed with the shop's secret key. The host is
 * resolved here and every address is checked again (a name that resolved to a public address at
 * registration may point inside later); the connection goes to the address that was checked.
 */
@Injectable()
export class WebhookSender {
  constructor(private readonly config: AppConfig) {}

  async send(input: {
    url: string;
    body: string;
    secret: string;
    deliveryId: string;
    topic: string;
    shopId: string;
  }): Promise<SendResult> {
    const started = Date.now();
    const policy = { allowLoopbackHttp: this.config.webhooks.allowLoopback };
    const verdict = checkWebhookUrl(input.url, policy);
    if (!verdict.ok) return { statusCode: null, error: `refused: ${verdict.reason}`, durationMs: 0 };
    const url = verdict.url;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let address: string;
    let family: number;
    try {
      const resolved = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
      for (const r of resolved) {
        const loopbackAllowed = isLoopbackAddress(r.address) && policy.allowLoopbackHttp;
        const refused = loopbackAllowed ? null : refusedAddress(r.address);
        if (refused)
          return {
            statusCode: null,
            error: `refused: ${host} resolves to a ${refused} address`,
            durationMs: Date.now() - started,
          };
      }
      ({ address, family } = resolved[0]);
    } catch (error) {
      return { statusCode: null, error: `dns: ${(error as Error).message}`, durationMs: Date.now() - started };
    }
    const timestamp = new Date().toISOString();
    const headers = {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(input.body).toString(),
      'User-Agent': 'loyalty-points-service-webhooks/1',
      [SIGNATURE_HEADER]: sign(input.body, input.secret),
      'X-Svc-Loyalty-Delivery-Id': input.deliveryId,
      'X-Svc-Loyalty-Timestamp': timestamp,
      'X-Svc-Loyalty-Topic': input.topic,
      'X-Svc-Loyalty-Shop-Id': input.shopId,
    };
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
          // Connect to the address checked above, never to a second resolution of the name.
          lookup: (_hostname, _options, callback) => callback(null, address, family),
        },
        (res) => {
          res.resume();
          res.on('end', () => done({ statusCode: res.statusCode ?? null, error: null }));
          res.on('error', (error) => done({ statusCode: res.statusCode ?? null, error: error.message }));
        },
      );
      req.on('timeout', () => {
        req.destroy(new Error(`timed out after ${this.config.webhooks.timeoutMs} ms`));
      });
      req.on('error', (error) => done({ statusCode: null, error: error.message }));
      req.end(input.body);
    });
  }
}
