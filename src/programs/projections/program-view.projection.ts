import { Injectable } from '@nestjs/common';
import { DocumentProjection, DocumentProjectionSpec } from '../../projections/stream-documents';
import { ByType } from '../../shared/domain/decider';
import { ProgramEvent, ProgramEventType as T } from '../domain/program-events';
import { ProgramDoc, PROGRAMS } from './program-read-models';
import { ProgramCatalog } from '../program-catalog';
import { upcastCreated, upcastUpdated } from '../domain/program-upcast';

/** A reward recorded in an older shape is read as the typed rule (the decider reads it the same way). */
export const PROGRAM_VIEW: DocumentProjectionSpec<ByType<ProgramEvent>, ProgramDoc> = {
  name: 'programs_v3',
  documents: PROGRAMS,
  documentId: (e) => e.programId,
  handlers: {
    [T.Created]: (_doc, event, { recorded, stamp }) => {
      const e = upcastCreated(event);
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
    },
    [T.Updated]: (doc, event, { stamp }) => {
      const e = upcastUpdated(event, () => doc?.event);
      return doc && { ...doc, ...e.changes, ...stamp };
    },
    [T.Deleted]: () => 'deleted',
  },
};

@Injectable()
export class ProgramViewProjection extends DocumentProjection<ByType<ProgramEvent>, ProgramDoc> {
  constructor(catalog: ProgramCatalog) {
    super(PROGRAM_VIEW, catalog);
  }
}
