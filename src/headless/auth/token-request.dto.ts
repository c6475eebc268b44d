import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, Matches, Max, Min, ValidateIf } from 'class-validator';
import { ToIdString, ToInteger } from '../../shared/http/query-transforms';
import { NonEmptyText } from '../../shared/http/field-rules';

export const GRANT_TYPES = ['hmac', 'shopify_customer_token'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

const hmacGrant = (o: TokenRequestDto) => o.grant_type === 'hmac';
const platformGrant = (o: TokenRequestDto) => o.grant_type === 'shopify_customer_token';
const knownGrant = (o: TokenRequestDto) => hmacGrant(o) || platformGrant(o);

/** POST /auth/token. Fields of the other grant are ignored; an unknown grant is UNSUPPORTED_GRANT_TYPE. */
export class TokenRequestDto {
  @ApiProperty({ enum: GRANT_TYPES })
  @NonEmptyText(100)
  grant_type: string;

  @ApiProperty({ example: 'myshop.example.com' })
  @ValidateIf(knownGrant)
  @NonEmptyText(253)
  shopDomain: string;

  @ApiPropertyOptional({ description: 'hmac: the numeric platform customer id (not the global id form)' })
  @ValidateIf(hmacGrant)
  @ToIdString()
  @IsString({ message: 'customerId is required' })
  @Matches(/^[1-9]\d{0,19}$/, { message: 'customerId must be the numeric platform customer id' })
  customerId?: string;

  @ApiPropertyOptional({ description: 'hmac: the email signed (compared case-insensitively)' })
  @ValidateIf(hmacGrant)
  @NonEmptyText(320)
  email?: string;

  @ApiPropertyOptional({ description: 'hmac: Unix seconds; at most 300 s from server time' })
  @ValidateIf(hmacGrant)
  @ToInteger()
  @IsInt({ message: 'ts must be an integer (Unix seconds)' })
  @Min(0)
  @Max(99_999_999_999)
  ts?: number;

  @ApiPropertyOptional({
    description: 'hmac: hex HMAC-SHA256 of `<customerId>-<lowercased email>-<ts>` with the headless secret',
  })
  @ValidateIf(hmacGrant)
  @IsString({ message: 'hmac is required' })
  @Matches(/^[0-9a-fA-F]{64}$/, { message: 'hmac must be 64 hex characters (HMAC-SHA256)' })
  hmac?: string;

  @ApiPropertyOptional({ description: "shopify_customer_token: the platform's customer account access token" })
  @ValidateIf(platformGrant)
  @NonEmptyText(4096)
  customerAccessToken?: string;
}
