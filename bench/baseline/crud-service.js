#!/usr/bin/env node
/**
 * The CRUD service a team would write instead of this one, for `npm run bench` only: Nest + express,
 * one pg pool of 10, a `customers` table with a balance column and a `transactions` table with a
 * unique idempotency key. Award = BEGIN, SELECT the customer FOR UPDATE, UPDATE the balance, INSERT
 * the transaction row, COMMIT. Read = one SELECT by primary key. The same envelope, the same key
 * check (cached, constant-time) and the same class-validator DTO rules as the service's points body.
 *
 * BASELINE_MODE=bare serves only GET /health from a bare Nest/express app: the floor of what any Nest
 * service pays per request, to compare the service's own per-request overhead with.
 *
 * Plain JavaScript (the bench is not compiled), so decorators are applied with Reflect.decorate.
 */
require('reflect-metadata');
const { timingSafeEqual, randomUUID } = require('node:crypto');
const {
  Body,
  Controller,
  Get,
  Headers,
  HttpException,
  Inject,
  Module,
  Param,
  Post,
  ValidationPipe,
  Catch,
} = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } = require('class-validator');
const { Pool } = require('pg');

const PORT = Number(process.env.PORT ?? 3100);
const MODE = process.env.BASELINE_MODE ?? 'crud';
const POOL = Symbol('POOL');
const KEYS = Symbol('KEYS');

const ok = (data, meta = {}) => ({ success: true, data, meta, message: 'OK', timestamp: new Date().toISOString() });
const fail = (status, code, message) => {
  const error = new HttpException(
    { success: false, error: { message, code, statusCode: status }, timestamp: new Date().toISOString() },
    status,
  );
  return error;
};

class PointsChangeDto {}
const decorateProperty = (decorators, name) =>
  decorators.forEach((decorator) => decorator(PointsChangeDto.prototype, name));
decorateProperty(
  [
    IsNotEmpty({ message: 'platformCustomerId is required' }),
    Matches(/^[1-9][0-9]{0,18}$/, { message: 'platformCustomerId must be a numeric platform customer id' }),
  ],
  'platformCustomerId',
);
decorateProperty([IsInt({ message: 'point must be an integer' })], 'point');
for (const name of ['adminNote', 'userNote', 'reason'])
  decorateProperty([IsOptional(), IsString(), MaxLength(1000)], name);

class CrudController {
  constructor(pool, keys) {
    this.pool = pool;
    this.keys = keys;
  }

  authenticate(appKey, secretKey) {
    const expected = this.keys.get(appKey ?? '');
    const given = Buffer.from(String(secretKey ?? ''));
    if (!expected || expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw fail(401, 'UNAUTHORIZED', 'The app key and secret key do not match a shop');
    }
  }

  async read(appKey, secretKey, id) {
    this.authenticate(appKey, secretKey);
    const { rows } = await this.pool.query(
      'SELECT id, platform_customer_id, email, point, updated_at FROM crud_customers WHERE id = $1',
      [id],
    );
    if (rows.length === 0) throw fail(404, 'NOT_FOUND', 'Customer not found');
    const row = rows[0];
    return ok({
      id: row.id,
      platformCustomerId: Number(row.platform_customer_id),
      email: row.email,
      point: row.point,
      updatedAt: row.updated_at,
    });
  }

