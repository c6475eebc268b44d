/**
 * Processes the benchmarks start on this machine: a free loopback port, and a child process
 * awaited until its `GET /health` answers (`tries` times 100 ms at most; killed if it never does).
 */
const net = require('node:net');

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves with `{ base, child }` once `base`'s /health answers; `what` names it if it never does. */
async function untilHealthy(base, child, what, tries = 300) {
  for (let i = 0; i < tries; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return { base, child };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`${what} did not start`);
}

module.exports = { freePort, untilHealthy };
