import { Capability } from '../capability';
import { AuditKeys } from './credentials/audit-keys';
import { AuditSigningKey } from './credentials/audit-signing-key';
import { CreateAuditKeyHandler } from './commands/create-audit-key.handler';
import { RevokeAuditKeyHandler } from './commands/revoke-audit-key.handler';
import { StartVerificationHandler } from './commands/start-verification.handler';
import { CustomerStreamReader } from './queries/customer-stream';
import { ReplayCustomerHandler } from './queries/replay-customer.query';
import { CustomerStateAsOfHandler } from './queries/customer-state-as-of.query';
import { CustomerRecordAsOfHandler } from './queries/customer-record-as-of.handler';
import { ListAuditKeysHandler } from './queries/list-audit-keys.query';
import { GetVerificationHandler } from './queries/get-verification.query';
import { ExportLogHandler, LogExport } from './queries/export-log';
import { GetAuditPublicKeyHandler } from './queries/get-audit-public-key.query';
import { ReadModelVerifier } from './queries/verify-read-models';
import { AuditAccessGuard } from './http/audit-access.guard';
import { AuditController } from './http/audit.controller';
import { PublicKeyController } from './http/public-key.controller';
import { AdminAuditController } from './http/admin-audit.controller';
import { LiabilityDaysProjection } from './liability/liability-days.projection';
import { LiabilityRollForwardHandler } from './liability/liability-roll-forward.query';
import { LiabilityController } from './http/liability.controller';

/** Auditors: replay, state as of an instant, the points liability, verification of the read models, signed exports. */
export const AUDIT_CAPABILITY: Capability = {
  providers: [
    AuditKeys,
    AuditSigningKey,
    AuditAccessGuard,
    CustomerStreamReader,
    ReplayCustomerHandler,
    CustomerStateAsOfHandler,
    CustomerRecordAsOfHandler,
    CreateAuditKeyHandler,
    RevokeAuditKeyHandler,
    ListAuditKeysHandler,
    StartVerificationHandler,
    GetVerificationHandler,
    LogExport,
    ExportLogHandler,
    GetAuditPublicKeyHandler,
    ReadModelVerifier,
    LiabilityRollForwardHandler,
  ],
  projections: [LiabilityDaysProjection],
  controllers: [LiabilityController, AuditController, PublicKeyController, AdminAuditController],
};
