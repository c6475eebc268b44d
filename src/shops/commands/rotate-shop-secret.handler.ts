import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { sha256Hex } from '../../shared/domain/ids';
import { ShopDirectory } from '../shop-directory';
import { ShopCredentialChanges } from './shop-credential-changes';

/** Replaces a shop's API secret, which is also the signing key of its next webhook deliveries. */
export class RotateShopSecretCommand {
  constructor(readonly shopId: string) {}
}

@CommandHandler(RotateShopSecretCommand)
export class RotateShopSecretHandler implements ICommandHandler<
  RotateShopSecretCommand,
  { shopId: string; appKey: string; secretKey: string }
> {
  constructor(
    private readonly credentials: ShopCredentialChanges,
    private readonly directory: ShopDirectory,
  ) {}

  async execute({ shopId }: RotateShopSecretCommand) {
    const { newSecret: secretKey, previous } = await this.credentials.rotate(
      shopId,
      'sk',
      (meta, current) => ({ type: 'RotateSecret', meta, appKey: current.id }),
      (current, secretKey, rotatedAt) => ({ ...current, secretKeyHash: sha256Hex(secretKey), secretKey, rotatedAt }),
    );
    this.directory.forget(previous.id);
    return { shopId, appKey: previous.id, secretKey };
  }
}
