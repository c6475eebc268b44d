import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsISO8601, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { ToInteger } from '../../shared/http/query-transforms';

/** A day (its first instant, UTC) or a date-time with its offset: never a local time of the server. */
const INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

const AS_OF = {
  format: 'date-time',
  description: 'An instant: the events whose effective time (occurredAt) is at or before it count (README: Auditors)',
};

export class AsOfDto {
  @ApiPropertyOptional(AS_OF)
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'asOf must be an ISO 8601 date-time' })
  @Matches(INSTANT, { message: 'asOf must be a date-time with its offset (e.g. 2026-12-31T23:59:59Z)' })
  asOf?: string;
}

export class ReplayDto extends AsOfDto {
  @ApiPropertyOptional({ description: 'Revision: events after this one' })
  @IsOptional()
  @ToInteger()
  @IsInt({ message: 'after must be a revision (integer >= -1)' })
  @Min(-1)
  after?: number;
  @ApiPropertyOptional({ description: 'Revision: the page of events just before this one' })
  @IsOptional()
  @ToInteger()
  @IsInt({ message: 'before must be a revision (integer >= 0)' })
  @Min(0)
  before?: number;
  @ApiPropertyOptional({ minimum: 1, maximum: 10000, default: 100 })
  @IsOptional()
  @ToInteger()
  @IsInt({ message: 'limit must be an integer' })
  @Min(1)
  @Max(10000)
  limit: number = 100;
}

export class ExportDto {
  @ApiPropertyOptional({ description: "One customer's stream: internal id, or all digits for the platform id" })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  customerId?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'Events taking effect at or after this instant' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date-time' })
  @Matches(INSTANT, { message: 'from must be a date-time with its offset (e.g. 2026-12-31T23:59:59Z)' })
  from?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'Events taking effect before this instant' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date-time' })
  @Matches(INSTANT, { message: 'to must be a date-time with its offset (e.g. 2026-12-31T23:59:59Z)' })
  to?: string;
}

export class CreateAuditKeyDto {
  @ApiPropertyOptional({ description: 'Who or what the key is for', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  label?: string;
}

export class StartVerificationDto {
  @ApiPropertyOptional({ description: 'Verify one shop (default: every shop)' })
  @IsOptional()
  @IsUUID('all', { message: 'shopId must be a shop id' })
  shopId?: string;
}

export class VerificationDifferencesDto {
  @ApiPropertyOptional({ description: 'Differences after this sequence number', default: 0 })
  @IsOptional()
  @ToInteger()
  @IsInt({ message: 'after must be an integer' })
  @Min(0)
  after: number = 0;
  @ApiPropertyOptional({ minimum: 1, maximum: 1000, default: 100 })
  @IsOptional()
  @ToInteger()
  @IsInt({ message: 'limit must be an integer' })
  @Min(1)
  @Max(1000)
  limit: number = 100;
}

/** An ISO 8601 instant as a Date (validated by the DTO). */
export const instant = (value: string | undefined): Date | null => (value ? new Date(value) : null);
