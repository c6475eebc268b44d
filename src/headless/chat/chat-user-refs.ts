import { Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { AppConfig } from '../../config/app-config';

/**
 * What the chat network's user id is kept as: an HMAC-SHA256 of the shop and the id, keyed with a
 * key derived from the service key (PERSONAL_DATA_KEY). The same user of the same shop gives the same
 * value (a follow notification finds its customer); nobody without the service key can test a
 * guessed id, and the raw id never goes further than this function.
 */
@Injectable()
export class ChatUserRefs {
  private readonly key: Buffer;

  constructor(config: AppConfig) {
    this.key = createHmac('sha256', config.personalDataKey).update('chat-user-ref.v1').digest();
  }

  ref(shopId: string, rawUserId: string): string {
    return createHmac('sha256', this.key).update(`${shopId}\u0000${rawUserId}`).digest('hex');
  }
}
