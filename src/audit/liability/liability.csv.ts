import { stringify } from 'csv-stringify/sync';
import { LiabilityRollForward } from './liability-roll-forward.query';

/** The CSV columns: one row per period, the figures flat (issued by source, pending apart, money last). */
const POINT_COLUMNS = [
  'start',
  'end',
  'opening',
  'issued',
  'issued_orders',
  'issued_programs',
  'issued_tier_rewards',
  'issued_milestones',
  'issued_referrals',
  'issued_manual',
  'redeemed',
  'coupon_refunds',
  'expired',
  'adjusted',
  'reversed',
  'closing',
  'pending_opening',
  'pending_held',
  'pending_released',
  'pending_cancelled',
  'pending_closing',
  'customers_with_balance',
];
const VALUE_COLUMNS = ['opening', 'issued', 'redeemed', 'expired', 'adjusted', 'reversed', 'closing', 'pending'];

/**
 * The roll-forward as CSV (RFC 4180, a header row, CRLF line ends): points in whole numbers; with a
 * pointValue, each money figure as a decimal string in a `value_*` column.
 */
export function liabilityCsv(answer: LiabilityRollForward): string {
  const money = answer.pointValue !== null;
  const header = [...POINT_COLUMNS, ...(money ? VALUE_COLUMNS.map((c) => `value_${c}`) : [])];
  const rows = answer.periods.map((p) => {
    const points = [
      p.start,
      p.end,
      p.opening,
      p.issued.total,
      p.issued.orders,
      p.issued.programs,
      p.issued.tierRewards,
      p.issued.milestones,
      p.issued.referrals,
      p.issued.manual,
      p.redeemed,
      p.couponRefunds,
      p.expired,
      p.adjusted,
      p.reversed,
      p.closing,
      p.pending.opening,
      p.pending.held,
      p.pending.released,
      p.pending.cancelled,
      p.pending.closing,
      p.customersWithBalance,
    ];
    return money && p.value ? [...points, ...VALUE_COLUMNS.map((c) => p.value![c as keyof typeof p.value])] : points;
  });
  return stringify([header, ...rows], { record_delimiter: 'windows' });
}
