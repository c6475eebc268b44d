import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const MAIN = join(ROOT, 'dist', 'main.js');

/** A service process as an operator runs it (`node dist/main.js`), on a loopback port of its own. */
export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  /** What it wrote to stdout and stderr so far. */
  output(): string;
  /** Still running (it did not exit, whatever the reason). */
  alive(): boolean;
  stop(): Promise<void>;
}

/** A TCP port free on the loopback address now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built service (dist/, made by `npm run build`) with `env` on top of this process's
 * environment, and resolves once it answers /health (rejects if it exits first or takes over 60 s).
 */
export async function startServiceProcess(env: Record<string, string>): Promise<ServiceProcess> {
  if (!existsSync(MAIN)) throw new Error('dist/ is missing: run `npm run build` (npm install does it)');
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const service: ServiceProcess = {
    url,
    child,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: async () => {
      if (!service.alive()) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!service.alive()) throw new Error(`the service exited at start:\n${output}`);
    const healthy = await fetch(`${url}/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) return service;
    if (Date.now() > deadline) {
      await service.stop();
      throw new Error(`the service did not answer /health within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
