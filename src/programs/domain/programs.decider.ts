import { assertNever, Decider } from '../../shared/domain/decider';
import { CommandMeta, eventBase } from '../../shared/domain/command-meta';
import { because } from '../../shared/domain/domain-error';
import { changedFields, isOneOf, isRecord } from '../../shared/domain/guards';
import { isIntegerIn, isMoney, MAX_COUNT, MAX_EARN_POINT, MAX_PRIORITY } from '../../shared/domain/limits';
import { withEntry, withoutEntry } from '../../shared/domain/records';
import { decideSpending } from '../kinds/spending-wire';
import {
  ProgramCreated,
  ProgramEvent,
  ProgramEventType as T,
  LIMIT_UNITS,
  ProgramKind,
  ProgramSettings,
  ProgramSettingsInput,
  ProgramUpdated,
} from './program-events';
import { upcastProgramEvent } from './program-upcast';
import { ProgramSpending, StoredSpending } from '../kinds/spending-rule';
import { EARNING_EVENTS, earningKind, isPaidBy, SPENDING_EVENTS } from '../kinds/kinds';

export interface ProgramState {
  kind: ProgramKind;
  event: string;
  settings: ProgramSettings;
}

export interface ProgramsState {
  programs: Readonly<Record<string, ProgramState>>;
}

export type ProgramCommand =
  | {
      type: 'CreateProgram';
      meta: CommandMeta;
      programId: string;
      kind: ProgramKind;
      event: string;
      settings: ProgramSettingsInput & { title: string };
      /** Spending programs: reward fields under the spec's names, at the top level of the body (spending-wire). */
      spendingFields?: Record<string, unknown>;
      /** The shop's tier ids: per-tier rates must name one of them. */
      tierIds: readonly string[];
    }
  | {
      type: 'UpdateProgram';
      meta: CommandMeta;
      programId: string;
      changes: ProgramSettingsInput;
      /** Spending programs: reward fields under the spec's names; each changes only itself. */
      spendingFields?: Record<string, unknown>;
      tierIds: readonly string[];
    }
  | { type: 'DeleteProgram'; meta: CommandMeta; programId: string };

export function defaultSettings(event: string, title: string): ProgramSettings {
  return {
    title,
    description: '',
    status: true,
    isDraft: false,
    expired: false,
    priority: 0,
    startDate: null,
    endDate: null,
    earnPoint: 0,
    earnBy: earningKind(event)?.defaults.earnBy ?? 'flat',
    rateMoney: earningKind(event)?.defaults.rateMoney ?? null,
    roundingMethod: 'round',
    appliedSource: ['web', 'pos'],
    skipEarnPointGuest: true,
    autoRemovePoints: true,
    earnPointsTiers: [],
    includeProducts: [],
    excludeProducts: [],
    includeCollections: [],
    excludeCollections: [],
    pendingDays: 0,
    hasLimit: false,
    limitUnit: 'lifetime',
    limitInterval: 1,
    translateTitle: {},
    spending: {},
  };
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 2000) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const bad = (field: string, message: string) => because.badRequest(`${field} ${message}`, { field });

const isText = (v: unknown, max: number) => typeof v === 'string' && v.length <= max;
const isDate = (v: unknown) => v === null || (typeof v === 'string' && !Number.isNaN(Date.parse(v)));
const PRODUCT_FILTERS = ['includeProducts', 'excludeProducts', 'includeCollections', 'excludeCollections'] as const;

/**
 * The rules every program must keep, named by field. Numbers are bounded (README "Limits") and rates
 * are whole cents of at least 0.01, so no accepted program can compute a non-finite or overflowing
 * amount of points; per-tier rates must name the shop's own tiers. A spending program's reward was
 * decided at the write edge (`decideSpending`) and is typed here.
 */
function check(kind: ProgramKind, event: string, s: ProgramSettings, tierIds: readonly string[]): void {
  if (kind === 'earning' && !isOneOf(EARNING_EVENTS, event))
    throw bad('event', `must be one of ${EARNING_EVENTS.join(', ')}`);
  if (kind === 'spending' && !isOneOf(SPENDING_EVENTS, event))
    throw bad('event', `must be one of ${SPENDING_EVENTS.join(', ')}`);
  checkShared(s);
  if (kind === 'spending') {
    // Spending rewards name their products in the reward (appliedTo, specificProductIds).
    for (const key of PRODUCT_FILTERS)
      if (Array.isArray(s[key]) && s[key].length > 0)
        throw bad(
          key,
          'is not used by spending programs: use appliedTo with specificProductIds or appliedCollectionIds',
        );
    return;
  }
  checkEarning(event, s);
  checkTierRates(s, tierIds);
}

