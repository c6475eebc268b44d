import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Request, Response } from 'express';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';
import { because } from '../shared/domain/domain-error';

/** Where the console's build is (`npm run console:build`): `web/console/dist`. */
export const CONSOLE_DIST = join(__dirname, '..', '..', 'web', 'console', 'dist');

/** A built asset's name: hashed by the build, no folder. */
const ASSET = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.(js|css|svg)$/;

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
};

async function built(...path: string[]): Promise<Buffer | null> {
  try {
    return await readFile(join(CONSOLE_DIST, ...path));
  } catch {
    return null;
  }
}

/**
 * The merchant console's page and its hashed assets. The page runs no script but its own
 * (Content-Security-Policy), shows images only from the service and its uploads, and is framed by
 * no one.
 */
@ApiExcludeController()
@Controller('console')
export class ConsoleFilesController {
  constructor(private readonly config: AppConfig) {}

  @Get()
  page(@Req() req: Request, @Res() res: Response): Promise<void> | void {
    // The cookie's path is /console: the page itself lives at /console/.
    if (!req.originalUrl.split('?')[0].endsWith('/')) return res.redirect(301, '/console/');
    return this.sendPage(res);
  }

  @Get('assets/:file')
  async asset(@Param('file') file: string, @Res() res: Response): Promise<void> {
    const bytes = ASSET.test(file) ? await built('assets', file) : null;
    if (!bytes) throw because.notFound('Console file');
    res.setHeader('Content-Type', TYPES[file.slice(file.lastIndexOf('.') + 1)]);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(bytes);
  }

  private async sendPage(res: Response): Promise<void> {
    const page = await built('index.html');
    if (!page) throw because.notFound('Console build (npm run console:build)');
    const uploads = new URL(this.config.uploadsPublicUrl).origin;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader(
      'Content-Security-Policy',
      `default-src 'self'; img-src 'self' ${uploads} data:; style-src 'self'; script-src 'self'; ` +
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    res.send(page);
  }
}
