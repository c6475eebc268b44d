import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional, Matches } from 'class-validator';

/** A day (its first instant, UTC) or a date-time with its offset: never the server's local time. */
export const INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** Validates a query field holding an instant (asOf, from, to). */
export const IsInstant = (field: string) =>
  applyDecorators(
    IsISO8601({ strict: true }, { message: `${field} must be an ISO 8601 date-time` }),
    Matches(INSTANT, { message: `${field} must be a date-time with its offset (e.g. 2026-12-31T23:59:59Z)` }),
  );

/** A validated instant as a Date. */
export const instant = (value: string | undefined | null): Date | null => (value ? new Date(value) : null);

/** `?asOf=`: the events whose effective time (occurredAt) is at or before it count (docs/auditors.md). */
export class AsOfDto {
  @ApiPropertyOptional({ format: 'date-time', description: 'Answer as of this instant (effective time of the events)' })
  @IsOptional()
  @IsInstant('asOf')
  asOf?: string;
}
