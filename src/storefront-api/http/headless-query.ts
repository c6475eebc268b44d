import { applyDecorators, createParamDecorator, ExecutionContext, Type } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';
import { Request } from 'express';
import { localeRequestOf } from '../../translations/queries/shop-text';
import { LocaleRequest } from '../../translations/domain/locale-resolution';
import { ClampedInteger } from './clamped-integer';
import { FieldRules } from '../../shared/http/field-rules';

/** The largest headless page: a larger `limit` is read as this (spec: page sizes are clamped, not refused). */
export const MAX_PAGE = 50;

/** The `locale` query field of a headless read (else Accept-Language, else the shop's language). */
export const LocaleField = (description?: string) =>
  applyDecorators(ApiPropertyOptional(description ? { description } : {}), IsOptional(), IsString(), MaxLength(35));

/** A numeric platform id (an order's, a variant's) as text: "<field> must be a numeric <kind> id" otherwise. */
export const NumericPlatformId = (kind: string) =>
  FieldRules(IsString(), Matches(/^[1-9]\d{0,18}$/, { message: `$property must be a numeric ${kind} id` }));

/** The language the caller asks for: the `locale` query field and Accept-Language. */
export const RequestedLocale = createParamDecorator((_: unknown, context: ExecutionContext): LocaleRequest =>
  localeRequestOf(context.switchToHttp().getRequest<Request>()),
);

export interface CursorPage {
  before?: string;
  after?: string;
  limit: number;
}

/** The descriptions (OpenAPI) and limits of one endpoint's page query. */
export interface CursorPageOptions {
  defaultLimit: number;
  /** Longest cursor accepted: ids by default; opaque platform cursors are longer. */
  cursorLength?: number;
  limit?: string;
  before?: string;
  after?: string;
}

/**
 * A headless page query: `before`/`after` cursors and a `limit` clamped to MAX_PAGE, with the
 * endpoint's own default and descriptions.
 */
export function CursorPageDto(page: CursorPageOptions) {
  const cursorLength = page.cursorLength ?? 100;
  class CursorPageQuery implements CursorPage {
    @ApiPropertyOptional(page.before ? { description: page.before } : {})
    @IsOptional()
    @IsString()
    @MaxLength(cursorLength)
    before?: string;
    @ApiPropertyOptional(page.after ? { description: page.after } : {})
    @IsOptional()
    @IsString()
    @MaxLength(cursorLength)
    after?: string;
    @ApiPropertyOptional({
      default: page.defaultLimit,
      description: page.limit ?? `more than ${MAX_PAGE} is read as ${MAX_PAGE}`,
    })
    @IsOptional()
    @ClampedInteger(MAX_PAGE)
    @IsInt({ message: 'limit must be an integer' })
    @Min(1)
    limit: number = page.defaultLimit;
  }
  return CursorPageQuery as Type<CursorPage>;
}

/** The cursor part of a page query, as the list queries take it. */
export const cursorOf = ({ limit, before, after }: CursorPage): CursorPage => ({ limit, before, after });
