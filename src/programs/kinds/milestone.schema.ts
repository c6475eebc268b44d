import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsNotEmpty, IsObject, IsString, MaxLength } from 'class-validator';
import { Optional } from '../../shared/http/validation';
import { NestedList, Satisfies, WholeNumber } from '../../shared/http/field-rules';
import { MAX_EARN_POINT, MAX_MONEY } from '../../shared/domain/limits';
import { isRecord } from '../../shared/domain/guards';
import { MILESTONE_ACTIONS, MilestoneAction, REWARD_LOGICS, RewardLogic, STEP_TYPES, StepType } from './milestone-rule';

/** A product a free-gift reward offers, as the storefront shows it (the allow-list is `variantIds`). */
export class MilestoneGiftProductSchema {
  @ApiProperty({ description: 'Platform product id' }) @IsString() @MaxLength(100) id: string;
  @ApiPropertyOptional({ default: '' }) @Optional() @IsString() @MaxLength(200) title?: string;
  @ApiPropertyOptional({ default: '' }) @Optional() @IsString() @MaxLength(2000) image?: string;
  @ApiPropertyOptional({ description: 'Variants shown: {id, title}' })
  @Optional()
  @IsArray()
  @ArrayMaxSize(100)
  variants?: Array<{ id: string; title: string }>;
}

const isLabelMap = (value: unknown): boolean =>
  isRecord(value) &&
  Object.keys(value).length <= 100 &&
  Object.values(value).every((t) => typeof t === 'string' && t.length <= 500);

/** One reward of a milestone step: what `action` grants, measured by its own field. */
export class MilestoneRewardSchema {
  @ApiProperty({ enum: MILESTONE_ACTIONS }) @IsIn(MILESTONE_ACTIONS) action: MilestoneAction;
  @ApiPropertyOptional({ description: 'bonus_point: points granted (through the earning limit)', minimum: 1 })
  @Optional()
  @WholeNumber(1, MAX_EARN_POINT)
  points?: number;
  @ApiPropertyOptional({ description: 'amount_discount: the amount off, in shop currency', minimum: 1 })
  @Optional()
  @WholeNumber(1, MAX_MONEY)
  amount?: number;
  @ApiPropertyOptional({ description: 'percentage_discount: percent off (1-100)', minimum: 1, maximum: 100 })
  @Optional()
  @WholeNumber(1, 100)
  percent?: number;
  @ApiPropertyOptional({
    type: [String],
    description: 'free_gift: the variants the gift may be (several: the customer picks one)',
  })
  @Optional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  variantIds?: string[];
  @ApiPropertyOptional({
    type: [MilestoneGiftProductSchema],
    description: 'free_gift: the products shown for a choice',
  })
  @Optional()
  @IsArray()
  @ArrayMaxSize(20)
  @NestedList(MilestoneGiftProductSchema)
  giftProducts?: MilestoneGiftProductSchema[];
}

/** One step of a milestone ladder: reaching `value` of its counter lets the customer claim its rewards. */
export class MilestoneStepSchema {
  @ApiProperty({ description: 'The counter value that reaches the step (orders, cents of spend, points...)' })
  @WholeNumber(1, 1_000_000_000)
  value: number;
  @ApiPropertyOptional({ enum: STEP_TYPES, description: 'milestone_mixed only (required there): the step’s counter' })
  @Optional()
  @IsIn(STEP_TYPES)
  stepType?: StepType;
  @ApiPropertyOptional({ description: 'The merchant’s sentence for the step (default: rendered from the counter)' })
  @Optional()
  @IsString()
  @MaxLength(500)
  label?: string;
  @ApiPropertyOptional({ description: 'The label by language code' })
  @Optional()
  @IsObject()
  @Satisfies('isLabelMap', isLabelMap, 'translateLabel must map language codes to labels of at most 500 characters')
  translateLabel?: Record<string, string>;
  @ApiPropertyOptional({ enum: REWARD_LOGICS, default: 'grantAll' })
  @Optional()
  @IsIn(REWARD_LOGICS)
  rewardLogic?: RewardLogic;
  @ApiPropertyOptional({ description: 'How many rewards the customer picks (1 unless raised)', default: 1 })
  @Optional()
  @WholeNumber(1, 20)
  maxRewardSelect?: number;
  @ApiProperty({ type: [MilestoneRewardSchema] })
  @IsArray()
  @ArrayNotEmpty({ message: 'rewards must list at least one reward' })
  @ArrayMaxSize(20)
  @NestedList(MilestoneRewardSchema)
  rewards: MilestoneRewardSchema[];
}

export type MilestoneReward = MilestoneRewardSchema;
export type MilestoneStep = MilestoneStepSchema;
