import { because } from '../../../shared/domain/domain-error';
import { ActiveProgram, isActive } from '../../../programs/domain/order-earning';
import { isMilestoneKind, ladderShowsSteps } from '../../../programs/kinds/kinds';
import { MilestoneProgramRef } from './milestones.decisions';

/**
 * The milestone program a storefront names: an earning program of a milestone kind, enabled, in the
 * shop's programs (`programs`). Anything else is INVALID_PROGRAM (400; `status` 404 for the flat claim).
 */
export function findMilestoneProgram(
  programs: readonly ActiveProgram[],
  programId: string,
  at: string,
  notFound: 400 | 404 = 400,
): ActiveProgram {
  const program = programs.find((p) => p.id === programId);
  if (!program) {
    const message = `No program ${programId} in this shop`;
    throw notFound === 404 ? because.programNotFound(message) : because.invalidProgram(message);
  }
  if (program.kind !== 'earning' || !isMilestoneKind(program.event))
    throw because.invalidProgram(`Program ${programId} is not a milestone program`);
  if (!isActive(program, at)) throw because.invalidProgram(`Program ${programId} is disabled`);
  return program;
}

/** The ladder of a milestone program, as claims and reads take it. */
export function ladderOf(program: ActiveProgram): MilestoneProgramRef {
  return {
    programId: program.id,
    programTitle: program.settings.title,
    event: program.event,
    typeMilestone: program.settings.typeMilestone ?? 'order',
    steps: ladderShowsSteps(program.event) ? (program.settings.milestones ?? []) : [],
  };
}
