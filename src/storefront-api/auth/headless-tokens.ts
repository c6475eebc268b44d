import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../../config/app-config';
import { because } from '../../shared/domain/domain-error';
import { HeadlessSigningKeys } from './headless-signing-keys';

export const TOKEN_ISSUER = 'loyalty-points-service';
export const TOKEN_AUDIENCE = 'headless-customer-api';
/** RFC 8725: one algorithm, pinned on both sides. */
export const TOKEN_ALGORITHM = 'HS256';

/** Spec 2.7 Token. */
export interface HeadlessToken {
  token: string;
  tokenType: 'Bearer';
  expiresIn: number;
}

/** Issues HS256 tokens naming one shop and one customer, signed with the shop's own key. */
@Injectable()
export class HeadlessTokens {
  constructor(
    private readonly jwt: JwtService,
    private readonly keys: HeadlessSigningKeys,
    private readonly config: AppConfig,
  ) {}

  async issue(shopId: string, customerId: string): Promise<HeadlessToken> {
    await this.keys.headlessSecret(shopId, { create: true });
    const key = await this.keys.signingKey(shopId);
    if (!key) throw because.unavailable('The token could not be issued; retry');
    const expiresIn = this.config.headless.tokenTtlSeconds;
    const token = await this.jwt.signAsync(
      { shop: shopId },
      {
        privateKey: key,
        algorithm: TOKEN_ALGORITHM,
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        subject: customerId,
        jwtid: randomUUID(),
        expiresIn,
      },
    );
    return { token, tokenType: 'Bearer', expiresIn };
  }
}
