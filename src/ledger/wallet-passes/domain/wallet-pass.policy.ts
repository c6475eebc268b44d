import { CustomerPolicy, whenEnrolled } from '../../customer-policy';
import { CustomerEventType as T } from '../../customer-event-types';
import { decideClearAlphaPass, decideRecordAlphaPass, WalletPassCommand } from './wallet-pass.decisions';
import { evolveWalletPass, initialWalletPass, WalletPassShare } from './wallet-pass.state';

// The event types this policy reads (the table's keys), and what each does to its share.
const evolve = {
  [T.AlphaPassCreated]: evolveWalletPass,
  [T.AlphaPassCleared]: evolveWalletPass,
};

/** The wallet pass on file for the customer. */
export const walletPassPolicy: CustomerPolicy<WalletPassShare, WalletPassCommand, keyof typeof evolve> = {
  name: 'wallet-pass',
  initial: initialWalletPass,
  evolve,
  decide: {
    RecordAlphaPass: whenEnrolled(decideRecordAlphaPass),
    ClearAlphaPass: whenEnrolled(decideClearAlphaPass),
  },
};
