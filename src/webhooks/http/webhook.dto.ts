import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsString, MaxLength } from 'class-validator';
import { Optional } from '../../shared/http/validation';
import { WEBHOOK_TOPICS } from '../domain/webhook-topics';
import { RequiredText } from '../../shared/http/field-rules';

export class CreateWebhookDto {
  @ApiProperty({ enum: WEBHOOK_TOPICS, example: 'points/earned' })
  @RequiredText(100)
  topic: string;

  @ApiProperty({ example: 'https://merchant.example.com/hooks/points-earned' })
  @RequiredText(2000)
  url: string;
}

export class UpdateWebhookDto {
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(2000) url?: string;
  @ApiPropertyOptional() @Optional() @IsBoolean() isEnabled?: boolean;
}
