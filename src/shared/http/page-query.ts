import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsISO8601, IsOptional, IsString, Max, Min } from 'class-validator';
import { ToBoolean, ToInteger } from './query-transforms';

/**
 * The query-string fields of a paged list (spec 2.1), each one decorator so every list validates and
 * documents them alike; the paging itself is `pagedList` (infrastructure/read-store/paged-list.ts).
 */

/** `before` / `after`: a document id of the list (an unknown one is 400, see UnknownCursorError). */
export const CursorParam = (description?: string) =>
  applyDecorators(ApiPropertyOptional(description ? { description } : {}), IsOptional(), IsString());

/** `limit`: the page size, a whole number from 1 to `max`. */
export const LimitParam = (defaultSize: number, max = 1000) =>
  applyDecorators(
    ApiPropertyOptional({ minimum: 1, maximum: max, default: defaultSize }),
    IsOptional(),
    ToInteger(),
    IsInt({ message: 'limit must be an integer' }),
    Min(1),
    Max(max),
  );

/** `hasCount`: also count the whole list (`pagination.total`, `totalPage`); off by default, a count is a scan. */
export const HasCountParam = (description?: string) =>
  applyDecorators(
    ApiPropertyOptional({ default: false, ...(description ? { description } : {}) }),
    IsOptional(),
    ToBoolean(),
    IsBoolean(),
  );

/** A date-time filter of a list (`created_at_min` and the like): an ISO 8601 instant. */
export const DateTimeParam = () =>
  applyDecorators(ApiPropertyOptional({ format: 'date-time' }), IsOptional(), IsISO8601());

/** `order`: one of the list's `orders`, `createdAt_desc` when not given. */
export const OrderParam = (orders: readonly string[]) =>
  applyDecorators(ApiPropertyOptional({ enum: [...orders], default: 'createdAt_desc' }), IsOptional(), IsIn(orders));

/** What a paged query is asked, besides its filters. */
export interface PageOptions {
  limit: number;
  before?: string;
  after?: string;
  hasCount: boolean;
}
