import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { IsInstant } from '../../shared/http/instant';
import { IntegerInRange } from '../../shared/http/field-rules';
import { ToInteger } from '../../shared/http/query-transforms';
import { DayInterval } from '../../shared/domain/zoned-days';

export const INTERVALS: readonly DayInterval[] = ['day', 'week', 'month'];

export class LiabilityDto {
  @ApiProperty({
    format: 'date-time',
    description: "A midnight in the shop's time zone, with its offset: the first period starts there",
  })
  @IsInstant('from')
  from: string;
  @ApiProperty({
    format: 'date-time',
    description: "A midnight in the shop's time zone, with its offset: the last period ends there",
  })
  @IsInstant('to')
  to: string;
  @ApiPropertyOptional({
    enum: INTERVALS,
    default: 'month',
    description: "Periods in the shop's time zone (weeks start on Monday)",
  })
  @IsOptional()
  @IsIn(INTERVALS, { message: 'interval must be day, week or month' })
  interval: DayInterval = 'month';
  @ApiPropertyOptional({ enum: ['json', 'csv'], default: 'json' })
  @IsOptional()
  @IsIn(['json', 'csv'], { message: 'format must be json or csv' })
  format: 'json' | 'csv' = 'json';
  @ApiPropertyOptional({
    minimum: 1,
    maximum: 120,
    default: 12,
    description: 'Months of the trailing breakage window ending at to',
  })
  @IsOptional()
  @ToInteger()
  @IntegerInRange(1, 120)
  breakageMonths: number = 12;
}
