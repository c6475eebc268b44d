import { applyDecorators, Controller, Get, UseFilters, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HeadlessAuthGuard } from './headless-auth.guard';
import { HeadlessExceptionFilter } from '../http/headless-exception.filter';
import { HEADLESS_PREFIX } from '../http/headless-request';
import { ApiHeadlessBearer } from '../../shared/http/openapi/security';
import { ApiHeadlessErrors } from '../../shared/http/openapi/responses';

/**
 * Everything a `/customer/*` controller of the headless API needs: the bearer token of one shop and
 * one customer (and its request quota; it also sets `private, no-store`), the headless error envelope; its
 * routes under `path` (the headless prefix unless given).
 */
export const HeadlessCustomerApi = (path: string = HEADLESS_PREFIX) =>
  applyDecorators(
    ApiTags('headless'),
    ApiHeadlessBearer(),
    ApiHeadlessErrors(401, 429, 503),
    UseGuards(HeadlessAuthGuard),
    UseFilters(HeadlessExceptionFilter),
    Controller(path),
  );

/** A read of the headless API: GET `path`, documented by `summary`. */
export const HeadlessGet = (path: string, summary: string) => applyDecorators(Get(path), ApiOperation({ summary }));
