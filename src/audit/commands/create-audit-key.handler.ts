import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { CommandMetas } from '../../event-sourcing/command-metas';
import { because } from '../../shared/domain/domain-error';
import { sha256Hex } from '../../shared/domain/ids';
import { ShopDirectory } from '../../shops/shop-directory';
import { auditKeyText, AuditKeys, presentAuditKey } from '../credentials/audit-keys';

export class CreateAuditKeyCommand {
  constructor(
    readonly shopId: string,
    readonly label: string | null,
  ) {}
}

export type CreatedAuditKey = ReturnType<typeof presentAuditKey> & { key: string };

/** A new read-only key for a shop's auditors; the key is answered once and kept only as a hash. */
@CommandHandler(CreateAuditKeyCommand)
export class CreateAuditKeyHandler implements ICommandHandler<CreateAuditKeyCommand, CreatedAuditKey> {
  constructor(
    private readonly keys: AuditKeys,
    private readonly shops: ShopDirectory,
    private readonly metas: CommandMetas,
  ) {}

  async execute({ shopId, label }: CreateAuditKeyCommand): Promise<CreatedAuditKey> {
    if (!(await this.shops.byId(shopId))) throw because.notFound('Shop');
    const secret = randomBytes(32).toString('base64url');
    const meta = this.metas.for(shopId);
    const doc = {
      id: meta.newId(),
      shopId,
      label,
      secretHash: sha256Hex(secret),
      createdAt: meta.occurredAt,
      revokedAt: null,
    };
    await (await this.keys.collection()).put(doc);
    return { ...presentAuditKey(doc), key: auditKeyText(doc.id, secret) };
  }
}
