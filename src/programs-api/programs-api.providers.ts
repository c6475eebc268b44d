import { Capability } from '../capability';
import { ProgramsController } from './http/programs.controller';
import { V1EarningController } from './http/v1-earning.controller';
import { TierBenefitsController } from './http/tier-benefits.controller';
import {
  GetProgramHandler,
  ListEarningProgramDocsHandler,
  ListProgramsHandler,
  ListTierBenefitProgramsHandler,
  ProgramReader,
} from './queries/program-queries';
import { GetProgramForCustomerHandler, ListRedemptionProgramsHandler } from './queries/program-for-customer.query';
import { ListEarningEligibilityHandler, ListV1EarningEligibilityHandler } from './queries/earning-eligibility.query';

/**
 * The programs' HTTP API (v2 programs, v1 earning, tier benefits) and its reads. Above both the
 * ledger and programs: its answers combine programs with customers (eligibility, limitations) and
 * coupons (a gift's stock), and the ledger itself earns by programs, so this cannot live in either.
 */
export const PROGRAMS_API: Capability = {
  providers: [
    ProgramReader,
    ListTierBenefitProgramsHandler,
    ListProgramsHandler,
    GetProgramHandler,
    ListEarningProgramDocsHandler,
    GetProgramForCustomerHandler,
    ListRedemptionProgramsHandler,
    ListEarningEligibilityHandler,
    ListV1EarningEligibilityHandler,
  ],
  projections: [],
  controllers: [ProgramsController, V1EarningController, TierBenefitsController],
};
