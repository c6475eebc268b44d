import { readFileSync } from 'node:fs';

/** What the examples need: the service's address and the shop's credentials. */
export interface ExampleConfig {
  baseUrl: string;
  shopDomain: string;
  appKey: string;
  secretKey: string;
  headlessSecret: string;
  /** The commerce platform's id of a customer of the shop (the demo shop has 1001). */
  platformCustomerId: string;
  email: string;
}

/**
 * From the environment (LOYALTY_BASE_URL, LOYALTY_SHOP_DOMAIN, LOYALTY_APP_KEY, LOYALTY_SECRET_KEY,
 * LOYALTY_HEADLESS_SECRET, LOYALTY_CUSTOMER_ID, LOYALTY_CUSTOMER_EMAIL), each falling back to the
 * demo shop that `npm start` creates on the embedded store (its keys are in data/demo-shop.json).
 */
export function configFromEnvironment(env = process.env): ExampleConfig {
  const demo = readDemoShop(env.LOYALTY_DEMO_SHOP_FILE ?? 'data/demo-shop.json');
  const pick = (name: string, fallback: string | undefined): string => {
    const value = env[name] ?? fallback;
    if (!value) throw new Error(`${name} is not set and no demo shop file was found`);
    return value;
  };
  return {
    baseUrl: pick('LOYALTY_BASE_URL', 'http://localhost:3000'),
    shopDomain: pick('LOYALTY_SHOP_DOMAIN', demo?.domain),
    appKey: pick('LOYALTY_APP_KEY', demo?.appKey),
    secretKey: pick('LOYALTY_SECRET_KEY', demo?.secretKey),
    headlessSecret: pick('LOYALTY_HEADLESS_SECRET', demo?.headlessSecret),
    platformCustomerId: pick('LOYALTY_CUSTOMER_ID', '1001'),
    email: pick('LOYALTY_CUSTOMER_EMAIL', 'ada@example.com'),
  };
}

function readDemoShop(file: string): Record<string, string> | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    return undefined;
  }
}

/** Runs an example's `run` when its file is the program (`npx tsx examples/<name>.ts`), printing its result. */
export function runAsProgram<T>(module: NodeModule, run: (config: ExampleConfig) => Promise<T>): void {
  if (require.main !== module) return;
  run(configFromEnvironment()).then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}

/** An error naming the call and the service's error code, for an answer that is not 2xx. */
export function failed(call: string, error: unknown, response: Response): Error {
  // The v2 envelope nests the code (`error.code`); the webhook routes' envelope has it at the top.
  const body = error as { error?: { code?: string }; code?: string } | undefined;
  const code = body?.error?.code ?? body?.code ?? 'no error body';
  return new Error(`${call}: HTTP ${response.status} ${code}`);
}
