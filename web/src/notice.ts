import { ApiError } from './api';
import { Translate } from './i18n';

/** What a failed call tells the shopper: the service's own sentence when it sent one. */
export function noticeOf(error: unknown, t: Translate): string {
  if (!(error instanceof ApiError)) return t('failed');
  if (error.status === 429) return t('tooMany', { s: error.retryAfter ?? 30 });
  if (error.status === 503) return t('busy');
  if (error.status === 401) return t('signIn');
  return error.code && error.message ? error.message : t('failed');
}
