import { randomBytes } from 'node:crypto';
import { Inject, Logger } from '@nestjs/common';
import { AlphaPassCreated } from './domain/wallet-pass.events';
import { CustomerEventType } from '../customer-event-types';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { because } from '../../shared/domain/domain-error';
import { CONTENT_TYPES, OBJECT_STORAGE, ObjectStorage } from '../../infrastructure/object-storage/object-storage.port';
import { AlphaPassSigner, WALLET_PASSES, WalletPasses } from '../../infrastructure/wallet-passes/wallet-pass.port';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { ShopDirectory } from '../../shops/shop-directory';
import { walletPassContent } from './domain/wallet-pass-content';

/** POST /customer/wallet-pass/alpha: the customer's pass, generated, stored and put on file. */
export class CreateAlphaPassCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    /** Where the stored files are served (`<base>/uploads/<key>`). */
    readonly publicBase: string,
  ) {}
}

export interface AlphaPassCreatedView {
  url: string;
  qrUrl: string;
}

/**
 * Signs the pass with the shop's certificates, stores it, then records it on the customer's stream.
 * Every refusal comes before the file is stored (eligibility is prechecked); a signing or storage
 * failure is 502 ALPHA_PASS_GENERATION_FAILED with nothing changed. A regeneration stores a new
 * file under a new key and, once the new one is on file, deletes the file it replaced (its old URL
 * then answers 404), so regenerating keeps one file per customer.
 */
@CommandHandler(CreateAlphaPassCommand)
export class CreateAlphaPassHandler implements ICommandHandler<CreateAlphaPassCommand, AlphaPassCreatedView> {
  private readonly logger = new Logger('WalletPasses');

  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly shops: ShopDirectory,
    @Inject(WALLET_PASSES) private readonly passes: WalletPasses,
    @Inject(OBJECT_STORAGE) private readonly objects: ObjectStorage,
  ) {}

  async execute({ shopId, customerId, publicBase }: CreateAlphaPassCommand): Promise<AlphaPassCreatedView> {
    const passKey = `${shopId}/${customerId}/${randomBytes(16).toString('hex')}.pkpass`;
    const url = `${publicBase}/uploads/${passKey}`;
    const { toDataURL } = await import('qrcode');
    const qrUrl = await toDataURL(url);
    const record = { passKey, url, qrUrl };
    // Who may hold a card comes first: a guest is refused as one (403) on a shop with or without wallet settings.
    await this.commands.precheck(shopId, customerId, (meta) => ({ type: 'RecordAlphaPass', meta, ...record }));
    const { walletAlpha } = await this.shops.walletPassCredentials(shopId);
    if (!walletAlpha) throw because.alphaPassGenerationFailed('Wallet passes are not configured for this shop');
    const state = await this.commands.state(shopId, customerId);
    const bytes = await this.signed(walletAlpha, {
      shopId,
      customerId,
      points: state.points,
      tierName: state.tierName,
    });
    try {
      await this.objects.putBatch([{ key: passKey, contentType: CONTENT_TYPES.pkpass, bytes }]);
    } catch {
      throw because.alphaPassGenerationFailed('The wallet pass could not be stored; nothing was changed');
    }
    const { events } = await this.commands.run(shopId, customerId, (meta) => ({
      type: 'RecordAlphaPass',
      meta,
      ...record,
    }));
    const created = events.find((e): e is AlphaPassCreated => e.type === CustomerEventType.AlphaPassCreated);
    if (created?.replacedPassKey) await this.removeReplaced(created.replacedPassKey);
    return { url, qrUrl };
  }

  /** The replaced file goes; failing that, the new pass stands (the orphan is only storage). */
  private async removeReplaced(passKey: string): Promise<void> {
    try {
      await this.objects.remove([passKey]);
    } catch (error) {
      this.logger.warn(`a replaced wallet pass could not be deleted: ${(error as Error)?.message ?? error}`);
    }
  }

  private async signed(signer: AlphaPassSigner, holder: Parameters<typeof walletPassContent>[0]): Promise<Buffer> {
    try {
      return await this.passes.alphaPass(walletPassContent(holder, signer.organizationName), signer);
    } catch {
      throw because.alphaPassGenerationFailed('The wallet pass could not be signed with the shop certificates');
    }
  }
}
