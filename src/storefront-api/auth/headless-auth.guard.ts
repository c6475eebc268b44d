import { CanActivate, createParamDecorator, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Request, Response } from 'express';
import { KeyObject } from 'node:crypto';
import { decode } from 'jsonwebtoken';
import passport from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import { because } from '../../shared/domain/domain-error';
import { HeadlessRateLimits } from '../rate-limits/headless-rate-limits';
import { HeadlessSigningKeys } from './headless-signing-keys';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER } from './headless-tokens';
import { HeadlessCaller, HeadlessPrincipal, HeadlessRequest } from '../http/headless-request';
import { localeRequestOf } from '../../translations/queries/shop-text';
import { PERSONAL } from '../http/headless-exception.filter';
import { VerifiedTokens } from './verified-tokens';
import { SESSION_REVOCATIONS, SessionRevocations } from '../../infrastructure/sessions/session-revocations.port';

/** A mark on the request itself: the guard Nest runs may be another instance than the input policy's. */
const AUTHENTICATED_EARLY = Symbol('headlessAuthenticatedEarly');
type EarlyRequest = HeadlessRequest & { [AUTHENTICATED_EARLY]?: true };

const text = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200;

/**
 * `Authorization: Bearer <token>` (passport-jwt): HS256 only, our issuer and audience, not expired,
 * signed with the key of the shop the token names, its customer not erased (read from the store
 * every process shares, so a token is refused everywhere from the moment the erasure is recorded).
 * Then the token's request quota. Any failure is 401 (the headless filter sends it without a body). Every answer of a guarded route is personal:
 * the guard marks it `private, no-store` first (a header set here, rather than by an interceptor,
 * spares each request Nest's interceptor chain).
 *
 * The strategy is this application's own instance, not one registered by name in passport's global
 * registry: several applications in one process (tests, a second instance) each verify with their
 * own keys.
 *
 * A token verified before is taken from `VerifiedTokens` (same bytes, unexpired, the shop's key
 * unchanged) without going through passport again.
 */
@Injectable()
export class HeadlessAuthGuard implements CanActivate {
  private readonly strategy: JwtStrategy;
  private readonly bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();
  private readonly verified = new VerifiedTokens();
  /** What passport's verification of a request used and found: the shop key and the token's `exp`. */
  private readonly checked = new WeakMap<Request, { key: KeyObject; expiresAt?: number }>();

  constructor(
    private readonly keys: HeadlessSigningKeys,
    private readonly limits: HeadlessRateLimits,
    @Inject(SESSION_REVOCATIONS) private readonly revocations: SessionRevocations,
  ) {
    this.strategy = new JwtStrategy(
      {
        jwtFromRequest: this.bearerToken,
        passReqToCallback: true,
        algorithms: [TOKEN_ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        // The key is the one of the shop the (not yet verified) token names; a token naming another shop
        // than the one whose key signed it fails the signature check.
        secretOrKeyProvider: (req: Request, rawJwt: string, done: (err: unknown, key?: Buffer) => void) => {
          const claims = decode(rawJwt, { json: true });
          if (!claims || !text(claims.shop)) return done(because.unauthorized());
          keys.signingKey(claims.shop).then(
            // passport-jwt types the key as string | Buffer but hands it to jsonwebtoken, which takes
            // a KeyObject as it is (bytes it would first try, and fail, to parse as a public key).
            (key) => {
              if (!key) return done(because.unauthorized());
              this.checked.set(req, { key });
              done(null, key as unknown as Buffer);
            },
            (error) => done(error),
          );
        },
      },
      (
        req: Request,
        claims: Record<string, unknown>,
        done: (err: unknown, user?: HeadlessPrincipal | false) => void,
      ) => {
        if (!text(claims.sub) || !text(claims.shop) || !text(claims.jti)) return done(null, false);
        // Every token the service issues expires; one without exp (made with a leaked key) never would.
        if (typeof claims.exp !== 'number') return done(null, false);
        const checked = this.checked.get(req);
        if (checked) checked.expiresAt = claims.exp;
        done(null, { shopId: claims.shop, customerId: claims.sub, tokenId: claims.jti });
      },
    );
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<HeadlessRequest>();
    // Authenticated before its body was read (a large-body route: see the input policy).
    if ((request as EarlyRequest)[AUTHENTICATED_EARLY]) return true;
    await this.authenticate(request, http.getResponse<Response>());
    return true;
  }

  /**
   * The whole check, outside Nest's guard chain: the input policy calls it before it reads the body
   * of a large-body route, so a caller without a good token never has its megabytes read. The guard
   * then lets the request through without checking (or counting) it twice.
   */
  async authenticateBeforeBody(request: HeadlessRequest, response: Response): Promise<void> {
    await this.authenticate(request, response);
    (request as EarlyRequest)[AUTHENTICATED_EARLY] = true;
  }

  private async authenticate(request: HeadlessRequest, response: Response): Promise<void> {
    response.setHeader('Cache-Control', PERSONAL);
    const principal = await this.verify(request, response);
    if (await this.revocations.isRevoked(principal.shopId, principal.customerId))
      throw because.unauthorized('This customer was erased');
    request.headless = principal;
    await this.limits.consumeRequest(principal.tokenId);
  }

  private async verify(request: Request, response: Response): Promise<HeadlessPrincipal> {
    const token = this.bearerToken(request);
    const known = token ? await this.verified.principal(token, (shopId) => this.keys.signingKey(shopId)) : null;
    if (known) return known;
    const principal = await this.verifyWithPassport(request, response);
    const checked = this.checked.get(request);
    if (token && checked?.expiresAt !== undefined)
      this.verified.remember(token, principal, checked.expiresAt, checked.key);
    return principal;
  }

  private verifyWithPassport(request: Request, response: Response): Promise<HeadlessPrincipal> {
    return new Promise((resolve, reject) => {
      // One object per request: passport sets its callbacks on the strategy object it is given.
      const perRequest = Object.create(this.strategy) as JwtStrategy;
      const authenticate = passport.authenticate(
        perRequest,
        { session: false },
        (error: unknown, principal: HeadlessPrincipal | false) => {
          if (principal) return resolve(principal);
          // A store outage is not the caller's fault.
          if (error && !(error instanceof Error && error.name === 'DomainError')) return reject(error);
          reject(because.unauthorized('A valid headless bearer token is required'));
        },
      );
      authenticate(request, response, (error: unknown) => reject(error ?? because.unauthorized()));
    });
  }
}

/**
 * The shop and customer of the request's token (the only ones a /customer endpoint acts on), and the
 * language the request asks for (the `locale` query field, else Accept-Language).
 */
export const CurrentCustomer = createParamDecorator((_: unknown, context: ExecutionContext): HeadlessCaller => {
  const request = context.switchToHttp().getRequest<HeadlessRequest>();
  if (!request.headless) throw because.unauthorized();
  return { ...request.headless, locale: localeRequestOf(request) };
});
