import { Request } from 'express';
import { LocaleRequest } from '../../translations/domain/locale-resolution';

export const HEADLESS_PREFIX = 'app/api/v1/headless';

/** Who a verified token speaks for. */
export interface HeadlessPrincipal {
  shopId: string;
  customerId: string;
  tokenId: string;
}

/** A /customer request: the token's shop and customer, and the language the request asks for. */
export interface HeadlessCaller extends HeadlessPrincipal {
  locale: LocaleRequest;
}

export type HeadlessRequest = Request & { headless?: HeadlessPrincipal };
