import { Injectable } from '@nestjs/common';
import { DocumentChange, StreamDocumentsProjection, UnappliedEvent } from '../../projections/stream-documents';
import { assertNever } from '../../shared/domain/decider';
import { ProgramEvent, ProgramEventType as T } from '../domain/program-events';
import { ProgramDoc, PROGRAMS } from './program-read-models';
import { ProgramCatalog } from '../program-catalog';
import { upcastProgramEvent } from '../domain/program-upcast';

@Injectable()
export class ProgramViewProjection extends StreamDocumentsProjection<ProgramEvent, ProgramDoc> {
  readonly name = 'programs_v3';

  constructor(catalog: ProgramCatalog) {
    super(PROGRAMS, T, (e) => e.programId, catalog);
  }

  protected change({
    event,
    recorded,
    doc,
    stamp,
  }: UnappliedEvent<ProgramEvent, ProgramDoc>): DocumentChange<ProgramDoc> {
    // A reward recorded in an older shape is read as the typed rule (the decider reads it the same way).
    const e = upcastProgramEvent(event, () => doc?.event);
    switch (e.type) {
      case T.Created:
        // The program's own fields first and its settings spread after them (settings never hold one of
        // them): on V8 a spread followed by new keys builds a hidden class per document.
        return {
          id: e.programId,
          shopId: e.shopId,
          kind: e.kind,
          event: e.event,
          numericId: Number(recorded.revision) + 1,
          createdAt: e.occurredAt,
          ...e.settings,
          ...stamp,
        };
      case T.Updated:
        return doc && { ...doc, ...e.changes, ...stamp };
      case T.Deleted:
        return 'deleted';
      default:
        return assertNever(e);
    }
  }
}
