import { Capability } from '../capability';
import { JwtService } from '@nestjs/jwt';
import { HeadlessSigningKeys } from './auth/headless-signing-keys';
import { HeadlessTokens } from './auth/headless-tokens';
import { HeadlessAuthGuard } from './auth/headless-auth.guard';
import { HeadlessRateLimits } from './rate-limits/headless-rate-limits';
import { PublicIpQuotaGuard, TokenIpQuotaGuard } from './rate-limits/quota.guards';
import { HeadlessExceptionFilter, TokenExchangeExceptionFilter } from './http/headless-exception.filter';
import { StorefrontOrigins } from './cors/storefront-origins';
import { StorefrontOriginsProjection } from './cors/storefront-origins.projection';

/** The storefront API's plumbing, below its features: bearer tokens and their guard, rate limits, CORS origins and the error envelope. */
export const STOREFRONT_API_CAPABILITY: Capability = {
  providers: [
    JwtService,
    HeadlessSigningKeys,
    HeadlessTokens,
    HeadlessAuthGuard,
    HeadlessRateLimits,
    TokenIpQuotaGuard,
    PublicIpQuotaGuard,
    HeadlessExceptionFilter,
    TokenExchangeExceptionFilter,
    StorefrontOrigins,
  ],
  projections: [StorefrontOriginsProjection],
  controllers: [],
};
