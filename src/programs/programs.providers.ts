import { Capability } from '../capability';
import { ProgramCatalog } from './program-catalog';
import { ProgramCommands } from './commands/program-commands';
import { CreateProgramHandler } from './commands/create-program.handler';
import { UpdateProgramHandler } from './commands/update-program.handler';
import { DeleteProgramHandler } from './commands/delete-program.handler';
import { ProgramViewProjection } from './projections/program-view.projection';
import { ProgramTranslationSources } from './queries/program-translation-sources';
import { TRANSLATION_SOURCES } from '../translations/domain/translation-sources.port';

/** Programs' configuration: the catalog the ledger earns and spends by, its commands and read model (HTTP: programs-api). */
export const PROGRAMS_CAPABILITY: Capability = {
  providers: [
    ProgramCatalog,
    ProgramCommands,
    CreateProgramHandler,
    UpdateProgramHandler,
    DeleteProgramHandler,
    { provide: TRANSLATION_SOURCES, useClass: ProgramTranslationSources },
  ],
  projections: [ProgramViewProjection],
  controllers: [],
};
