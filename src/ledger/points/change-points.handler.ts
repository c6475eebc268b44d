import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CustomerCommand } from '../customer-ledger';
import { PointsRequest, replayOf } from './points.decisions';
import { customerIdFor } from '../customer-identity';
import { PointsEvent, POINTS_EVENT_TYPES } from '../customer-events';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { TierLadderReader } from '../../tiers/tier-ladder.reader';
import { IdempotencyKeys } from '../idempotency-keys';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

export type PointsChangeKind = 'award' | 'deduct' | 'adjust' | 'reset';

/**
 * Award, deduct, adjust (signed) or reset (to a value) one customer's points.
 */
export class ChangePointsCommand {
  constructor(
    readonly shopId: string,
    readonly platformCustomerId: PlatformCustomerId,
    readonly kind: PointsChangeKind,
    readonly request: PointsRequest,
  ) {}
}

export interface ChangePointsResult {
  transactionId: string;
  oldPoint: number;
  newPoint: number;
  /** True when an idempotency key matched an earlier request and nothing new was applied. */
  replayed: boolean;
}

@CommandHandler(ChangePointsCommand)
export class ChangePointsHandler implements ICommandHandler<ChangePointsCommand, ChangePointsResult> {
  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly tiers: TierLadderReader,
    private readonly keys: IdempotencyKeys,
  ) {}

  async execute(command: ChangePointsCommand): Promise<ChangePointsResult> {
    const { shopId, platformCustomerId, kind, request } = command;
    const customerId = customerIdFor(shopId, platformCustomerId);
    if (request.idempotency) await this.keys.earlier(shopId, customerId, request.idempotency);
    const tiers = kind === 'award' || kind === 'adjust' ? await this.tiers.rungs(shopId) : [];
    const decision = await this.commands.run(shopId, customerId, (meta): CustomerCommand => {
      switch (kind) {
        case 'award':
          return { type: 'AwardPoints', meta, request, tiers };
        case 'deduct':
          return { type: 'DeductPoints', meta, request };
        case 'adjust':
          return { type: 'AdjustPoints', meta, request, tiers };
        case 'reset':
          return { type: 'ResetPoints', meta, request };
      }
    });
    const applied = decision.events.find((e): e is PointsEvent => POINTS_EVENT_TYPES.has(e.type));
    if (applied) {
      return {
        transactionId: applied.transactionId,
        oldPoint: applied.oldPoint,
        newPoint: applied.newPoint,
        replayed: false,
      };
    }
    // No event: the idempotency key was seen before on this customer with the same request.
    const replay = replayOf(decision.before, request);
    if (!replay) throw new Error('A points command produced no event and was not a replay');
    const original = await this.keys.transaction(replay.transactionId);
    return {
      transactionId: replay.transactionId,
      oldPoint: original?.oldPoint ?? decision.before.points,
      newPoint: original?.newPoint ?? decision.before.points,
      replayed: true,
    };
  }
}
