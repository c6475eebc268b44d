import { Capability } from '../capability';
import { ConsoleFilesController } from './console-files.controller';
import { ManagementHandlers } from './management-handlers';
import { ConsoleSessions } from './session/console-sessions';
import { ConsoleOriginGuard } from './session/console-origin.guard';
import { ConsoleSessionGuard } from './session/console-session.guard';
import { SignInHandler } from './session/sign-in.handler';
import { SignOutHandler } from './session/sign-out.handler';
import { SignInController } from './session/sign-in.controller';
import { SessionController } from './session/session.controller';
import { OverviewConsoleController } from './pages/overview.console.controller';
import { ConsoleOverviewHandler } from './pages/overview.query';
import { CustomersConsoleController } from './pages/customers.console.controller';
import { SearchCustomersByNameHandler } from './pages/customer-name-search.query';
import { ModerationConsoleController } from './pages/moderation.console.controller';
import { ProgramsConsoleController } from './pages/programs.console.controller';
import { ListProgramKindsHandler } from './pages/program-kinds.query';
import { TiersConsoleController } from './pages/tiers.console.controller';
import { WebhooksConsoleController } from './pages/webhooks.console.controller';
import { LiabilityConsoleController } from './pages/liability.console.controller';
import { SettingsConsoleController } from './pages/settings.console.controller';
import { AuditKeysConsoleController } from './pages/audit-keys.console.controller';

/**
 * The merchant console (docs/console.md): its page at /console/ (built from web/console) and its
 * private API at /console/api/, which signs staff and auditors in to a server-side session and
 * serves every page through the management API's own handlers.
 */
export const CONSOLE_CAPABILITY: Capability = {
  providers: [
    ConsoleSessions,
    ConsoleOriginGuard,
    ConsoleSessionGuard,
    ManagementHandlers,
    SignInHandler,
    SignOutHandler,
    ConsoleOverviewHandler,
    ListProgramKindsHandler,
    SearchCustomersByNameHandler,
  ],
  projections: [],
  controllers: [
    SignInController,
    SessionController,
    OverviewConsoleController,
    CustomersConsoleController,
    ModerationConsoleController,
    ProgramsConsoleController,
    TiersConsoleController,
    WebhooksConsoleController,
    LiabilityConsoleController,
    SettingsConsoleController,
    AuditKeysConsoleController,
    ConsoleFilesController,
  ],
};
