/** Moved: the events of a customer's stream are in `src/ledger/events/` (one file per policy). Kept for imports not yet updated. */
export * from '../events/customer-events';
