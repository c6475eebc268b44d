import { Controller, Get, Header, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiFile } from '../../shared/http/openapi/responses';
import { Response } from 'express';
import { GetAuditPublicKeyQuery } from '../queries/get-audit-public-key.query';
import { ApiPublic } from '../../shared/http/openapi/security';

/** Public: anyone holding an export checks its manifest with this key. */
@ApiTags('audit')
@Controller('audit')
export class PublicKeyController {
  constructor(private readonly queries: QueryBus) {}

  @Get('public-key')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiFile('application/x-pem-file', 'The PEM public key; X-Audit-Key-Id names it')
  @ApiOperation({ summary: "The service's Ed25519 public key (PEM) that signs audit export manifests" })
  @ApiPublic()
  async publicKey(@Res() res: Response): Promise<void> {
    const { pem, keyId }: { pem: string; keyId: string } = await this.queries.execute(new GetAuditPublicKeyQuery());
    res.setHeader('Content-Type', 'application/x-pem-file');
    res.setHeader('X-Audit-Key-Id', keyId);
    res.send(pem);
  }
}
