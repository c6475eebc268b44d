import { lookup } from 'node:dns/promises';
import { HostResolver } from './host-resolver.port';

const TIMEOUT_MS = 5000;

/** The operating system's resolver (getaddrinfo: /etc/hosts, then DNS), bounded in time. */
export const systemHostResolver: HostResolver = {
  async resolve(host: string): Promise<string[]> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`resolving ${host} took more than ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    });
    try {
      const answers = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
      return answers.map((a) => a.address);
    } finally {
      clearTimeout(timer);
    }
  },
};
