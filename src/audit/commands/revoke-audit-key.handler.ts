import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { because } from '../../shared/domain/domain-error';
import { AuditKeys, presentAuditKey } from '../credentials/audit-keys';

export class RevokeAuditKeyCommand {
  constructor(
    readonly shopId: string,
    readonly keyId: string,
  ) {}
}

/** Revokes a key at once (keys are not cached); revoking it again answers the first revocation. */
@CommandHandler(RevokeAuditKeyCommand)
export class RevokeAuditKeyHandler implements ICommandHandler<RevokeAuditKeyCommand> {
  constructor(
    private readonly keys: AuditKeys,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ shopId, keyId }: RevokeAuditKeyCommand) {
    const collection = await this.keys.collection();
    const doc = await collection.get(keyId);
    if (!doc || doc.shopId !== shopId) throw because.notFound('Audit key');
    if (doc.revokedAt !== null) return presentAuditKey(doc);
    const revoked = { ...doc, revokedAt: this.clock.now().toISOString() };
    await collection.put(revoked);
    return presentAuditKey(revoked);
  }
}
