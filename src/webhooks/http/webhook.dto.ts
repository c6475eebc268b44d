import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString } from 'class-validator';
import { WEBHOOK_TOPICS } from '../domain/webhook-topics';

export class CreateWebhookDto {
  @ApiProperty({ enum: WEBHOOK_TOPICS, example: 'points/earned' })
  @IsString({ message: 'topic is required' })
  topic: string;

  @ApiProperty({ example: 'https://merchant.example.com/hooks/points-earned' })
  @IsString({ message: 'url is required' })
  url: string;
}

export class UpdateWebhookDto {
  @ApiPropertyOptional() @IsOptional() @IsString() url?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() isEnabled?: boolean;
}
