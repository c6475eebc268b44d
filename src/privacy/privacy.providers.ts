import { Capability } from '../capability';
import { HandlePrivacyRequestHandler } from './commands/handle-privacy-request.handler';
import { AdminPrivacyController } from './http/admin-privacy.controller';
import { PrivacyController } from './http/privacy.controller';
import { PrivacyRequestViewProjection } from './projections/privacy-request-view.projection';
import { CustomerData } from './queries/customer-data';
import { GetPrivacyDocumentHandler, ListPrivacyRequestsHandler } from './queries/privacy-requests.query';

/** Privacy: data requests and erasures (the erasure itself is the ledger's, the sealing the event store's). */
export const PRIVACY_CAPABILITY: Capability = {
  providers: [CustomerData, HandlePrivacyRequestHandler, ListPrivacyRequestsHandler, GetPrivacyDocumentHandler],
  projections: [PrivacyRequestViewProjection],
  controllers: [PrivacyController, AdminPrivacyController],
};
