#!/usr/bin/env node
/**
 * node bench/upload.js (after npm run build): eight shoppers upload five 2 MB JPEGs each at the same
 * time, ROUNDS times, against the service started in its own process on a fresh embedded store (or
 * DATABASE_URL's server). Prints the latency percentiles of the uploads and the service's peak RSS
 * (VmHWM, the kernel's high-water mark of the process's resident memory). npm run bench runs it too
 * (on the embedded store), its last line of output being the JSON of the result.
 */
const { spawn } = require('node:child_process');
const { createHmac } = require('node:crypto');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const sharp = require('sharp');
const { SERVICE_NODE_FLAGS } = require('./service-flags');
const { freePort, untilHealthy } = require('./local-process');

const ROOT = join(__dirname, '..');
const CONCURRENT = Number(process.env.BENCH_UPLOADS_CONCURRENT ?? 8);
const ROUNDS = Number(process.env.BENCH_UPLOADS_ROUNDS ?? 10);
const IMAGES = 5;
/** Diagnostic: declared as GIF, so each upload is refused after its body is read and checked, before decoding. */
const BODY_ONLY = process.env.BENCH_UPLOADS_BODY_ONLY === 'true';
const IMAGE_BYTES = 2 * 1024 * 1024;
const ADMIN_TOKEN = 'bench-admin';
const PLATFORM_SECRET = 'bench-platform';

const log = (...a) => process.stderr.write(`[bench:upload] ${a.join(' ')}\n`);

async function startService(dir) {
  const port = await freePort();
  // As the Dockerfile runs it (glibc settings: see there).
  const env = {
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: '131072',
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_TOKEN,
    LOG_LEVEL: 'warn',
  };
  Object.assign(env, { PLATFORM_WEBHOOK_SECRET: PLATFORM_SECRET, DEMO_SHOP: 'false', UPLOADS_DIR: join(dir, 'up') });
  if (!process.env.DATABASE_URL) Object.assign(env, { DATABASE_URL: '', DATA_DIR: join(dir, 'data') });
  const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, join(ROOT, 'dist', 'main.js')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  return untilHealthy(base, child, 'service');
}

async function json(method, url, body, headers = {}) {
  const res = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** A JPEG of noise close to `bytes` (noise barely compresses, so its size follows its pixel count). */
async function jpegOf(bytes, seed) {
  let side = 1200;
  for (;;) {
    const raw = Buffer.alloc(side * side * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761 + seed * 97) >>> 24;
    const jpeg = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
    if (Math.abs(jpeg.length - bytes) < bytes * 0.05) return jpeg;
    side = Math.round(side * Math.sqrt(bytes / jpeg.length));
  }
}

const peakRssMb = (pid) =>
  Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);
const rssMb = (pid) =>
  Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function tokensFor(base, shop) {
  const tokens = [];
  for (let i = 0; i < CONCURRENT; i++) {
    const id = 5_000_000 + i;
    const email = `c${id}@example.com`;
    const raw = JSON.stringify({ id, email, first_name: 'Bench', last_name: String(id) });
    const signature = createHmac('sha256', PLATFORM_SECRET).update(raw).digest('base64');
    await json('POST', `${base}/platform/webhooks/customers/create`, raw, {
      'X-Platform-Shop-Domain': shop.domain,
      'X-Platform-Webhook-Id': `bench-${id}`,
      'X-Platform-Hmac-Sha256': signature,
    });
    const ts = Math.floor(Date.now() / 1000);
    const hmac = createHmac('sha256', shop.headlessSecret).update(`${id}-${email}-${ts}`).digest('hex');
    const proof = { grant_type: 'hmac', shopDomain: shop.domain, customerId: String(id), email, ts, hmac };
    tokens.push((await json('POST', `${base}/app/api/v1/headless/auth/token`, proof)).data.token);
  }
  return tokens;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-upload-'));
  const { base, child } = await startService(dir);
  try {
    const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };
    const shop = (await json('POST', `${base}/admin/api/shops`, { domain: `up-${Date.now()}.example.com` }, admin))
      .data;
    const tokens = await tokensFor(base, shop);
    const images = await Promise.all(Array.from({ length: IMAGES }, (_, i) => jpegOf(IMAGE_BYTES, i)));
    const body = JSON.stringify({
      images: images.map((b, i) => ({
        imageBase64: b.toString('base64'),
        imageName: `r${i}.jpg`,
        imageType: BODY_ONLY ? 'image/gif' : 'image/jpeg',
      })),
    });
    log(
      `${CONCURRENT} concurrent uploads of ${IMAGES} JPEGs of ${images.map((b) => (b.length / 1048576).toFixed(2)).join(', ')} MB (body ${(body.length / 1048576).toFixed(1)} MB), ${ROUNDS} rounds; service RSS before: ${rssMb(child.pid)} MB (peak ${peakRssMb(child.pid)} MB)`,
    );
    const latencies = [];
    let failed = 0;
    const started = Date.now();
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(
        tokens.map(async (token) => {
          const t0 = process.hrtime.bigint();
          const res = await fetch(`${base}/app/api/v1/headless/customer/earn/upload`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
            body,
          });
          const answer = await res.json().catch(() => null);
          const expected = BODY_ONLY ? res.status === 400 : res.status === 200 && answer?.data?.urls?.length === IMAGES;
          latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
          // Counted, not thrown: npm run bench reports failures beside the latencies.
          if (!expected) {
            failed++;
            log(`upload failed: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
          }
        }),
      );
    }
    const sorted = latencies.sort((a, b) => a - b);
    const result = {
      uploads: sorted.length,
      concurrent: CONCURRENT,
      images: IMAGES,
      imageMb: Math.round((images.reduce((sum, b) => sum + b.length, 0) / images.length / 1048576) * 100) / 100,
      failed,
      seconds: (Date.now() - started) / 1000,
      p50Ms: Math.round(percentile(sorted, 50)),
      p99Ms: Math.round(percentile(sorted, 99)),
      maxMs: Math.round(sorted[sorted.length - 1]),
      peakRssMb: peakRssMb(child.pid),
      rssAfterMb: rssMb(child.pid),
    };
    console.log(JSON.stringify(result));
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
