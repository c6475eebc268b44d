/** The Node flags the service runs with (see service-flags.js). */
export const SERVICE_NODE_FLAGS: string[];
