/**
 * The value lists and the settled shape of an environmental-impact reward's settings (`impact`),
 * written once: the schema (`ImpactSettingsSchema`) validates and documents them, the decider checks
 * that only an impact program has them, and a redemption reads the settled rule. Pure TypeScript.
 */

/** What a contribution plants or collects: trees planted, plastic bottles recovered. */
export const IMPACT_UNITS = ['trees', 'plastic_bottles'] as const;
export type ImpactUnit = (typeof IMPACT_UNITS)[number];

/** An impact reward: the provider that carries out the contribution, its unit and how many per redemption. */
export interface ImpactRule {
  /** The impact provider's name as the storefront shows it (spec 2.4 `impactProvider`). */
  provider: string;
  unit: ImpactUnit;
  /** Units contributed per redemption (a redemption of quantity n contributes n times this). */
  quantity: number;
}
