import { because } from '../../../shared/domain/domain-error';
import { CommandMeta } from '../../customer-stream';
import { EnrolledCustomer } from '../../customer-state';
import { AlphaPassCleared, AlphaPassCreated, alphaPassCleared, alphaPassCreated } from '../../customer-events';

/** A signed alpha pass was generated and stored under `passKey` (before this decision): put it on file. */
export interface RecordAlphaPass {
  type: 'RecordAlphaPass';
  meta: CommandMeta;
  passKey: string;
  url: string;
  qrUrl: string;
}

/** Verify found no document under `passKey`: clear the pass fields, if that pass is still the one on file. */
export interface ClearAlphaPass {
  type: 'ClearAlphaPass';
  meta: CommandMeta;
  passKey: string;
}

export type WalletPassCommand = RecordAlphaPass | ClearAlphaPass;

/** A card is for an enrolled customer who is not an opt-in guest (one who left may keep theirs). */
export function requireCardHolder(state: EnrolledCustomer): void {
  if (state.membership === 'guest') throw because.notEligible('Join the loyalty program first');
}

export function decideRecordAlphaPass(command: RecordAlphaPass, state: EnrolledCustomer): AlphaPassCreated[] {
  requireCardHolder(state);
  if (state.alphaPass?.passKey === command.passKey) return [];
  const { passKey, url, qrUrl } = command;
  return [alphaPassCreated(command.meta, { passKey, url, qrUrl, replacedPassKey: state.alphaPass?.passKey ?? null })];
}

/** Only the pass verify looked at is cleared: one regenerated meanwhile stays on file. */
export function decideClearAlphaPass(command: ClearAlphaPass, state: EnrolledCustomer): AlphaPassCleared[] {
  if (state.alphaPass?.passKey !== command.passKey) return [];
  return [alphaPassCleared(command.meta, { passKey: command.passKey, reason: 'document_missing' })];
}
