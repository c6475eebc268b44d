import { Logger } from '@nestjs/common';
import {
  MachineTranslation,
  TranslationProviderError,
  TranslationRequest,
  TranslationResult,
} from './machine-translation.port';

export interface LibreTranslateOptions {
  /** Server base URL; requests go to `<url>/translate`. */
  url: string;
  apiKey: string | null;
  timeoutMs: number;
  /** Texts per request (LibreTranslate takes `q` as an array). */
  batchSize?: number;
  /** Characters per request, so one request stays within a server's limit. */
  batchChars?: number;
}

/** LibreTranslate names most languages by their language subtag; Chinese by script. */
export function providerLanguage(locale: string): string {
  const [language, ...rest] = locale.split('-');
  if (language === 'zh') return rest.includes('Hant') || rest.includes('TW') || rest.includes('HK') ? 'zt' : 'zh';
  return language;
}

/**
 * A self-hosted LibreTranslate-compatible server: `POST /translate` with `q` (an array),
 * `source`, `target`, `format` and `api_key`; the answer's `translatedText` is an array in the
 * same order. Requests are cut into batches; any failed batch fails the whole call, so a caller
 * never applies half a translation.
 */
export class LibreTranslateMachineTranslation implements MachineTranslation {
  readonly provider = 'libretranslate';
  private readonly logger = new Logger('LibreTranslate');

  constructor(private readonly options: LibreTranslateOptions) {}

  async translate(request: TranslationRequest): Promise<TranslationResult> {
    const result: TranslationResult = [];
    for (const batch of this.batches(request.texts)) result.push(...(await this.send(batch, request)));
    return result;
  }

  private batches(texts: string[]): string[][] {
    const size = this.options.batchSize ?? 50;
    const chars = this.options.batchChars ?? 20_000;
    const batches: string[][] = [];
    let current: string[] = [];
    let length = 0;
    for (const text of texts) {
      if (current.length && (current.length >= size || length + text.length > chars)) {
        batches.push(current);
        current = [];
        length = 0;
      }
      current.push(text);
      length += text.length;
    }
    if (current.length) batches.push(current);
    return batches;
  }

  private async send(q: string[], request: TranslationRequest): Promise<TranslationResult> {
    const body = {
      q,
      source: providerLanguage(request.source),
      target: providerLanguage(request.target),
      format: request.format,
      ...(this.options.apiKey ? { api_key: this.options.apiKey } : {}),
    };
    let response: Response;
    try {
      response = await fetch(`${this.options.url.replace(/\/+$/, '')}/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new TranslationProviderError(`translator unreachable: ${(error as Error).message}`, true);
    }
    const answer = (await response.json().catch(() => null)) as { translatedText?: unknown; error?: unknown } | null;
    if (!response.ok) {
      const reason = typeof answer?.error === 'string' ? answer.error : `HTTP ${response.status}`;
      this.logger.warn(`translate ${body.source}->${body.target} answered ${response.status}: ${reason}`);
      // 4xx (but 429) is a refusal a retry will not change: unsupported language, bad API key.
      const retryable = response.status >= 500 || response.status === 429;
      throw new TranslationProviderError(`translator answered ${response.status}: ${reason}`, retryable);
    }
    const translated = answer?.translatedText;
    if (!Array.isArray(translated) || translated.length !== q.length)
      throw new TranslationProviderError('translator answered without one translatedText per text', true);
    return translated.map((t) => (typeof t === 'string' && t.trim() ? t : null));
  }
}
