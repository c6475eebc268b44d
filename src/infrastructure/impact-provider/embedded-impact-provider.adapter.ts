import { ImpactContribution, ImpactProvider, ImpactReceipt, ImpactTotals } from './impact-provider.port';

/**
 * The default provider when none is configured: records contributions in memory and confirms them,
 * so impact rewards work offline (development, tests, a shop trying the feature). Nothing leaves the
 * process; totals are those recorded since it started, the history's read model keeps the rest.
 */
export class EmbeddedImpactProvider implements ImpactProvider {
  private readonly recorded = new Map<string, ImpactContribution>();

  contribute(contribution: ImpactContribution): Promise<ImpactReceipt> {
    this.recorded.set(`${contribution.shopId}|${contribution.contributionId}`, contribution);
    return Promise.resolve({ status: 'confirmed' });
  }

  totals(shopId: string, customerRef: string): Promise<ImpactTotals> {
    const totals: ImpactTotals = { trees: 0, plasticBottles: 0 };
    for (const c of this.recorded.values()) {
      if (c.shopId !== shopId || c.customerRef !== customerRef) continue;
      if (c.unit === 'trees') totals.trees += c.quantity;
      else totals.plasticBottles += c.quantity;
    }
    return Promise.resolve(totals);
  }
}