/** What every program has: title, texts, switches, priority, dates, links. */
function checkShared(s: ProgramSettings): void {
  if (typeof s.title !== 'string' || !s.title.trim() || s.title.length > 200)
    throw bad('title', 'must be a text of 1 to 200 characters');
  if (!isText(s.description, 2000)) throw bad('description', 'must be a text of at most 2000 characters');
  for (const key of ['status', 'isDraft', 'expired'] as const)
    if (typeof s[key] !== 'boolean') throw bad(key, 'must be true or false');
  if (!isIntegerIn(s.priority, -MAX_PRIORITY, MAX_PRIORITY))
    throw bad('priority', `must be an integer from -${MAX_PRIORITY} to ${MAX_PRIORITY}`);
  if (!isDate(s.startDate)) throw bad('startDate', 'must be an ISO 8601 date-time or null');
  if (!isDate(s.endDate)) throw bad('endDate', 'must be an ISO 8601 date-time or null');
  if (s.startDate && s.endDate && s.startDate > s.endDate) throw bad('endDate', 'must not be before startDate');
  if (
    s.translateTitle === null ||
    typeof s.translateTitle !== 'object' ||
    Array.isArray(s.translateTitle) ||
    Object.keys(s.translateTitle).length > 100 ||
    Object.values(s.translateTitle).some((t) => !isText(t, 200))
  )
    throw bad('translateTitle', 'must map language codes to titles of at most 200 characters');
  for (const key of ['urlLocation', 'iconUrl'] as const) {
    const url = s[key];
    if (url !== undefined && url !== null && !isHttpUrl(url)) throw bad(key, 'must be an http(s) URL');
  }
  if (s.lineJoinType !== undefined && s.lineJoinType !== null && !isOneOf(['follow_oa', 'join_link'], s.lineJoinType))
    throw bad('lineJoinType', 'must be follow_oa or join_link');
}

/** The earning rule: points, rate, rounding, sources, limit, hold, product filters. */
function checkEarning(event: string, s: ProgramSettings): void {
  if (!isIntegerIn(s.earnPoint, 0, MAX_EARN_POINT))
    throw bad('earnPoint', `must be an integer from 0 to ${MAX_EARN_POINT.toLocaleString('en')}`);
  if (s.earnPoint === 0) throw bad('earnPoint', 'must be at least 1 for an earning program');
  if (!['price', 'flat'].includes(s.earnBy)) throw bad('earnBy', 'must be price or flat');
  if (s.rateMoney !== null && !isMoney(s.rateMoney))
    throw bad('rateMoney', 'must be an amount from 0.01 to 1,000,000 with at most 2 decimals');
  if (isPaidBy(event, 'order') && s.earnBy === 'price' && s.rateMoney === null) {
    throw bad('rateMoney', 'must be a positive amount when earning by price');
  }
  if (!['round', 'floor', 'ceil'].includes(s.roundingMethod))
    throw bad('roundingMethod', 'must be round, floor or ceil');
  if (
    !Array.isArray(s.appliedSource) ||
    s.appliedSource.length === 0 ||
    s.appliedSource.some((x) => x !== 'web' && x !== 'pos')
  ) {
    throw bad('appliedSource', 'must list web and/or pos');
  }
  for (const key of ['skipEarnPointGuest', 'autoRemovePoints', 'hasLimit'] as const)
    if (typeof s[key] !== 'boolean') throw bad(key, 'must be true or false');
  if (!isOneOf(LIMIT_UNITS, s.limitUnit)) throw bad('limitUnit', 'must be day, week, month, year or lifetime');
  if (!isIntegerIn(s.limitInterval, 1, MAX_COUNT))
    throw bad('limitInterval', `must be an integer from 1 to ${MAX_COUNT.toLocaleString('en')}`);
  if (!isIntegerIn(s.pendingDays, 0, 365)) throw bad('pendingDays', 'must be an integer from 0 to 365');
  for (const key of PRODUCT_FILTERS) {
    if (!Array.isArray(s[key]) || s[key].length > 1000 || s[key].some((id) => !isText(id, 100) || !id))
      throw bad(key, 'must be a list of at most 1000 product ids');
  }
}

/** Per-tier rates: bounded, each naming one of the shop's tiers (a relation, checked here). */
function checkTierRates(s: ProgramSettings, tierIds: readonly string[]): void {
  if (!Array.isArray(s.earnPointsTiers) || s.earnPointsTiers.length > 100)
    throw bad('earnPointsTiers', 'must be a list of at most 100 tier rates');
  for (const [i, t] of s.earnPointsTiers.entries()) {
    if (!t || typeof t.tierId !== 'string' || !t.tierId || !isIntegerIn(t.earnPoint, 0, MAX_EARN_POINT))
      throw bad(`earnPointsTiers[${i}]`, `needs a tierId and an integer earnPoint from 0 to ${MAX_EARN_POINT}`);
    if (t.rateMoney !== null && t.rateMoney !== undefined && !isMoney(t.rateMoney))
      throw bad(`earnPointsTiers[${i}].rateMoney`, 'must be an amount from 0.01 to 1,000,000 with at most 2 decimals');
    if (!tierIds.includes(t.tierId)) throw bad(`earnPointsTiers[${i}].tierId`, 'is not a tier of this shop');
  }
}

