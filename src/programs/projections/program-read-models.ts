import { CollectionDefinition } from '../../infrastructure/read-store/read-store.port';
import { ProgramKind, ProgramSettings } from '../domain/program-events';

export interface ProgramDoc extends ProgramSettings {
  id: string;
  shopId: string;
  kind: ProgramKind;
  event: string;
  createdAt: string;
  updatedAt: string;
  streamRevision: string;
}

export const PROGRAMS: CollectionDefinition = { name: 'programs_v1', indexes: [['shopId', 'kind']] };
