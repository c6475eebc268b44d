import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { because } from '../../shared/domain/domain-error';
import { ShopDirectory } from '../../shops/shop-directory';
import { TierLadderReader } from '../../tiers/tier-ladder.reader';
import { ProgramCatalog } from '../../programs/program-catalog';
import { ActiveProgram, isActive } from '../../programs/domain/order-earning';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { CustomerEvent, CustomerEventType, PhotoLinked, PhotoUnlinked, PointsAwarded } from '../customer-events';
import { EarnFromProgram } from '../program-earning/program-earning.decisions';
import { payRuleOf } from '../program-earning/program-pay-rule';
import { socialHandleStreamId } from './domain/social-handle.decider';
import { SocialHandles } from './social-handles';
import { paysAccountLink } from '../../programs/kinds/kinds';

/** The customer links a photo handle (`username` empty: unlinks). */
export class LinkPhotoCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly username: string,
    readonly source: string,
  ) {}
}

export interface PhotoLinkResult {
  photoUsername: string;
  rewardEarned: boolean;
  pointsEarned: number;
}

/** What a handle is stored as: trimmed and lowercased. */
export const normalizedHandle = (raw: string | undefined | null): string => (raw ?? '').trim().toLowerCase();

/**
 * Reserve, then link; unlink, then release. The handle's stream decides who holds it (one winner when
 * two customers race); the customer's stream records the link and pays the one-time reward with it.
 * A link that fails after its reservation gives the handle back; one that stops half-way leaves a
 * reservation its customer can finish by asking again, and anyone else can take after a minute.
 */
/** The link reward: the shop's follow_photo program active at `now`, of highest priority (none: no reward). */
function linkReward(programs: ActiveProgram[], now: string): EarnFromProgram['program'] | null {
  const program = programs
    .filter((p) => p.kind === 'earning' && paysAccountLink(p.event) && isActive(p, now))
    .sort((a, b) => b.settings.priority - a.settings.priority)[0];
  if (!program) return null;
  return {
    programId: program.id,
    programTitle: program.settings.title,
    event: program.event,
    points: program.settings.earnPoint,
    ...payRuleOf(program.event, program.settings),
  };
}

@CommandHandler(LinkPhotoCommand)
export class LinkPhotoHandler implements ICommandHandler<LinkPhotoCommand, PhotoLinkResult> {
  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly handles: SocialHandles,
    private readonly catalog: ProgramCatalog,
    private readonly tiers: TierLadderReader,
    private readonly shops: ShopDirectory,
  ) {}

  async execute({ shopId, customerId, username, source }: LinkPhotoCommand): Promise<PhotoLinkResult> {
    const state = await this.commands.state(shopId, customerId);
    if (!state.enrolled) throw because.notFound('Customer');
    if (state.membership === 'guest') throw because.notEligible('Join the loyalty program first');
    if (!username) return this.unlink(shopId, customerId, source);
    if (state.photoUsername === username) return { photoUsername: username, rewardEarned: false, pointsEarned: 0 };
    const stream = socialHandleStreamId(shopId, username);
    await this.handles.reserve(shopId, stream, customerId);
    const [programs, tiers, earningLimit] = await Promise.all([
      this.catalog.forShop(shopId),
      this.tiers.rungs(shopId),
      this.shops.earningLimit(shopId),
    ]);
    let events: CustomerEvent[];
    try {
      ({ events } = await this.commands.run(shopId, customerId, (meta) => ({
        type: 'LinkPhoto',
        meta,
        photoUsername: username,
        handleStream: stream,
        reward: linkReward(programs, meta.occurredAt),
        source,
        tiers,
        earningLimit,
      })));
    } catch (error) {
      // Give the handle back, unless a parallel request of the same customer has linked it meanwhile.
      if ((await this.commands.state(shopId, customerId)).photoHandleStream !== stream)
        await this.handles.release(shopId, stream, customerId);
      throw error;
    }
    const linked = events.find((e): e is PhotoLinked => e.type === CustomerEventType.PhotoLinked);
    if (linked?.replacedHandleStream) await this.handles.release(shopId, linked.replacedHandleStream, customerId);
    const awarded = events.find((e): e is PointsAwarded => e.type === CustomerEventType.PointsAwarded);
    return { photoUsername: username, rewardEarned: awarded !== undefined, pointsEarned: awarded?.points ?? 0 };
  }

  private async unlink(shopId: string, customerId: string, source: string): Promise<PhotoLinkResult> {
    const { events } = await this.commands.run(shopId, customerId, (meta) => ({ type: 'UnlinkPhoto', meta, source }));
    const unlinked = events.find((e): e is PhotoUnlinked => e.type === CustomerEventType.PhotoUnlinked);
    if (unlinked) await this.handles.release(shopId, unlinked.handleStream, customerId);
    return { photoUsername: '', rewardEarned: false, pointsEarned: 0 };
  }
}
