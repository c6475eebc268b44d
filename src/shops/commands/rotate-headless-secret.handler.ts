import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
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
    const { newSecret: headlessSecret } = await this.credentials.rotate(
      shopId,
      'hs',
      (meta) => ({ type: 'RotateHeadlessSecret', meta }),
      (current, headlessSecret, headlessRotatedAt) => ({ ...current, headlessSecret, headlessRotatedAt }),
    );
    this.events.publish(new HeadlessSecretRotated(shopId));
    return { shopId, headlessSecret };
  }
}
