import { Capability, worker } from '../../capability';
import { MilestoneCountersReader } from './read/milestone-counters.reader';
import { ClaimMilestoneHandler } from './claim-milestone.handler';
import { MilestoneReachedRecorder } from './milestone-reached.recorder';
import { GetMilestoneLadderHandler, GetMilestoneProgressHandler } from './read/milestone-reads.query';
import { PresentMilestoneClaimHandler } from './read/milestone-claim.presenter';
import { MilestoneCountersProjection } from './read/milestone-counters.projection';
import { MilestonesController } from './http/milestones.controller';

/** Milestones: a ladder of steps a customer reaches by counting what they do, each step claimed once for its reward. */
export const MILESTONES_CAPABILITY: Capability = {
  providers: [
    MilestoneCountersReader,
    ClaimMilestoneHandler,
    MilestoneReachedRecorder,
    GetMilestoneLadderHandler,
    GetMilestoneProgressHandler,
    PresentMilestoneClaimHandler,
  ],
  projections: [MilestoneCountersProjection],
  controllers: [MilestonesController],
  background: [worker(MilestoneReachedRecorder)],
};
