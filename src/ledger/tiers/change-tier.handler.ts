import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { because } from '../../shared/domain/domain-error';
import { TierLadderReader } from '../../tiers/tier-ladder.reader';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { CustomerEventType, TierChanged } from '../customer-events';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

/** Puts a customer in a tier by hand (PUT /customers/{id}/tier). */
export class ChangeTierCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly tierId: string,
    readonly isInitTier: boolean,
    readonly triggerReward: boolean,
    readonly adminNote: string | null,
  ) {}
}

export interface ChangeTierResult {
  platformCustomerId: PlatformCustomerId;
  tierId: string;
  tierName: string;
  tierPoint: number;
  tierUpdatedAt: string | null;
}

@CommandHandler(ChangeTierCommand)
export class ChangeTierHandler implements ICommandHandler<ChangeTierCommand, ChangeTierResult> {
  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly tiers: TierLadderReader,
  ) {}

  async execute(command: ChangeTierCommand): Promise<ChangeTierResult> {
    const rungs = await this.tiers.rungs(command.shopId);
    const tier = rungs.find((t) => t.id === command.tierId);
    if (!tier) throw because.badRequest(`tierId ${command.tierId} is not a tier of this shop`, { field: 'tierId' });
    const decision = await this.commands.run(command.shopId, command.customerId, (meta) => ({
      type: 'ChangeTier',
      meta,
      tier,
      tiers: rungs,
      isInitTier: command.isInitTier,
      triggerReward: command.triggerReward,
      adminNote: command.adminNote,
    }));
    const changed = decision.events.find((e): e is TierChanged => e.type === CustomerEventType.TierChanged);
    return {
      platformCustomerId: decision.after.platformCustomerId!,
      tierId: tier.id,
      tierName: tier.name,
      tierPoint: decision.after.tierPoint,
      tierUpdatedAt: changed?.occurredAt ?? null,
    };
  }
}
