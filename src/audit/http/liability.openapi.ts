import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

const int = (description?: string): SchemaObject => ({ type: 'integer', ...(description ? { description } : {}) });
const money: SchemaObject = { type: 'string', example: '15.50', description: "Decimal, in the shop's currency" };
const instant = (description: string): SchemaObject => ({ type: 'string', format: 'date-time', description });

const period: SchemaObject = {
  type: 'object',
  description: 'opening + issued.total - redeemed - expired + adjusted - reversed = closing',
  properties: {
    start: instant("First instant of the period, in the shop's local time with its offset"),
    end: instant('First instant after the period'),
    opening: int('Points outstanding at start'),
    issued: {
      type: 'object',
      properties: {
        total: int(),
        orders: int(),
        programs: int(),
        tierRewards: int(),
        milestones: int(),
        referrals: int(),
        manual: int(),
      },
    },
    redeemed: int('Spent on rewards, less couponRefunds'),
    couponRefunds: int('Given back by refunded coupons (already subtracted from redeemed)'),
    expired: int(),
    adjusted: int('Signed: adjustments, deductions, resets'),
    reversed: int('Taken back by order refunds and cancellations'),
    closing: int('Points outstanding at end'),
    pending: {
      type: 'object',
      description: 'Held order points, not in the balance',
      properties: { opening: int(), held: int(), released: int(), cancelled: int(), closing: int() },
    },
    customersWithBalance: int('Customers with a balance above 0 at end'),
    value: {
      type: 'object',
      description: 'Only when the shop has a pointValue',
      properties: Object.fromEntries(
        ['opening', 'issued', 'redeemed', 'expired', 'adjusted', 'reversed', 'closing', 'pending'].map((k) => [
          k,
          money,
        ]),
      ),
    },
  },
};

/** The JSON answer of GET /rest_api/v2/audit/liability (inside the success envelope's `data`). */
export const LIABILITY_SCHEMA: SchemaObject = {
  type: 'object',
  properties: {
    success: { type: 'boolean', example: true },
    data: {
      type: 'object',
      properties: {
        shopId: { type: 'string' },
        timezone: { type: 'string', example: 'Europe/Paris' },
        currency: { type: 'string', example: 'EUR' },
        interval: { type: 'string', enum: ['day', 'week', 'month'] },
        from: instant('As asked, in local time'),
        to: instant('As asked, in local time'),
        pointValue: { type: 'string', nullable: true, example: '0.01' },
        periods: { type: 'array', items: period },
        breakage: {
          type: 'object',
          properties: {
            from: instant('Window start'),
            to: instant('Window end (the roll-forward’s to)'),
            months: int(),
            issued: int(),
            expired: int(),
            rate: { type: 'string', nullable: true, example: '0.1250', description: 'expired / issued' },
          },
        },
      },
    },
    meta: { type: 'object' },
    message: { type: 'string' },
    timestamp: { type: 'string', format: 'date-time' },
  },
};
