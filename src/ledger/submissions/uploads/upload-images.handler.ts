import { randomBytes } from 'node:crypto';
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { because } from '../../../shared/domain/domain-error';
import { ImageFormat, ImageReencoder } from '../../../infrastructure/images/image-decoder';
import {
  OBJECT_STORAGE,
  ObjectStorage,
  StoredObject,
} from '../../../infrastructure/object-storage/object-storage.port';
import { SESSION_REVOCATIONS, SessionRevocations } from '../../../infrastructure/sessions/session-revocations.port';
import { sentImages } from './upload-batch';
import { UploadAdmission } from './upload-admission';

/** A shopper's images (proof for a receipt or a review), kept under their shop and customer. */
export class UploadImagesCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    /** The request body as sent: checked by the handler (every refusal is INVALID_INPUT). */
    readonly body: unknown,
  ) {}
}

const STORED: Record<ImageFormat, { extension: string; contentType: string }> = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
};

/**
 * Checks the batch, decodes and re-encodes each image in turn (one of this batch's images at a time,
 * and a bounded number across uploads), then stores them all or none. A key is the shop, the customer and 128 random bits, so a
 * URL cannot be guessed and a customer's files are erased with them. Answers the keys, in order.
 */
@CommandHandler(UploadImagesCommand)
export class UploadImagesHandler implements ICommandHandler<UploadImagesCommand, string[]> {
  private readonly logger = new Logger('Uploads');

  constructor(
    @Inject(OBJECT_STORAGE) private readonly objects: ObjectStorage,
    private readonly images: ImageReencoder,
    @Inject(SESSION_REVOCATIONS) private readonly revocations: SessionRevocations,
    private readonly admission: UploadAdmission,
  ) {}

  async execute({ shopId, customerId, body }: UploadImagesCommand): Promise<string[]> {
    const objects: StoredObject[] = [];
    for (const image of sentImages(body)) {
      const bytes = await this.images.reencoded(image.bytes, image.format);
      if (!bytes)
        throw because.invalidInput(
          `${image.field}.imageBase64 is not a whole, valid ${STORED[image.format].contentType} image`,
          `${image.field}.imageBase64`,
        );
      const { extension, contentType } = STORED[image.format];
      objects.push({
        key: `${shopId}/${customerId}/${randomBytes(16).toString('hex')}.${extension}`,
        contentType,
        bytes,
      });
    }
    try {
      await this.objects.putBatch(objects);
    } catch (error) {
      this.logger.error(`an upload batch could not be stored: ${(error as Error)?.message ?? error}`);
      throw because.uploadFailed();
    }
    await this.refuseIfErasedMeanwhile(shopId, customerId);
    const bytes = objects.reduce((sum, object) => sum + object.bytes.length, 0);
    await this.admission.record(shopId, customerId, objects.length, bytes);
    return objects.map((object) => object.key);
  }

  /**
   * An upload let in just before its customer was erased must not outlive the erasure's purge of
   * their folder: checked again once stored, the folder is purged again and the upload refused.
   */
  private async refuseIfErasedMeanwhile(shopId: string, customerId: string): Promise<void> {
    if (!(await this.revocations.isRevoked(shopId, customerId))) return;
    await this.objects.removePrefix(`${shopId}/${customerId}/`);
    throw because.unauthorized('This customer was erased');
  }
}
