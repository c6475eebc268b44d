/// <reference lib="dom" />
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`); CHROMIUM_PATH names another. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

/** Where a run saves its screenshots (not committed; docs/widget.png is the one the README shows). */
export const SCREENSHOTS = join(__dirname, '..', '..', 'web', 'screenshots');

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** axe-core's serious and critical violations on the page (the widget's shadow root included). */
export async function seriousViolations(page: Page): Promise<Array<{ id: string; impact: string; help: string }>> {
  await page.addScriptTag({ content: readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: any[] }> } }).axe;
    const { violations } = await axe.run();
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help }));
  });
}

/**
 * A storefront on another origin (another loopback port): its page embeds the widget from the
 * service, and its own "server" route answers the sign-in proof by asking the service's demo route,
 * as a merchant's server would sign it.
 */
export async function foreignStorefront(service: string): Promise<{ origin: string; close(): Promise<void> }> {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another storefront</title></head>
<body><main><h1>Another storefront</h1><div data-loyalty-widget data-api="${service}" data-token-url="/proof"></div></main>
<script src="${service}/widget/loyalty-widget.js" defer></script></body></html>`;
  const server: Server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/proof') {
      fetch(`${service}/widget/demo/proof`, { method: 'POST' })
        .then(async (proof) => {
          res.writeHead(proof.status, { 'Content-Type': 'application/json' });
          res.end(await proof.text());
        })
        .catch(() => res.writeHead(502).end());
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
