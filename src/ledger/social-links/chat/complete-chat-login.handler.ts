import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { because, DomainError } from '../../../shared/domain/domain-error';
import { ShopDirectory } from '../../../shops/shop-directory';
import { TierLadderReader } from '../../../tiers/tier-ladder.reader';
import { ProgramCatalog } from '../../../programs/program-catalog';
import { ActiveProgram, isActive } from '../../../programs/domain/order-earning';
import { earningKind } from '../../../programs/kinds/kinds';
import { CustomerStreamCommands } from '../../customer-stream.commands';
import { CustomerEventType, PointsAwarded } from '../../customer-events';
import { EarnFromProgram } from '../../program-earning/program-earning.decisions';
import { payRuleOf } from '../../program-earning/program-pay-rule';
import { CommandMeta } from '../../customer-stream';
import { LinkChat } from './domain/chat-link.decisions';
import { chatUserStreamId } from '../domain/social-handle.decider';
import { HoldsReservation, SocialHandles } from '../social-handles';
import {
  CHAT_NETWORK,
  ChatChannel,
  ChatNetwork,
  ChatNetworkError,
} from '../../../infrastructure/chat-network/chat-network.port';
import { ChatChannels } from './chat-channels';
import { loginStateHash, LoginStateOwner, loginStateOwner } from './chat-login-state';
import { ChatUserRefs } from './chat-user-refs';

/** The chat network sent the shopper back to the service's callback with `code` and `state`. */
export class CompleteChatLoginCommand {
  constructor(
    readonly code: string,
    readonly state: string,
  ) {}
}

export interface ChatLoginResult {
  chatLinked: true;
  /** The follow_oa join-chat program's payment with this link (0: none). */
  pointsEarned: number;
}

/** The shop's follow_oa join-chat program active at `now`, of highest priority (none: no reward). */
export function followJoinReward(programs: ActiveProgram[], now: string): EarnFromProgram['program'] | null {
  const program = programs
    .filter((p) => p.kind === 'earning' && earningKind(p.event)?.chatJoin && isActive(p, now))
    .filter((p) => p.settings.lineJoinType === 'follow_oa')
    .sort((a, b) => b.settings.priority - a.settings.priority)[0];
  if (!program) return null;
  const { title, earnPoint } = program.settings;
  const pay = payRuleOf(program.event, program.settings);
  return { programId: program.id, programTitle: title, event: program.event, points: earnPoint, ...pay };
}

const refused = () => because.chatLoginRefused('This chat login state is not valid: start the login again');

/** The customer's stream links the chat user whose reservation stream this is. */
const holdsChatUser =
  (shopId: string): HoldsReservation =>
  (state, stream) =>
    state.chat.userRef !== null && chatUserStreamId(shopId, state.chat.userRef) === stream;

/**
 * Checks the state against its customer's pending login first (a forged, used, replaced or expired
 * state is refused before the network is called), then exchanges the code and reads the user, then
 * links: the link consumes the state and pays the follow_oa join program in one append, decided
 * again under the stream's revision (two callbacks with one state: one link). The chat user is
 * reserved for the customer first, on its own stream (as photo handles are): one chat account links
 * one customer of a shop, so its join reward is paid once (another customer: CHAT_ACCOUNT_TAKEN,
 * nothing paid). A customer who links another chat user keeps the first reserved: a minute later
 * it can be taken over, but links without the join reward. A network failure changes nothing. The user id is hashed at once and never logged.
 */
@CommandHandler(CompleteChatLoginCommand)
export class CompleteChatLoginHandler implements ICommandHandler<CompleteChatLoginCommand, ChatLoginResult> {
  private readonly logger = new Logger('ChatLogin');

  constructor(
    private readonly channels: ChatChannels,
    private readonly commands: CustomerStreamCommands,
    private readonly refs: ChatUserRefs,
    private readonly reservations: SocialHandles,
    private readonly catalog: ProgramCatalog,
    private readonly tiers: TierLadderReader,
    private readonly shops: ShopDirectory,
    @Inject(CHAT_NETWORK) private readonly network: ChatNetwork,
  ) {}

  async execute({ code, state }: CompleteChatLoginCommand): Promise<ChatLoginResult> {
    const owner = loginStateOwner(state);
    if (!owner || !(await this.shops.byId(owner.shopId))) throw refused();
    const { shopId, customerId } = owner;
    const stateHash = loginStateHash(state);
    // The link decided now, without its user or reward: refuses a used, replaced or expired state.
    await this.commands.precheck(shopId, customerId, (meta) => this.linkOf(meta, stateHash, ''));
    const channel = await this.channels.connected(shopId);
    const userRef = this.refs.ref(shopId, await this.networkUser(owner, channel, code));
    return this.link(owner, stateHash, userRef);
  }

  private async networkUser(owner: LoginStateOwner, channel: ChatChannel, code: string): Promise<string> {
    try {
      const { accessToken } = await this.network.exchangeCode(channel, code);
      return (await this.network.readProfile(accessToken)).userId;
    } catch (error) {
      if (!(error instanceof ChatNetworkError)) throw error;
      this.logger.warn(`Chat login of shop ${owner.shopId} failed at the network: ${error.message}`);
      throw because.chatNetworkFailed(`${error.message}; nothing was changed and this login is still open: try again`);
    }
  }

  private async link(owner: LoginStateOwner, stateHash: string, userRef: string): Promise<ChatLoginResult> {
    const { shopId, customerId } = owner;
    const stream = chatUserStreamId(shopId, userRef);
    // A chat user taken over from another customer (who linked it, then moved on) links unpaid.
    const tookOver = await this.reserve(shopId, stream, customerId);
    const [programs, tiers, earningLimit] = await Promise.all([
      this.catalog.forShop(shopId),
      this.tiers.rungs(shopId),
      this.shops.earningLimit(shopId),
    ]);
    let events;
    try {
      ({ events } = await this.commands.run(shopId, customerId, (meta) => ({
        ...this.linkOf(meta, stateHash, userRef),
        reward: tookOver ? null : followJoinReward(programs, meta.occurredAt),
        tiers,
        earningLimit,
      })));
    } catch (error) {
      // Give the chat user back, unless a parallel login of the same customer has linked it meanwhile.
      if ((await this.commands.state(shopId, customerId)).chat.userRef !== userRef)
        await this.reservations.release(shopId, stream, customerId);
      throw error;
    }
    const awarded = events.find((e): e is PointsAwarded => e.type === CustomerEventType.PointsAwarded);
    return { chatLinked: true, pointsEarned: awarded?.points ?? 0 };
  }

  private async reserve(shopId: string, stream: string, customerId: string): Promise<boolean> {
    try {
      return await this.reservations.reserve(shopId, stream, customerId, holdsChatUser(shopId));
    } catch (error) {
      if (error instanceof DomainError && error.code === 'USERNAME_TAKEN') throw because.chatAccountTaken();
      throw error;
    }
  }

  private linkOf(meta: CommandMeta, stateHash: string, userRef: string): LinkChat {
    return {
      type: 'LinkChat',
      meta,
      stateHash,
      userRef,
      reward: null,
      source: 'source_headless',
      tiers: [],
      earningLimit: null,
    };
  }
}
