import { Capability } from '../capability';
import { ProgramCatalog } from './program-catalog';
import { ProgramCommands } from './commands/program-commands';
import { ProgramViewProjection } from './projections/program-view.projection';
import { ProgramsController } from './http/programs.controller';
import { V1EarningController } from './http/v1-earning.controller';
import { ProgramTranslationSources } from './queries/program-translation-sources';
import {
  GetProgramHandler,
  ListEarningProgramDocsHandler,
  ListProgramsHandler,
  ListTierBenefitProgramsHandler,
  ProgramReader,
} from './queries/program-queries';
import { GetProgramForCustomerHandler, ListRedemptionProgramsHandler } from './queries/program-for-customer.query';
import { TierBenefitsController } from './http/tier-benefits.controller';
import { TRANSLATION_SOURCES } from '../translations/domain/translation-sources.port';

export const PROGRAMS_CAPABILITY: Capability = {
  providers: [
    ProgramCatalog,
    ProgramCommands,
    ProgramReader,
    ListTierBenefitProgramsHandler,
    ListProgramsHandler,
    GetProgramHandler,
    ListEarningProgramDocsHandler,
    GetProgramForCustomerHandler,
    ListRedemptionProgramsHandler,
    { provide: TRANSLATION_SOURCES, useClass: ProgramTranslationSources },
  ],
  projections: [ProgramViewProjection],
  controllers: [ProgramsController, V1EarningController, TierBenefitsController],
};
