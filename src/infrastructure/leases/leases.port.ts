export const LEASES = Symbol('LEASES');

/**
 * Work that only one process of a deployment may do at a time. A process holds a named lease from
 * when `holds` first answers true until the process ends or loses its connection to the database the
 * deployment shares; then another process's next `holds` takes it.
 */
export interface Leases {
  /** Whether this process holds the lease now, taking it when it is free. */
  holds(name: string): Promise<boolean>;
  close(): Promise<void>;
}

/** The embedded store admits one process (its data directory is locked): that process holds every lease. */
export class SingleProcessLeases implements Leases {
  holds(): Promise<boolean> {
    return Promise.resolve(true);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
