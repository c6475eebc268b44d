/** Types of bench/history.js, for the spec that checks docs/benchmarks.md against the CSV. */
export const HISTORY_CSV: string;
export const BENCHMARKS_DOC: string;
export const TABLE_START: string;
export const TABLE_END: string;
export const HEADER: string;
export function historyLine(results: unknown): string;
export function appendHistory(results: unknown, file?: string): void;
export function historyTable(csv: string): string;
export function writeHistoryTable(csvFile?: string, docFile?: string): void;
