import { Inject, Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { HASH_SECRETS, HashSecrets } from '../../../infrastructure/personal-data/hash-secrets.port';

/**
 * What the chat network's user id is kept as: an HMAC-SHA256 of the shop and the id, keyed with the
 * store's chat-ref secret (kept wrapped by the service key, so a rotation of PERSONAL_DATA_KEY leaves
 * every ref as it was). The same user of the same shop gives the same value (a follow notification
 * finds its customer); nobody without the secret can test a guessed id, and the raw id never goes
 * further than this function.
 */
@Injectable()
export class ChatUserRefs {
  private readonly key: Buffer;

  constructor(@Inject(HASH_SECRETS) secrets: HashSecrets) {
    this.key = secrets.secret('chat-user-ref.v1');
  }

  ref(shopId: string, rawUserId: string): string {
    return createHmac('sha256', this.key).update(`${shopId}\u0000${rawUserId}`).digest('hex');
  }
}
