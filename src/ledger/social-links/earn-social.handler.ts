import { ShopDirectory } from '../../shops/shop-directory';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { because } from '../../shared/domain/domain-error';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { CustomerState } from '../customer-state';
import { CustomerEventType, PointsAwarded } from '../customer-events';
import { TierLadderReader } from '../../tiers/tier-ladder.reader';
import { ProgramCatalog } from '../../programs/program-catalog';
import { ActiveProgram, isActive } from '../../programs/domain/order-earning';
import { earningKind, isSocialKind, SOCIAL_EVENTS } from '../../programs/kinds/kinds';
import { payRuleOf } from '../program-earning/program-pay-rule';

/**
 * A social interaction (follow, like, join...) pays its program's points: once per customer, or as
 * often as the program's limit allows. The one decision behind v2 social interactions, v1
 * interact-social and the headless social earn.
 */
export class EarnSocialCommand {
  constructor(
    readonly shopId: string,
    /** The service's customer id (customerIdFor a platform id). */
    readonly customerId: string,
    readonly programId: string,
    /** When given, must be the program's event. */
    readonly event: string | null,
    readonly source: string,
  ) {}
}

export interface SocialEarned {
  programId: string;
  /** The program's event (one of SOCIAL_EVENTS). */
  key: string;
  /** What was paid: the program's points, lowered by the shop's earning limit; 0 when its rate is 0. */
  pointsEarned: number;
  newPoint: number;
}

const invalid = because.invalidProgram;

/** The social program a claim names: by id, or by its number in the shop (numericId, as v1 sends it). */
function socialProgram(programs: ActiveProgram[], programId: string, event: string | null): ActiveProgram {
  const program = programs.find(
    (p) => p.id === programId || (p.numericId !== undefined && String(p.numericId) === programId),
  );
  if (!program || program.kind !== 'earning') throw invalid(`No earning program ${programId} in this shop`);
  if (!isSocialKind(program.event)) throw invalid(`Program ${programId} is not a social program`);
  if (event !== null && !isSocialKind(event))
    throw invalid(`${event} is not a social event (one of ${SOCIAL_EVENTS.join(', ')})`);
  if (event !== null && event !== program.event)
    throw invalid(`Program ${programId} is for ${program.event}, not ${event}`);
  return program;
}

/**
 * A chat-join program set to `follow_oa` pays through the chat login, which records the link on the
 * customer (and pays it then, once); no claim can pay it before the link.
 */
function requireChatLinkIfNeeded(program: ActiveProgram, state: CustomerState): void {
  if (earningKind(program.event)?.chatJoin && program.settings.lineJoinType === 'follow_oa' && !state.chat.userRef)
    throw because.chatNotLinked();
}

@CommandHandler(EarnSocialCommand)
export class EarnSocialHandler implements ICommandHandler<EarnSocialCommand, SocialEarned> {
  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly catalog: ProgramCatalog,
    private readonly tiers: TierLadderReader,
    private readonly shops: ShopDirectory,
  ) {}

  async execute(command: EarnSocialCommand): Promise<SocialEarned> {
    const { shopId, customerId, programId, event, source } = command;
    const program = socialProgram(await this.catalog.forShop(shopId), programId, event);
    const [rungs, earningLimit] = await Promise.all([this.tiers.rungs(shopId), this.shops.earningLimit(shopId)]);
    const decision = await this.commands.run(shopId, customerId, (meta, state) => {
      if (!isActive(program, meta.occurredAt)) throw invalid(`Program ${program.id} is disabled`);
      requireChatLinkIfNeeded(program, state);
      return {
        type: 'EarnFromProgram',
        meta,
        program: {
          programId: program.id,
          programTitle: program.settings.title,
          event: program.event,
          points: program.settings.earnPoint,
          ...payRuleOf(program.event, program.settings),
        },
        source,
        tiers: rungs,
        earningLimit,
      };
    });
    const awarded = decision.events.find((e): e is PointsAwarded => e.type === CustomerEventType.PointsAwarded);
    return {
      programId: program.id,
      key: program.event,
      pointsEarned: awarded?.points ?? 0,
      newPoint: awarded?.newPoint ?? decision.after.points,
    };
  }
}
