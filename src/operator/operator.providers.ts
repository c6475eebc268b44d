import { Capability } from '../capability';
import { AdminShopsController } from './admin-shops.controller';
import { AdminTokenGuard } from './operator-api';
import { ProvisionShopHandler } from './provision-shop.handler';

/** The operator's side: provisioning shops (stream, credentials, base tier), the operator API, the demo shop. */
export const OPERATOR: Capability = {
  providers: [ProvisionShopHandler, AdminTokenGuard],
  projections: [],
  controllers: [AdminShopsController],
};
