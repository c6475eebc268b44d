import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { NonEmptyText, Satisfies } from '../../../shared/http/field-rules';
import { isRecord } from '../../../shared/domain/guards';

const MAX_ANSWERS = 50;
const MAX_ANSWER = 2000;

const isHttpUrl = (value: unknown): boolean => {
  if (typeof value !== 'string' || value.length > 2000) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const isAnswers = (value: unknown): boolean =>
  isRecord(value) &&
  Object.keys(value).length <= MAX_ANSWERS &&
  Object.entries(value).every(([k, v]) => k.length <= 200 && typeof v === 'string' && v.length <= MAX_ANSWER);

/** What a claim sends besides the program: each field is read only by the kinds named. */
export class EarnContextDto {
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: `submit_form, fill_survey: the answers by question (at most ${MAX_ANSWERS}, each up to ${MAX_ANSWER} characters)`,
  })
  @IsOptional()
  @Satisfies(
    'isAnswers',
    isAnswers,
    `context.answers must map questions to text answers (at most ${MAX_ANSWERS}, each up to ${MAX_ANSWER} characters)`,
  )
  answers?: Record<string, string>;
  @ApiPropertyOptional({
    type: [String],
    minItems: 1,
    maxItems: 5,
    description:
      'Images attached (submit_receipt, a form that requires an image, a review photo): 1 to 5 URLs answered by POST /customer/earn/upload for this customer (any other URL: 400 INVALID_INPUT)',
  })
  @IsOptional()
  @IsArray({ message: 'context.imageUrls must be a list of 1 to 5 image URLs' })
  @ArrayMinSize(1, { message: 'context.imageUrls must be a list of 1 to 5 image URLs' })
  @ArrayMaxSize(5, { message: 'context.imageUrls must be a list of 1 to 5 image URLs' })
  @Satisfies('areHttpUrls', (v) => Array.isArray(v) && v.every(isHttpUrl), 'context.imageUrls must be http(s) URLs')
  imageUrls?: string[];
  @ApiPropertyOptional({
    type: [String],
    maxItems: 50,
    description: 'birthday (with a picker): the ids of the chosen rewardOptions; one when rewardSelection is single',
  })
  @IsOptional()
  @IsArray({ message: 'context.birthdayRewards must be a list of reward option ids' })
  @ArrayMaxSize(50, { message: 'context.birthdayRewards must be a list of reward option ids' })
  @IsString({ each: true, message: 'context.birthdayRewards must be a list of reward option ids' })
  @MaxLength(50, { each: true, message: 'context.birthdayRewards must be a list of reward option ids' })
  birthdayRewards?: string[];
}

export class EarnDto {
  @ApiProperty({ description: 'The earning program claimed' })
  @NonEmptyText(100, 'programId is required')
  programId: string;
  @ApiPropertyOptional({ type: EarnContextDto, description: 'What the claim sends; which fields depend on the kind' })
  @IsOptional()
  @IsObject({ message: 'context must be an object' })
  @ValidateNested()
  @Type(() => EarnContextDto)
  context?: EarnContextDto;
}