/**
 * The reward a spending program's write leaves (typed, stored names), or null when the write does
 * not touch it. The write edge of the spending rule: the one place a reward is parsed. Spec-named
 * fields on an earning program are refused, naming the first; an earning program's `spending`, if
 * sent, must be an object and is left empty.
 */
function spendingOf(
  kind: ProgramKind,
  event: string,
  base: ProgramSpending,
  replace: Record<string, unknown> | undefined,
  fields: Record<string, unknown> | undefined,
): StoredSpending | null {
  const given = fields && Object.keys(fields).length ? fields : undefined;
  if (kind === 'earning') {
    if (given) throw bad(Object.keys(given)[0], 'is only for spending programs');
    if (replace !== undefined && !isRecord(replace)) throw bad('spending', 'must be an object');
    return null;
  }
  if (replace === undefined && !given) return null;
  return decideSpending(event, base, replace, given);
}

/** A command's settings without the reward as sent (decided apart, by `spendingOf`). */
function withoutSpending(input: ProgramSettingsInput): Partial<ProgramSettings> {
  const { spending: _sent, ...settings } = input;
  return settings;
}

export function evolvePrograms(state: ProgramsState, recorded: ProgramEvent): ProgramsState {
  const event = upcastProgramEvent(recorded, (id) => state.programs[id]?.event);
  switch (event.type) {
    case T.Created:
      return {
        programs: {
          ...state.programs,
          [event.programId]: { kind: event.kind, event: event.event, settings: event.settings },
        },
      };
    case T.Updated:
      return {
        programs: withEntry(state.programs, event.programId, (p) => ({
          settings: { ...p.settings, ...event.changes },
        })),
      };
    case T.Deleted:
      return { programs: withoutEntry(state.programs, event.programId) };
    default:
      return assertNever(event);
  }
}

function createProgram(command: Extract<ProgramCommand, { type: 'CreateProgram' }>): ProgramCreated {
  const settings: ProgramSettings = {
    ...defaultSettings(command.event, command.settings.title),
    ...withoutSpending(command.settings),
  };
  const spending = spendingOf(command.kind, command.event, {}, command.settings.spending, command.spendingFields);
  if (spending) settings.spending = spending;
  check(command.kind, command.event, settings, command.tierIds);
  return {
    ...eventBase(command.meta),
    programId: command.programId,
    type: T.Created,
    kind: command.kind,
    event: command.event,
    settings,
  };
}

function updateProgram(
  command: Extract<ProgramCommand, { type: 'UpdateProgram' }>,
  state: ProgramsState,
): ProgramUpdated[] {
  const program = state.programs[command.programId];
  if (!program) throw because.notFound('Program');
  // Tier rates already stored may name a tier deleted since: only rates being set are checked.
  const tierIds =
    command.changes.earnPointsTiers === undefined
      ? [...command.tierIds, ...(program.settings.earnPointsTiers ?? []).map((t) => t.tierId)]
      : command.tierIds;
  const spending = spendingOf(
    program.kind,
    program.event,
    program.settings.spending,
    command.changes.spending,
    command.spendingFields,
  );
  const given = withoutSpending(command.changes);
  const proposed = spending ? { ...given, spending } : given;
  check(program.kind, program.event, { ...program.settings, ...proposed }, tierIds);
  const changes = changedFields(program.settings, proposed);
  if (!Object.keys(changes).length) return [];
  return [{ ...eventBase(command.meta), programId: command.programId, type: T.Updated, changes }];
}

export function decidePrograms(command: ProgramCommand, state: ProgramsState): ProgramEvent[] {
  switch (command.type) {
    case 'CreateProgram':
      return [createProgram(command)];
    case 'UpdateProgram':
      return updateProgram(command, state);
    case 'DeleteProgram':
      if (!state.programs[command.programId]) throw because.notFound('Program');
      return [{ ...eventBase(command.meta), programId: command.programId, type: T.Deleted }];
    default:
      return assertNever(command);
  }
}

export const programsDecider: Decider<ProgramsState, ProgramCommand, ProgramEvent> = {
  initialState: () => ({ programs: {} }),
  evolve: evolvePrograms,
  decide: decidePrograms,
};
