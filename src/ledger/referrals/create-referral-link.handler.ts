import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ShopDirectory } from '../../shops/shop-directory';
import { ProgramCatalog } from '../../programs/program-catalog';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { CommandMetas } from '../../event-sourcing/command-metas';
import { because } from '../../shared/domain/domain-error';
import { referralCodeFor, referralLink } from './domain/referral-code';
import { ReferralDirectory } from './referral-directory';
import { referralRefusalError } from './domain/referral-refusals';

/** The customer asks for their referral link (the storefront's share button). */
export class CreateReferralLinkCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
  ) {}
}

export interface ReferralLinkResult {
  code: string;
  link: string;
  programId: string;
  /** When the link was made. */
  createdAt: string;
  /** The link was made by this call (the first time it was asked for). */
  created: boolean;
}

/**
 * The link is the program's landing page (else the shop's storefront) with the customer's code; it is
 * recorded on the customer's stream the first time it is asked for (referral/link_created), and
 * answered as recorded afterwards. Only members of a shop running a referral program get one.
 */
@CommandHandler(CreateReferralLinkCommand)
export class CreateReferralLinkHandler implements ICommandHandler<CreateReferralLinkCommand, ReferralLinkResult> {
  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly directory: ReferralDirectory,
    private readonly programs: ProgramCatalog,
    private readonly shops: ShopDirectory,
    private readonly metas: CommandMetas,
  ) {}

  async execute({ shopId, customerId }: CreateReferralLinkCommand): Promise<ReferralLinkResult> {
    const state = await this.commands.state(shopId, customerId);
    if (state.referral.link) return { ...state.referral.link, created: false };
    const terms = await this.directory.terms(shopId, this.metas.for(shopId).occurredAt);
    if (!terms) throw referralRefusalError('no_program');
    const shop = await this.shops.byId(shopId);
    if (!shop) throw because.notFound('Shop');
    const program = (await this.programs.forShop(shopId)).find((p) => p.id === terms.programId);
    const code = referralCodeFor(customerId);
    const link = referralLink(program?.settings.urlLocation ?? `https://${shop.domain}/`, code);
    const { events, after } = await this.commands.run(shopId, customerId, (meta) => ({
      type: 'CreateReferralLink',
      meta,
      code,
      link,
      programId: terms.programId,
    }));
    return { ...after.referral.link!, created: events.length > 0 };
  }
}
