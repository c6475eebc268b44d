import { Agent, request } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: any;
}

/**
 * A plain HTTP client for hostile requests: paths are sent exactly as given (percent-encodings
 * included, valid UTF-8 or not) and bodies are raw bytes, which supertest and fetch would normalise.
 */
export function rawClient(port: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const send = (
    method: string,
    path: string,
    options: { headers?: Record<string, string>; body?: string | Buffer } = {},
  ): Promise<RawResponse> =>
    new Promise((resolve, reject) => {
      const body = options.body === undefined ? undefined : Buffer.from(options.body);
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          headers: { ...(body ? { 'Content-Length': String(body.length) } : {}), ...options.headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              parsed = null;
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parsed });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}

/** Runs `work` over `items` with at most `concurrency` at once. */
export async function inPool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}
