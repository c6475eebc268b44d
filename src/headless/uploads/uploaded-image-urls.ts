import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { because } from '../../shared/domain/domain-error';
import { isImageKey, OBJECT_STORAGE, ObjectStorage } from '../../infrastructure/object-storage/object-storage.port';

/** Where the upload route's URLs put the key: `<base>/uploads/<key>`. */
const UPLOADS_PATH = '/uploads/';

/**
 * Images attached to a claim (`context.imageUrls`) must be ones this service keeps for the claiming
 * customer: URLs the upload route answered, `<base>/uploads/<shop>/<customer>/<file>` with the
 * token's shop and customer and the object present in the store. `<base>` is UPLOADS_PUBLIC_URL when
 * set; unset, the upload answered its own request's scheme and host, which a claim through another
 * address cannot know, so any http(s) origin is read and the URL is recorded with the claim request's
 * (a client cannot make the merchant's moderation list link elsewhere). Anything else, another
 * shopper's upload included, is 400 INVALID_INPUT naming the URL.
 */
@Injectable()
export class UploadedImageUrls {
  constructor(
    @Inject(OBJECT_STORAGE) private readonly objects: ObjectStorage,
    private readonly config: AppConfig,
  ) {}

  /** The URLs as recorded (each at the service's own address), once each is this customer's upload. */
  async check(shopId: string, customerId: string, urls: readonly string[], requestBase: string): Promise<string[]> {
    const base = this.config.uploadsPublicUrl ?? requestBase;
    const checked: string[] = [];
    for (const [i, url] of urls.entries()) {
      const key = this.keyOf(url);
      const mine = key !== null && key.startsWith(`${shopId}/${customerId}/`) && (await this.objects.exists(key));
      if (!mine)
        throw because.invalidInput(
          `context.imageUrls[${i}] is not an image this customer uploaded (POST /customer/earn/upload)`,
          `context.imageUrls[${i}]`,
          'not_uploaded',
        );
      checked.push(`${base}${UPLOADS_PATH}${key}`);
    }
    return checked;
  }

  private keyOf(url: string): string | null {
    const configured = this.config.uploadsPublicUrl;
    let rest: string;
    if (configured) {
      if (!url.startsWith(`${configured}${UPLOADS_PATH}`)) return null;
      rest = url.slice(configured.length + UPLOADS_PATH.length);
    } else {
      const origin = /^https?:\/\/[^/?#@\s]+/.exec(url)?.[0];
      if (!origin || !url.startsWith(`${origin}${UPLOADS_PATH}`)) return null;
      rest = url.slice(origin.length + UPLOADS_PATH.length);
    }
    return isImageKey(rest) ? rest : null;
  }
}
