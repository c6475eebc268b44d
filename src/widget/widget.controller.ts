import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Response } from 'express';
import { because } from '../shared/domain/domain-error';
import { widgetFile } from './widget-files';

/** A shop may embed the script on every page: caches keep it five minutes, then ask again. */
const SHORT_CACHE = 'public, max-age=300';

/**
 * The loyalty widget's script, served for shops to embed (`<script src=".../widget/loyalty-widget.js">`).
 * Built from `web/` by `npm run build` (Vite); 404 until it is built.
 */
@ApiExcludeController()
@Controller('widget')
export class WidgetController {
  @Get('loyalty-widget.js')
  async script(@Res() res: Response): Promise<void> {
    const file = await widgetFile('dist', 'loyalty-widget.js');
    if (!file) throw because.notFound('Widget build');
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('Cache-Control', SHORT_CACHE);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Any storefront may load the script; the API it calls decides who may read answers (CORS).
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.send(file);
  }
}
