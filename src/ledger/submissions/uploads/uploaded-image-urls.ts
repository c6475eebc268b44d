import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config';
import { because } from '../../../shared/domain/domain-error';
import { UPLOADS_PATH } from '../../../shared/upload-urls';
import { isImageKey, OBJECT_STORAGE, ObjectStorage } from '../../../infrastructure/object-storage/object-storage.port';

/**
 * Images attached to a claim (`context.imageUrls`) must be ones this service keeps for the claiming
 * customer: URLs the upload route answered, `<base>/uploads/<shop>/<customer>/<file>` with the
 * token's shop and customer and the object present in the store. With PUBLIC_URL or
 * UPLOADS_PUBLIC_URL set, `<base>` must be the uploads address; unset (development), any http(s)
 * origin is read. Only the object key is recorded: answers render it at the configured address, so a
 * client cannot make the merchant's moderation list link elsewhere. Anything else, another shopper's
 * upload included, is 400 INVALID_INPUT naming the URL.
 */
@Injectable()
export class UploadedImageUrls {
  constructor(
    @Inject(OBJECT_STORAGE) private readonly objects: ObjectStorage,
    private readonly config: AppConfig,
  ) {}

  /** The object keys of the URLs, once each is this customer's upload. */
  async check(shopId: string, customerId: string, urls: readonly string[]): Promise<string[]> {
    const keys: string[] = [];
    for (const [i, url] of urls.entries()) {
      const key = this.keyOf(url);
      const mine = key !== null && key.startsWith(`${shopId}/${customerId}/`) && (await this.objects.exists(key));
      if (!mine)
        throw because.invalidInput(
          `context.imageUrls[${i}] is not an image this customer uploaded (POST /customer/earn/upload)`,
          `context.imageUrls[${i}]`,
          'not_uploaded',
        );
      keys.push(key);
    }
    return keys;
  }

  private keyOf(url: string): string | null {
    const configured = `${this.config.uploadsPublicUrl}${UPLOADS_PATH}`;
    let rest: string;
    if (url.startsWith(configured)) rest = url.slice(configured.length);
    else if (this.config.publicUrlConfigured) return null;
    else {
      const origin = /^https?:\/\/[^/?#@\s]+/.exec(url)?.[0];
      if (!origin || !url.startsWith(`${origin}${UPLOADS_PATH}`)) return null;
      rest = url.slice(origin.length + UPLOADS_PATH.length);
    }
    return isImageKey(rest) ? rest : null;
  }
}
