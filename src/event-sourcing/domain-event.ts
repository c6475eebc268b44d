import { NewEvent, RecordedEvent } from '../infrastructure/event-store/event-store.port';

/** Every domain event is a plain object with a stored type name and its own id. */
export interface DomainEvent {
  type: string;
  eventId: string;
  occurredAt: string;
}

export function toNewEvent(event: DomainEvent, metadata: Record<string, unknown> = {}): NewEvent {
  return { id: event.eventId, type: event.type, data: event as unknown as Record<string, unknown>, metadata };
}

export function fromRecorded<E extends DomainEvent>(recorded: RecordedEvent): E {
  return { ...(recorded.data as unknown as E), type: recorded.type };
}

/** As fromRecorded, without the copy when the stored data carries its type (whole events are stored). */
export function storedEvent<E extends DomainEvent>(recorded: RecordedEvent): E {
  const data = recorded.data as unknown as E;
  return data.type === recorded.type ? data : fromRecorded<E>(recorded);
}
