import { arrayOf, dateTime, num, object, oneOf, record } from '../../../shared/http/openapi/schema';

/** The records of the impact routes of the storefront API, as their presenters write them. */

/** An impact event's status (spec 2.7): confirmed, refunded, pending while sent, or a raw provider status. */
export const IMPACT_STATUS = {
  type: 'string',
  description:
    '`confirmed` (default), `refunded` (the provider failed it; its points were returned), `pending` while it is sent; any other raw provider status passes through unchanged',
} as const;

export const IMPACT_UNIT = oneOf('trees', 'plastic_bottles');

export const IMPACT_HISTORY = record(
  'ImpactHistory',
  object({
    connected: { type: 'boolean', description: 'false: the provider could not be reached; totals are last known' },
    totals: object({ trees: num, plasticBottles: num }),
    events: arrayOf(
      object({
        id: { type: 'string', description: 'The contribution id (a cursor of the list)' },
        type: IMPACT_UNIT,
        quantity: num,
        status: IMPACT_STATUS,
        createdAt: dateTime,
      }),
    ),
  }),
);
