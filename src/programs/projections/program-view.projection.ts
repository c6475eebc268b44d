import { Injectable } from '@nestjs/common';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { Projection } from '../../projections/projection';
import { ProjectionBatch } from '../../projections/projection-batch';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { assertNever } from '../../shared/domain/decider';
import { ProgramEvent, ProgramEventType as T } from '../domain/program-events';
import { ProgramDoc, PROGRAMS } from './program-read-models';
import { ProgramCatalog } from '../program-catalog';

@Injectable()
export class ProgramViewProjection implements Projection {
  readonly name = 'programs_v2';
  readonly collections = [PROGRAMS];

  constructor(private readonly catalog: ProgramCatalog) {}

  handles(eventType: string): boolean {
    return (Object.values(T) as string[]).includes(eventType);
  }

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const programs = batch.collection<ProgramDoc>(PROGRAMS);
    for (const recorded of events) {
      const e = fromRecorded<ProgramEvent>(recorded);
      const revision = recorded.revision.toString();
      const doc = await programs.get(e.programId);
      if (doc && BigInt(doc.streamRevision) >= recorded.revision) continue;
      switch (e.type) {
        case T.Created:
          programs.put({
            ...e.settings,
            id: e.programId,
            shopId: e.shopId,
            kind: e.kind,
            event: e.event,
            numericId: Number(recorded.revision) + 1,
            createdAt: e.occurredAt,
            updatedAt: e.occurredAt,
            streamRevision: revision,
          });
          break;
        case T.Updated:
          if (doc) programs.put({ ...doc, ...e.changes, updatedAt: e.occurredAt, streamRevision: revision });
          break;
        case T.Deleted:
          programs.delete(e.programId);
          break;
        default:
          assertNever(e);
      }
      batch.onCommit(() => this.catalog.invalidate(e.shopId));
    }
  }
}
