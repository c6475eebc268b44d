import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, MaxLength, Min } from 'class-validator';
import { DayInterval } from '../../shared/domain/zoned-days';
import { AsOfDto, IsInstant } from '../../shared/http/instant';
import { ToInteger } from '../../shared/http/query-transforms';
import { HasCountParam, LimitParam } from '../../shared/http/page-query';

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
  @LimitParam(100, 10000) limit: number = 100;
  @HasCountParam('Adds pagination.total (reads the whole stream)') hasCount: boolean = false;
}

export class ExportDto {
  @ApiPropertyOptional({ description: "One customer's stream: internal id, or all digits for the platform id" })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  customerId?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'Events taking effect at or after this instant' })
  @IsOptional()
  @IsInstant('from')
  from?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'Events taking effect before this instant' })
  @IsOptional()
  @IsInstant('to')
  to?: string;
  @ApiPropertyOptional({
    enum: ['day', 'week', 'month'],
    description: "Carry the points liability's roll-forward of from..to (by this interval) in the signed manifest",
  })
  @IsOptional()
  @IsIn(['day', 'week', 'month'], { message: 'liability must be day, week or month' })
  liability?: DayInterval;
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
  @LimitParam(100) limit: number = 100;
}
