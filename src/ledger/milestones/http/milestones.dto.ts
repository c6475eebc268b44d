import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Min } from 'class-validator';
import { NonEmptyText, Satisfies } from '../../../shared/http/field-rules';
import { isRecord } from '../../../shared/domain/guards';
import { STEP_TYPES, TYPE_MILESTONES } from '../../../programs/kinds/milestone-rule';

const isVariantMap = (value: unknown): boolean =>
  isRecord(value) &&
  Object.keys(value).length <= 20 &&
  Object.entries(value).every(([k, v]) => k.length <= 50 && typeof v === 'string' && v.length > 0 && v.length <= 100);

const VARIANT_MAP = { type: 'object', additionalProperties: { type: 'string' } } as const;

/** POST /customer/milestones/{programId}/claim. */
export class ClaimMilestoneDto {
  @ApiProperty({ description: 'The step: its claimKey as the ladder answers it' })
  @NonEmptyText(200, 'claimKey is required')
  claimKey: string;
  @ApiProperty({
    type: [Number],
    description: "Indexes into the step's rewards: exactly maxRewardSelect of them, each once",
  })
  @IsArray({ message: 'selectedRewardIds must be a list of reward indexes' })
  @ArrayMaxSize(20)
  @IsInt({ each: true, message: 'selectedRewardIds must be a list of reward indexes' })
  selectedRewardIds: number[];
  @ApiPropertyOptional({
    ...VARIANT_MAP,
    description: "A free gift's chosen variant by reward index (as text), on that reward's allow-list",
  })
  @IsOptional()
  @Satisfies('isVariantMap', isVariantMap, 'variantIds must map reward indexes to variant ids')
  variantIds?: Record<string, string>;
}

/** POST /customer/milestone/claim (the flat claim). */
export class FlatMilestoneClaimDto {
  @ApiProperty() @NonEmptyText(100, 'programId is required') programId: string;
  @ApiProperty({ description: 'The step’s raw value (mixed programs too)' })
  @IsInt({ message: 'milestoneValue is required (the step value, an integer)' })
  @Min(0)
  milestoneValue: number;
  @ApiPropertyOptional({ type: [Number], description: 'Absent or empty: the whole step (a step that grants all)' })
  @IsOptional()
  @IsArray({ message: 'selectedRewardIds must be a list of reward indexes' })
  @ArrayMaxSize(20)
  @IsInt({ each: true, message: 'selectedRewardIds must be a list of reward indexes' })
  selectedRewardIds?: number[];
  @ApiPropertyOptional({ enum: STEP_TYPES, description: 'Mixed programs: the step’s type' })
  @IsOptional()
  @IsIn(STEP_TYPES)
  stepType?: string;
  @ApiPropertyOptional({ description: 'Mixed programs: true' }) @IsOptional() @IsBoolean() isMixed?: boolean;
  @ApiPropertyOptional({ description: 'The claim chooses a free gift’s variant (variantIdsSelected)' })
  @IsOptional()
  @IsBoolean()
  isSelectVariantFreeGiftMilestone?: boolean;
  @ApiPropertyOptional({ ...VARIANT_MAP, description: 'rewardIndex-<i> -> the chosen variant id' })
  @IsOptional()
  @Satisfies('isVariantMap', isVariantMap, 'variantIdsSelected must map rewardIndex-<i> to variant ids')
  variantIdsSelected?: Record<string, string>;
}

/** GET /customer/milestone. */
export class MilestoneProgressQueryDto {
  @ApiPropertyOptional({ enum: TYPE_MILESTONES, description: 'One typeMilestone (sent once)' })
  @IsOptional()
  @IsString({ message: 'type must be sent once' })
  @IsIn(TYPE_MILESTONES, { message: `type must be one of ${TYPE_MILESTONES.join(', ')}` })
  type?: string;
}
