import { Capability } from '../capability';
import { TierLadderReader } from './tier-ladder.reader';
import { TierCatalog } from './tier-catalog';
import { TierLadderCommands } from './commands/tier-commands';
import { DefineBaseTierHandler, DefineTierHandler } from './commands/define-tier.handler';
import { UpdateTierHandler } from './commands/update-tier.handler';
import { RemoveTierHandler } from './commands/remove-tier.handler';
import { TierNames } from './queries/tier-names';
import { GetTierHandler, ListTiersHandler } from './queries/tier-queries';
import { TierViewProjection } from './projections/tier-view.projection';
import { TiersController } from './http/tiers.controller';
import { SHOP_TIER_IDS } from '../shared/shop-tier-ids';

export const TIERS_CAPABILITY: Capability = {
  providers: [
    TierCatalog,
    { provide: SHOP_TIER_IDS, useExisting: TierCatalog },
    TierLadderReader,
    TierLadderCommands,
    DefineTierHandler,
    DefineBaseTierHandler,
    UpdateTierHandler,
    RemoveTierHandler,
    TierNames,
    ListTiersHandler,
    GetTierHandler,
  ],
  projections: [TierViewProjection],
  controllers: [TiersController],
};
