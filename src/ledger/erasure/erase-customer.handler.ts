import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, Clock } from '../../shared/domain/clock';
import {
  PERSONAL_DATA_SHREDDER,
  PersonalDataShredder,
} from '../../infrastructure/personal-data/personal-data-keys.port';
import { WEBHOOK_OUTBOX, WebhookOutbox } from '../../infrastructure/webhook-outbox/webhook-outbox.port';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { OBJECT_STORAGE, ObjectStorage } from '../../infrastructure/object-storage/object-storage.port';
import { SESSION_REVOCATIONS, SessionRevocations } from '../../infrastructure/sessions/session-revocations.port';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { customerStreamId } from '../customer-stream';
import { ErasureRequest } from '../customer-events';
import { PERSONAL_FIELD_NAMES } from '../personal-fields';

/** Erase one customer's personal data (customers/redact, shop/redact). */
export class EraseCustomerCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly requestId: string,
    readonly request: ErasureRequest,
  ) {}
}

export interface ErasureResult {
  customerId: string;
  /** Fields of the log were written as null in place (a store not yet migrated). */
  logEdited: boolean;
  /** This call recorded the erasure (false: already erased, or never enrolled). */
  recorded: boolean;
  /** This call destroyed the customer's data key. */
  keyDestroyed: boolean;
}

/**
 * The erasure, in an order that a retry after any crash completes: (0) the customer's headless
 * sessions ended, before anything is recorded, so from the moment the erasure is in the log no
 * process accepts their tokens; (1) PersonalDataErased on the
 * stream (once), which the projections answer by blanking the customer in every read model; (2) the
 * data key destroyed, so every sealed field in the log reads as null from then on (fields of events
 * written before sealing existed are written as null in place); (3) the personal
 * data kept outside the log purged: webhook bodies about the customer, the order bodies the embedded
 * platform recorded, the images the customer uploaded. Every step is idempotent, so a repeated request does nothing new.
 */
@CommandHandler(EraseCustomerCommand)
export class EraseCustomerHandler implements ICommandHandler<EraseCustomerCommand, ErasureResult> {
  constructor(
    private readonly commands: CustomerStreamCommands,
    @Inject(PERSONAL_DATA_SHREDDER) private readonly shredder: PersonalDataShredder,
    @Inject(WEBHOOK_OUTBOX) private readonly outbox: WebhookOutbox,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
    @Inject(OBJECT_STORAGE) private readonly objects: ObjectStorage,
    @Inject(SESSION_REVOCATIONS) private readonly sessions: SessionRevocations,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ shopId, customerId, requestId, request }: EraseCustomerCommand): Promise<ErasureResult> {
    await this.sessions.revoke(shopId, customerId, 'erased', this.clock.now());
    const state = await this.commands.state(shopId, customerId);
    const decision = await this.commands.run(shopId, customerId, (meta) => ({
      type: 'EraseCustomer',
      meta,
      requestId,
      request,
      source: 'privacy',
    }));
    const keyDestroyed = await this.shredder.destroyKey({ shopId, customerId }, this.clock.now());
    // Events written before sealing existed hold the fields in plain text: written as null now.
    const logEdited = (await this.shredder.sealStream(customerStreamId(shopId, customerId))) > 0;
    await this.outbox.forgetCustomer(shopId, customerId, PERSONAL_FIELD_NAMES);
    if (state.platformCustomerId !== null) await this.platform.forgetCustomer(shopId, state.platformCustomerId);
    await this.objects.removePrefix(`${shopId}/${customerId}/`);
    return { customerId, recorded: decision.events.length > 0, keyDestroyed, logEdited };
  }
}
