import { Capability } from '../capability';
import { ProgramCatalog } from './program-catalog';
import { ProgramCommands } from './commands/program-commands';
import { ProgramViewProjection } from './projections/program-view.projection';
import { ProgramsController } from './http/programs.controller';
import { V1EarningController } from './http/v1-earning.controller';
import { ProgramTranslationSources } from './queries/program-translation-sources';
import { TRANSLATION_SOURCES } from '../translations/domain/translation-sources.port';

export const PROGRAMS_CAPABILITY: Capability = {
  providers: [ProgramCatalog, ProgramCommands, { provide: TRANSLATION_SOURCES, useClass: ProgramTranslationSources }],
  projections: [ProgramViewProjection],
  controllers: [ProgramsController, V1EarningController],
};
