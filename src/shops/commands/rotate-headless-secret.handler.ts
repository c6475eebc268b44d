import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { secret } from '../shop-secrets';
import { ShopCredentialChanges } from './shop-credential-changes';

/** Replaces a shop's headless secret: merchants sign token requests with it, and its tokens' key derives from it. */
export class RotateHeadlessSecretCommand {
  constructor(readonly shopId: string) {}
}

/** Published in-process after a rotation, so caches of the old secret are dropped at once. */
export class HeadlessSecretRotated {
  constructor(readonly shopId: string) {}
}

@CommandHandler(RotateHeadlessSecretCommand)
export class RotateHeadlessSecretHandler implements ICommandHandler<
  RotateHeadlessSecretCommand,
  { shopId: string; headlessSecret: string }
> {
  constructor(
    private readonly credentials: ShopCredentialChanges,
    private readonly events: EventBus,
  ) {}

  async execute({ shopId }: RotateHeadlessSecretCommand) {
    const headlessSecret = secret('hs');
    await this.credentials.change(
      shopId,
      (meta) => ({ type: 'RotateHeadlessSecret', meta }),
      (current, headlessRotatedAt) => ({ ...current, headlessSecret, headlessRotatedAt }),
    );
    this.events.publish(new HeadlessSecretRotated(shopId));
    return { shopId, headlessSecret };
  }
}
