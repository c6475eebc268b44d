/** What a contribution plants or collects: trees planted, plastic bottles recovered. */
export const IMPACT_UNITS = ['trees', 'plastic_bottles'] as const;
export type ImpactUnit = (typeof IMPACT_UNITS)[number];
