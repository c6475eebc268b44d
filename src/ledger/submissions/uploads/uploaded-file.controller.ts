import { Controller, Get, Inject, Param, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Response } from 'express';
import { because } from '../../../shared/domain/domain-error';
import { OBJECT_STORAGE, ObjectStorage } from '../../../infrastructure/object-storage/object-storage.port';
import { ApiErrors, ApiFile } from '../../../shared/http/openapi/responses';
import { ApiPublic } from '../../../shared/http/openapi/security';
import { PublicIpQuotaGuard } from '../../../storefront-api/rate-limits/quota.guards';

/** An uploaded file never changes under its key: caches keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Uploaded images and generated wallet passes, read-only, at the URLs their creation answered:
 * anyone with the URL (128 random bits) can fetch the file. Served with its stored type, never
 * sniffed as another, never run as a page.
 * A key outside the key alphabet (`..` included) is 404, as is a folder.
 */
@ApiTags('headless')
@Controller('uploads')
export class UploadedFileController {
  constructor(@Inject(OBJECT_STORAGE) private readonly objects: ObjectStorage) {}

  @Get(':shopId/:customerId/:file')
  @UseGuards(PublicIpQuotaGuard)
  @ApiOperation({ summary: 'An uploaded image or a wallet pass, at the URL its creation answered' })
  @ApiFile(['image/jpeg', 'image/png', 'application/vnd.apple.pkpass'], 'The file, as stored')
  @ApiErrors(404)
  @ApiPublic()
  async file(
    @Param('shopId') shopId: string,
    @Param('customerId') customerId: string,
    @Param('file') file: string,
    @Res() res: Response,
  ): Promise<void> {
    const stored = await this.objects.get(`${shopId}/${customerId}/${file}`);
    if (!stored) throw because.notFound('File');
    res.setHeader('Content-Type', stored.contentType);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Cache-Control', IMMUTABLE);
    res.send(stored.bytes);
  }
}
