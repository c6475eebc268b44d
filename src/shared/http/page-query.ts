import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
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

/** What a paged query is asked, besides its filters. */
export interface PageOptions {
  limit: number;
  before?: string;
  after?: string;
  hasCount: boolean;
}
