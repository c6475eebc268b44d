import { Capability } from '../../capability';
import { EarnOnStorefrontHandler } from './earn-on-storefront.handler';
import { EarnController } from './http/earn.controller';

/** Earning on the storefront: the actions a shopper completes on the shop's pages (a visit, a share) that a program pays. */
export const STOREFRONT_EARN_CAPABILITY: Capability = {
  providers: [EarnOnStorefrontHandler],
  projections: [],
  controllers: [EarnController],
};
