import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsEmail, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';

/**
 * The shop's wallet-pass credentials (PUT /rest_api/v2/settings/wallet-passes): the certificates
 * that sign its alpha passes and the service account that signs its beta save links. A section is
 * replaced whole (null removes it, absent leaves it); keys are kept with the shop's credentials,
 * outside the log, and never answered.
 */

const PEM_CERTIFICATE = /^\s*-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----\s*$/;
const PEM_PRIVATE_KEY =
  /^\s*-----BEGIN (RSA |EC |ENCRYPTED )?PRIVATE KEY-----[\s\S]+-----END (RSA |EC |ENCRYPTED )?PRIVATE KEY-----\s*$/;
const MAX_PEM = 20_000;
const IDENTIFIER = /^[A-Za-z0-9.\-_]{1,200}$/;

export class AlphaPassSettingsSchema {
  @ApiProperty({ example: 'pass.com.example.loyalty', description: 'The pass type identifier of the certificate' })
  @IsString()
  @Matches(IDENTIFIER, { message: 'alpha.passTypeIdentifier must be letters, digits, dots, dashes (1 to 200)' })
  passTypeIdentifier: string;

  @ApiProperty({ example: 'A1B2C3D4E5', description: 'The team identifier of the certificate' })
  @IsString()
  @Matches(/^[A-Z0-9]{10}$/, { message: 'alpha.teamIdentifier must be 10 capital letters or digits' })
  teamIdentifier: string;

  @ApiProperty({ example: 'Example Shop', maxLength: 100, description: 'The name shown on the pass' })
  @IsString()
  @MaxLength(100)
  organizationName: string;

  @ApiProperty({ description: 'The pass signing certificate, PEM' })
  @IsString()
  @MaxLength(MAX_PEM)
  @Matches(PEM_CERTIFICATE, { message: 'alpha.signerCertificate must be a PEM certificate' })
  signerCertificate: string;

  @ApiProperty({ writeOnly: true, description: "The signing certificate's private key, PEM (never answered)" })
  @IsString()
  @MaxLength(MAX_PEM)
  @Matches(PEM_PRIVATE_KEY, { message: 'alpha.signerKey must be a PEM private key' })
  signerKey: string;

  @ApiPropertyOptional({ writeOnly: true, description: 'The passphrase of an encrypted signerKey (never answered)' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  signerKeyPassphrase?: string;

  @ApiProperty({ description: 'The intermediate (WWDR) certificate, PEM' })
  @IsString()
  @MaxLength(MAX_PEM)
  @Matches(PEM_CERTIFICATE, { message: 'alpha.wwdrCertificate must be a PEM certificate' })
  wwdrCertificate: string;
}

export class BetaPassSettingsSchema {
  @ApiProperty({ example: '3388000000012345678', description: "The wallet console's issuer id" })
  @IsString()
  @Matches(/^[0-9]{1,30}$/, { message: 'beta.issuerId must be digits' })
  issuerId: string;

  @ApiProperty({ example: 'loyalty', description: "The loyalty class's suffix (its id is `<issuerId>.<classSuffix>`)" })
  @IsString()
  @Matches(/^[A-Za-z0-9._-]{1,100}$/, { message: 'beta.classSuffix must be letters, digits, . _ - (1 to 100)' })
  classSuffix: string;

  @ApiProperty({ example: 'wallet@project.iam.gserviceaccount.com', description: 'The service account (JWT issuer)' })
  @IsEmail({}, { message: 'beta.serviceAccountEmail must be an email address' })
  serviceAccountEmail: string;

  @ApiProperty({ writeOnly: true, description: "The service account's RSA private key, PEM (never answered)" })
  @IsString()
  @MaxLength(MAX_PEM)
  @Matches(PEM_PRIVATE_KEY, { message: 'beta.privateKey must be a PEM private key' })
  privateKey: string;
}

export class WalletPassSettingsSchema {
  @ApiPropertyOptional({
    type: AlphaPassSettingsSchema,
    nullable: true,
    description: 'null removes; absent: unchanged',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => AlphaPassSettingsSchema)
  alpha?: AlphaPassSettingsSchema | null;

  @ApiPropertyOptional({ type: BetaPassSettingsSchema, nullable: true, description: 'null removes; absent: unchanged' })
  @IsOptional()
  @ValidateNested()
  @Type(() => BetaPassSettingsSchema)
  beta?: BetaPassSettingsSchema | null;
}
