import type { ImpactUnit } from '../../shared/domain/impact-units';

export { IMPACT_UNITS } from '../../shared/domain/impact-units';
export type { ImpactUnit };

/**
 * The impact provider: the partner that plants the trees or recovers the bottles a customer's points
 * paid for. The service records the contribution first (points spent, event on the customer's stream),
 * then sends it here; the provider's answer settles it (confirmed, failed and refunded, or a raw status).
 */
export interface ImpactContribution {
  shopId: string;
  /** The service's customer id (never the platform's id, email or name). */
  customerRef: string;
  /** The contribution's id: a retried send is the same contribution at the provider. */
  contributionId: string;
  /** The provider's name, as the program names it. */
  provider: string;
  unit: ImpactUnit;
  quantity: number;
}

/** What the provider answered: its status for the contribution, as sent (null: none given). */
export interface ImpactReceipt {
  status: string | null;
}

/** The customer's impact as the provider counts it. */
export interface ImpactTotals {
  trees: number;
  plasticBottles: number;
}

/** The provider could not be reached or refused the request (network, timeout, HTTP error, bad answer). */
export class ImpactProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImpactProviderError';
  }
}

export interface ImpactProvider {
  /** Records a contribution; throws ImpactProviderError when the provider cannot carry it out. */
  contribute(contribution: ImpactContribution): Promise<ImpactReceipt>;
  /** The customer's totals; throws ImpactProviderError when the provider cannot be reached. */
  totals(shopId: string, customerRef: string): Promise<ImpactTotals>;
}

export const IMPACT_PROVIDER = Symbol('IMPACT_PROVIDER');
