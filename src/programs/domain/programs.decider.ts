import { assertNever, Decider } from '../../shared/domain/decider';
import { CommandMeta } from '../../shared/domain/command-meta';
import { because } from '../../shared/domain/domain-error';
import { changedFields, isOneOf } from '../../shared/domain/guards';
import { spendingRules } from './spending-rules';
import {
  EARNING_EVENTS,
  ProgramEvent,
  ProgramEventType as T,
  ProgramKind,
  ProgramSettings,
  SPENDING_EVENTS,
} from './program-events';

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
      settings: Partial<ProgramSettings> & { title: string };
    }
  | { type: 'UpdateProgram'; meta: CommandMeta; programId: string; changes: Partial<ProgramSettings> }
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
    earnBy: event === 'place_order' ? 'price' : 'flat',
    rateMoney: event === 'place_order' ? 1 : null,
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

/** The rules every program must keep, named by field. */
function check(kind: ProgramKind, event: string, s: ProgramSettings): void {
  if (kind === 'earning' && !isOneOf(EARNING_EVENTS, event))
    throw bad('event', `must be one of ${EARNING_EVENTS.join(', ')}`);
  if (kind === 'spending' && !isOneOf(SPENDING_EVENTS, event))
    throw bad('event', `must be one of ${SPENDING_EVENTS.join(', ')}`);
  if (!s.title.trim()) throw bad('title', 'must not be empty');
  for (const key of ['urlLocation', 'iconUrl'] as const) {
    const url = s[key];
    if (url !== undefined && url !== null && !isHttpUrl(url)) throw bad(key, 'must be an http(s) URL');
  }
  if (s.lineJoinType !== undefined && s.lineJoinType !== null && !isOneOf(['follow_oa', 'join_link'], s.lineJoinType))
    throw bad('lineJoinType', 'must be follow_oa or join_link');
  if (kind === 'spending') {
    spendingRules(s.spending, event);
    return;
  }
  if (!Number.isInteger(s.earnPoint) || s.earnPoint < 0 || s.earnPoint > 1_000_000)
    throw bad('earnPoint', 'must be an integer from 0 to 1,000,000');
  if (kind === 'earning' && s.earnPoint === 0) throw bad('earnPoint', 'must be at least 1 for an earning program');
  if (!['price', 'flat'].includes(s.earnBy)) throw bad('earnBy', 'must be price or flat');
  if (event === 'place_order' && s.earnBy === 'price' && !(typeof s.rateMoney === 'number' && s.rateMoney > 0)) {
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
  if (!Number.isInteger(s.priority)) throw bad('priority', 'must be an integer');
  if (s.startDate && s.endDate && s.startDate > s.endDate) throw bad('endDate', 'must not be before startDate');
  if (!['day', 'week', 'month', 'year', 'lifetime'].includes(s.limitUnit))
    throw bad('limitUnit', 'must be day, week, month, year or lifetime');
  if (!Number.isInteger(s.limitInterval) || s.limitInterval < 1)
    throw bad('limitInterval', 'must be an integer of 1 or more');
  if (!Number.isInteger(s.pendingDays) || s.pendingDays < 0 || s.pendingDays > 365)
    throw bad('pendingDays', 'must be an integer from 0 to 365');
  for (const key of ['includeProducts', 'excludeProducts', 'includeCollections', 'excludeCollections'] as const) {
    if (!Array.isArray(s[key]) || s[key].some((id) => typeof id !== 'string' || !id))
      throw bad(key, 'must be a list of product ids');
  }
  for (const [i, t] of s.earnPointsTiers.entries()) {
    if (!t.tierId || !Number.isInteger(t.earnPoint) || t.earnPoint < 0)
      throw bad(`earnPointsTiers[${i}]`, 'needs a tierId and an integer earnPoint of 0 or more');
  }
}

export function evolvePrograms(state: ProgramsState, event: ProgramEvent): ProgramsState {
  switch (event.type) {
    case T.Created:
      return {
        programs: {
          ...state.programs,
          [event.programId]: { kind: event.kind, event: event.event, settings: event.settings },
        },
      };
    case T.Updated: {
      const p = state.programs[event.programId];
      return {
        programs: { ...state.programs, [event.programId]: { ...p, settings: { ...p.settings, ...event.changes } } },
      };
    }
    case T.Deleted: {
      const { [event.programId]: _gone, ...rest } = state.programs;
      return { programs: rest };
    }
    default:
      return assertNever(event);
  }
}

export function decidePrograms(command: ProgramCommand, state: ProgramsState): ProgramEvent[] {
  const { meta } = command;
  const base = {
    eventId: meta.newId(),
    occurredAt: meta.occurredAt,
    shopId: meta.shopId,
    programId: command.programId,
  };
  switch (command.type) {
    case 'CreateProgram': {
      const settings = { ...defaultSettings(command.event, command.settings.title), ...command.settings };
      check(command.kind, command.event, settings);
      return [{ ...base, type: T.Created, kind: command.kind, event: command.event, settings }];
    }
    case 'UpdateProgram': {
      const program = state.programs[command.programId];
      if (!program) throw because.notFound('Program');
      check(program.kind, program.event, { ...program.settings, ...command.changes });
      const changes = changedFields(program.settings, command.changes);
      return Object.keys(changes).length ? [{ ...base, type: T.Updated, changes }] : [];
    }
    case 'DeleteProgram':
      if (!state.programs[command.programId]) throw because.notFound('Program');
      return [{ ...base, type: T.Deleted }];
    default:
      return assertNever(command);
  }
}

export const programsDecider: Decider<ProgramsState, ProgramCommand, ProgramEvent> = {
  initialState: () => ({ programs: {} }),
  evolve: evolvePrograms,
  decide: decidePrograms,
};