  async award(appKey, secretKey, idempotencyKey, body) {
    this.authenticate(appKey, secretKey);
    if (body.point <= 0) throw fail(400, 'BAD_REQUEST', 'point must be positive');
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query(
        'SELECT id, point FROM crud_customers WHERE platform_customer_id = $1 FOR UPDATE',
        [body.platformCustomerId],
      );
      if (rows.length === 0) throw fail(404, 'NOT_FOUND', 'Customer not found');
      const oldPoint = rows[0].point;
      const newPoint = oldPoint + body.point;
      await client.query('UPDATE crud_customers SET point = $2, updated_at = now() WHERE id = $1', [
        rows[0].id,
        newPoint,
      ]);
      const transactionId = randomUUID();
      await client.query(
        `INSERT INTO crud_transactions (id, customer_id, idempotency_key, old_point, new_point, admin_note, user_note, reason)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          transactionId,
          rows[0].id,
          idempotencyKey ?? transactionId,
          oldPoint,
          newPoint,
          body.adminNote ?? null,
          body.userNote ?? null,
          body.reason ?? null,
        ],
      );
      await client.query('COMMIT');
      return ok({}, { transactionId, oldPoint, newPoint });
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

Reflect.decorate([Controller('rest_api/v2')], CrudController);
Inject(POOL)(CrudController, undefined, 0);
Inject(KEYS)(CrudController, undefined, 1);
const method = (name, decorators, paramTypes) => {
  const descriptor = Object.getOwnPropertyDescriptor(CrudController.prototype, name);
  Reflect.decorate(decorators, CrudController.prototype, name, descriptor);
  Reflect.defineMetadata('design:paramtypes', paramTypes, CrudController.prototype, name);
};
Headers('x-svc-loyalty-app-key')(CrudController.prototype, 'read', 0);
Headers('x-svc-loyalty-secret-key')(CrudController.prototype, 'read', 1);
Param('id')(CrudController.prototype, 'read', 2);
method('read', [Get('customers/:id')], [String, String, String]);
Headers('x-svc-loyalty-app-key')(CrudController.prototype, 'award', 0);
Headers('x-svc-loyalty-secret-key')(CrudController.prototype, 'award', 1);
Headers('idempotency-key')(CrudController.prototype, 'award', 2);
Body()(CrudController.prototype, 'award', 3);
method('award', [Post('transactions/points/award')], [String, String, String, PointsChangeDto]);

class HealthController {
  health() {
    return { status: 'ok' };
  }
}
Reflect.decorate([Controller()], HealthController);
Reflect.decorate(
  [Get('health')],
  HealthController.prototype,
  'health',
  Object.getOwnPropertyDescriptor(HealthController.prototype, 'health'),
);

/** Errors in the same envelope; HttpExceptions built by fail() already carry it. */
class EnvelopeFilter {
  catch(exception, host) {
    const response = host.switchToHttp().getResponse();
    if (exception instanceof HttpException) {
      const body = exception.getResponse();
      const status = exception.getStatus();
      if (body && body.success === false) return response.status(status).json(body);
      const message = Array.isArray(body?.message) ? body.message.join('; ') : (body?.message ?? exception.message);
      return response.status(status).json({
        success: false,
        error: { message, code: status === 400 ? 'BAD_REQUEST' : 'ERROR', statusCode: status },
        timestamp: new Date().toISOString(),
      });
    }
    return response.status(500).json({
      success: false,
      error: { message: 'Internal server error', code: 'INTERNAL_ERROR', statusCode: 500 },
      timestamp: new Date().toISOString(),
    });
  }
}
Reflect.decorate([Catch()], EnvelopeFilter);

const SCHEMA = `
CREATE TABLE IF NOT EXISTS crud_customers (
  id UUID PRIMARY KEY,
  platform_customer_id BIGINT NOT NULL UNIQUE,
  email TEXT,
  point INTEGER NOT NULL DEFAULT 0,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS crud_transactions (
  id UUID PRIMARY KEY,
  customer_id UUID NOT NULL REFERENCES crud_customers(id),
  idempotency_key TEXT NOT NULL UNIQUE,
  old_point INTEGER NOT NULL,
  new_point INTEGER NOT NULL,
  admin_note TEXT,
  user_note TEXT,
  reason TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS crud_transactions_customer ON crud_transactions (customer_id, created_at)`;

async function main() {
  let module;
  if (MODE === 'bare') {
    module = class BareModule {};
    Reflect.decorate([Module({ controllers: [HealthController] })], module);
  } else {
    const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    await pool.query(SCHEMA);
    // The bench seeds crud_customers itself once this answers.
    const keys = new Map([[process.env.BASELINE_APP_KEY, Buffer.from(process.env.BASELINE_SECRET_KEY ?? '')]]);
    module = class CrudModule {};
    Reflect.decorate(
      [
        Module({
          controllers: [HealthController, CrudController],
          providers: [
            { provide: POOL, useValue: pool },
            { provide: KEYS, useValue: keys },
          ],
        }),
      ],
      module,
    );
  }
  const app = await NestFactory.create(module, { logger: ['error'] });
  if (MODE !== 'bare') {
    app.useGlobalPipes(new ValidationPipe({ transform: true, whitelist: true }));
    app.useGlobalFilters(new EnvelopeFilter());
  }
  app.getHttpAdapter().getInstance().disable('x-powered-by');
  await app.listen(PORT, '127.0.0.1');
  process.stderr.write(`[baseline] ${MODE} listening on ${PORT}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
