/** A place in the global feed ("$all"), as EventStoreDB orders it. */
export interface GlobalPosition {
  commit: bigint;
  prepare: bigint;
}

/** An event as the store recorded it: what projections, folds and the audit read. */
export interface RecordedEvent<Data = Record<string, unknown>> {
  id: string;
  streamId: string;
  /** 0-based position of the event inside its stream. */
  revision: bigint;
  position: GlobalPosition;
  type: string;
  data: Data;
  metadata: Record<string, unknown>;
  /** When the store recorded it (business time is in the event data as occurredAt). */
  recordedAt: Date;
}

export function positionToString(p: GlobalPosition | null): string | null {
  return p ? `${p.commit}/${p.prepare}` : null;
}
