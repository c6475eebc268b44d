import { applyDecorators, Controller, Get, UseFilters, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { HeadlessAuthGuard } from './headless-auth.guard';
import { HeadlessExceptionFilter } from '../http/headless-exception.filter';
import { HEADLESS_BEARER, HEADLESS_PREFIX } from '../http/headless-request';

/**
 * Everything a `/customer/*` controller of the headless API needs: the bearer token of one shop and
 * one customer (and its request quota; it also sets `private, no-store`), the headless error envelope; its
 * routes under `path` (the headless prefix unless given).
 */
export const HeadlessCustomerApi = (path: string = HEADLESS_PREFIX) =>
  applyDecorators(
    ApiTags('headless'),
    ApiBearerAuth(HEADLESS_BEARER),
    ApiResponse({ status: 401, description: 'Missing, forged, expired or other-shop token (no body)' }),
    ApiResponse({ status: 429, description: 'Request quota of the token used up (no body, Retry-After)' }),
    UseGuards(HeadlessAuthGuard),
    UseFilters(HeadlessExceptionFilter),
    Controller(path),
  );

/** A read of the headless API: GET `path`, documented by `summary`. */
export const HeadlessGet = (path: string, summary: string) => applyDecorators(Get(path), ApiOperation({ summary }));
