/**
 * The value lists and the settled shape of an environmental-impact reward's settings (`impact`),
 * written once: the schema (`ImpactSettingsSchema`) validates and documents them, the decider checks
 * that only an impact program has them, and a redemption reads the settled rule. Pure TypeScript.
 */

import type { ImpactUnit } from '../../shared/domain/impact-units';

// The units are the provider protocol's (the port names them); the rule and its schema take them from there.
export { IMPACT_UNITS } from '../../shared/domain/impact-units';
export type { ImpactUnit };

/** An impact reward: the provider that carries out the contribution, its unit and how many per redemption. */
export interface ImpactRule {
  /** The impact provider's name as the storefront shows it (spec 2.4 `impactProvider`). */
  provider: string;
  unit: ImpactUnit;
  /** Units contributed per redemption (a redemption of quantity n contributes n times this). */
  quantity: number;
}
