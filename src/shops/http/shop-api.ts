import {
  applyDecorators,
  CallHandler,
  Controller,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Response } from 'express';
import { Observable } from 'rxjs';
import { ShopAuthGuard } from './shop-auth.guard';
import { ApiShopKeys } from '../../shared/http/openapi/security';
import { ApiErrors } from '../../shared/http/openapi/responses';

/**
 * The API families a shop's servers call with the shop's two keys, each as one composed decorator
 * (guard, security requirement, tag), so a controller of the family is its routes and nothing else.
 */
export const ShopKeys = () => applyDecorators(ApiShopKeys(), UseGuards(ShopAuthGuard));

/** A controller of the management API v2 (`/rest_api/v2`); every route can be refused 401, 429 and 503. */
export const ManagementApi = (path: string, tag: string) =>
  applyDecorators(ApiTags(tag), ShopKeys(), ApiErrors(401, 429, 503), Controller(path));

/** The v1 API is deprecated (spec 9): every answer says so and points at v2. */
export const V1_SUNSET = 'Wed, 30 Jun 2027 00:00:00 GMT';

@Injectable()
export class DeprecatedApiInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const res = context.switchToHttp().getResponse<Response>();
    res.setHeader('Deprecation', 'true');
    res.setHeader('Sunset', V1_SUNSET);
    res.setHeader('Link', '</rest_api/v2/programs/earning>; rel="successor-version"');
    return next.handle();
  }
}

/** A controller of the deprecated v1 API (`/rest_api/v1`): the same keys, and the deprecation headers on every answer. */
export const DeprecatedV1Api = (path = 'rest_api/v1') =>
  applyDecorators(
    ApiTags('v1 (deprecated)'),
    ShopKeys(),
    ApiErrors(401, 429, 503),
    UseInterceptors(DeprecatedApiInterceptor),
    Controller(path),
  );
