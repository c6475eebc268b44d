import { applyDecorators } from '@nestjs/common';
import { ApiSecurity, DECORATORS, DocumentBuilder } from '@nestjs/swagger';

/**
 * The credentials of the API families, as OpenAPI security schemes, and one decorator per family
 * that puts its requirement on a controller. The guards that check them stay where they are; these
 * only say what a client sends.
 */
export const SECURITY = {
  appKey: 'shopAppKey',
  secretKey: 'shopSecretKey',
  auditKey: 'auditKey',
  headless: 'headless',
  operator: 'operatorToken',
} as const;

/** Adds the schemes to the document. */
export function withSecuritySchemes(builder: DocumentBuilder): DocumentBuilder {
  return builder
    .addApiKey(
      { type: 'apiKey', in: 'header', name: 'X-Svc-Loyalty-App-Key', description: "The shop's app key" },
      SECURITY.appKey,
    )
    .addApiKey(
      { type: 'apiKey', in: 'header', name: 'X-Svc-Loyalty-Secret-Key', description: "The shop's secret key" },
      SECURITY.secretKey,
    )
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'X-Svc-Loyalty-Audit-Key',
        description: "A shop's read-only audit key (created on the operator API); accepted by the audit endpoints only",
      },
      SECURITY.auditKey,
    )
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'Headless token from POST /app/api/v1/headless/auth/token: one shop, one customer',
      },
      SECURITY.headless,
    )
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: "The operator's token (ADMIN_TOKEN)" },
      SECURITY.operator,
    );
}

/** Both keys of the shop, together (management API v2, v1 and the webhook API). */
export const ApiShopKeys = () => ApiSecurity({ [SECURITY.appKey]: [], [SECURITY.secretKey]: [] });

/** The bearer token of one shop and one customer (headless `/customer` endpoints). */
export const ApiHeadlessBearer = () => ApiSecurity(SECURITY.headless);

/** The operator's bearer token (`/admin/api`). */
export const ApiOperatorToken = () => ApiSecurity(SECURITY.operator);

/** A shop's audit key, or else both keys of the shop (the audit endpoints accept either). */
export const ApiAuditKey = () => applyDecorators(ApiSecurity(SECURITY.auditKey), ApiShopKeys());

/**
 * An endpoint anyone may call: the document says so (`security: []`) instead of leaving it unsaid.
 * Merged into the operation's metadata, so it holds whichever side of @ApiOperation it is written.
 */
export const ApiPublic = (): MethodDecorator => (_target, _key, descriptor) => {
  const operation: object = Reflect.getMetadata(DECORATORS.API_OPERATION, descriptor.value as object) ?? {};
  Reflect.defineMetadata(DECORATORS.API_OPERATION, { ...operation, security: [] }, descriptor.value as object);
  return descriptor;
};
