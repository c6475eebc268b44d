/** What a verification reports: differences as it finds them, progress, and its summary. */

/** One way a read-model document is not what the log gives. */
export interface Difference {
  collection: string;
  documentId: string;
  shopId: string;
  customerId: string | null;
  /** `field`: a value differs; `missing`: the log has it, the read model not; `unexplained`: no event explains the document. */
  problem: 'field' | 'missing' | 'unexplained';
  field?: string;
  readModel?: unknown;
  log?: unknown;
}

export interface VerifyProgress {
  streams: number;
  events: number;
  /** Customer documents at the start: about how many streams there are. */
  expectedStreams: number;
}

export interface VerifySummary {
  shopId: string | null;
  streams: number;
  events: number;
  documents: { customers: number; transactions: number; rewards: number; liabilityDays: number };
  differences: number;
  /** Streams with events written during the run that their read models had not applied yet (not compared). */
  inFlight: number;
  ms: number;
  eventsPerSecond: number;
}
