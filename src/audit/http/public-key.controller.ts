import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Response } from 'express';
import { AuditSigningKey, keyIdOf } from '../credentials/audit-signing-key';

/** Public: anyone holding an export checks its manifest with this key. */
@ApiTags('audit')
@Controller('audit')
export class PublicKeyController {
  constructor(private readonly signingKey: AuditSigningKey) {}

  @Get('public-key')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiProduces('application/x-pem-file')
  @ApiOperation({ summary: "The service's Ed25519 public key (PEM) that signs audit export manifests" })
  publicKey(@Res() res: Response): void {
    const key = this.signingKey.publicKey;
    res.setHeader('Content-Type', 'application/x-pem-file');
    res.setHeader('X-Audit-Key-Id', keyIdOf(key));
    res.send(this.signingKey.publicKeyPem);
  }
}
