import { CustomerPolicy, NoShare } from '../customer-policy';
import { decideErasure, EraseCustomer } from './erasure.decisions';

/** Erasure of personal data: the policies whose share holds personal data read its event. */
export const erasurePolicy: CustomerPolicy<NoShare, EraseCustomer, never, NoShare> = {
  name: 'erasure',
  initial: () => ({}),
  evolve: {},
  decide: {
    EraseCustomer: decideErasure,
  },
};
