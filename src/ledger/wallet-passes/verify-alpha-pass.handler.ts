import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OBJECT_STORAGE, ObjectStorage } from '../../infrastructure/object-storage/object-storage.port';
import { CustomerStreamCommands } from '../customer-stream.commands';

/** GET /customer/wallet-pass/alpha/verify: whether the pass on file still exists; stale fields are cleared. */
export class VerifyAlphaPassCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
  ) {}
}

@CommandHandler(VerifyAlphaPassCommand)
export class VerifyAlphaPassHandler implements ICommandHandler<VerifyAlphaPassCommand, { exists: boolean }> {
  constructor(
    private readonly commands: CustomerStreamCommands,
    @Inject(OBJECT_STORAGE) private readonly objects: ObjectStorage,
  ) {}

  async execute({ shopId, customerId }: VerifyAlphaPassCommand): Promise<{ exists: boolean }> {
    const { alphaPass } = await this.commands.state(shopId, customerId);
    if (!alphaPass) return { exists: false };
    if (await this.objects.exists(alphaPass.passKey)) return { exists: true };
    // Only the pass looked at is cleared: one regenerated meanwhile stays (the decision checks).
    const { passKey } = alphaPass;
    await this.commands.run(shopId, customerId, (meta) => ({ type: 'ClearAlphaPass', meta, passKey }));
    return { exists: false };
  }
}
