import { Request } from 'express';

export const HEADLESS_PREFIX = 'app/api/v1/headless';
/** The OpenAPI security scheme of the headless API. */
export const HEADLESS_BEARER = 'headless';

/** Who a verified token speaks for. */
export interface HeadlessPrincipal {
  shopId: string;
  customerId: string;
  tokenId: string;
}

export type HeadlessRequest = Request & { headless?: HeadlessPrincipal };
