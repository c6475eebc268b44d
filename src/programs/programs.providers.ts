import { Capability } from '../shared/capability';
import { ProgramCatalog } from './program-catalog';
import { CartPoints } from './queries/cart-points';
import { ProgramCommands } from './commands/program-commands';
import { EarnSocialHandler } from './commands/earn-social.handler';
import { EarnPeriodicHandler } from './commands/earn-periodic.handler';
import { BirthdayRewards } from './birthday-rewards';
import { PointsExpiry } from './points-expiry';
import { PendingPointsRelease } from './pending-points-release';
import { ProgramViewProjection } from './projections/program-view.projection';
import { ProgramsController } from './http/programs.controller';
import { V1EarningController } from './http/v1-earning.controller';

export const PROGRAMS_CAPABILITY: Capability = {
  providers: [
    ProgramCatalog,
    CartPoints,
    ProgramCommands,
    EarnSocialHandler,
    EarnPeriodicHandler,
    BirthdayRewards,
    PointsExpiry,
    PendingPointsRelease,
  ],
  projections: [ProgramViewProjection],
  controllers: [ProgramsController, V1EarningController],
};
