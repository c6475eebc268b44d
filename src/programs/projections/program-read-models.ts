import { CollectionDefinition } from '../../infrastructure/read-store/read-store.port';
import { ProgramKind, ProgramSettings } from '../domain/program-events';

export interface ProgramDoc extends ProgramSettings {
  id: string;
  shopId: string;
  kind: ProgramKind;
  event: string;
  /**
   * The program's number in its shop: its position in the shop's program log plus one (so stable,
   * never reused, the same on every rebuild). Spec 4.4 v1 names programs by number (`earningId`).
   */
  numericId: number;
  createdAt: string;
  updatedAt: string;
  streamRevision: string;
}

/** v2: numericId. v3: a spending program's reward typed (older shapes upcast on read, issue 26). */
export const PROGRAMS: CollectionDefinition = { name: 'programs_v3', indexes: [['shopId', 'kind']] };
