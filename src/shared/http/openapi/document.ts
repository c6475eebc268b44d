import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { recordSchemas } from './schema';
import { withSecuritySchemes } from './security';

/** Where the UI and the JSON document are served. */
export const DOCS_PATH = 'docs';
export const DOCS_JSON_PATH = 'docs/json';

/** Every tag of the document, in the order a reader meets them, each with what it groups. */
const TAGS: Array<[string, string]> = [
  ['v2 customers', "Management API v2: the shop's customers, their birthday, tier and membership"],
  ['v2 transactions', 'Management API v2: point transactions, and awarding, deducting, adjusting or resetting points'],
  [
    'v2 submissions',
    'Management API v2: storefront submissions (forms, surveys, receipts, reviews) and their moderation',
  ],
  ['v2 rewards', "Management API v2: customers' coupons, redeeming points for a reward, refunding a coupon"],
  ['v2 programs', 'Management API v2: earning and spending programs, eligibility, cart points, social interactions'],
  ['v2 tiers', 'Management API v2: tiers, their rewards, and tier benefits'],
  ['v2 shop', "Management API v2: the shop the keys belong to, and the shop's settings"],
  ['v2 translations', 'Management API v2: storefront text per language, languages and FAQs'],
  [
    'v2 privacy',
    "Data requests and erasures. The commerce platform's compliance webhooks arrive at " +
      'POST /platform/webhooks/{topic} (signed like the other topics): customers/data_request ' +
      '(the document is then fetched here), customers/redact and shop/redact (personal data erased; ' +
      'balances, transactions and the audit trail kept). See docs/privacy.md.',
  ],
  ['v2 audit', "A customer's event history replayed, their state at an instant, and the tamper-evident export"],
  ['v1 (deprecated)', 'Management API v1: kept for existing integrations; every answer carries Deprecation and Sunset'],
  ['webhooks', "Webhook API: the shop's webhook subscriptions and their deliveries"],
  ['headless', 'Headless customer API: a token for one customer, then everything about that customer'],
  ['operator', 'Operator API: provisioning shops, their secrets, audit keys, verifications, privacy requests'],
  ['audit', 'Public: the key that signs audit export manifests'],
  ['operations', 'Liveness and readiness probes'],
];

/**
 * The OpenAPI document of the HTTP API, built from the controllers' decorators: the same on every
 * run (no timestamps; components sorted), so the committed `openapi.json` can be compared with it.
 */
export function openApiDocument(app: INestApplication, version: string): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Loyalty points service')
    .setDescription(
      'Management API v2 (and the deprecated v1), webhook API, headless customer API, operator API and ' +
        'operations endpoints of the loyalty points service. Every success answer of v2, the operator and the ' +
        'headless API is the envelope `{success, data, meta, message, timestamp}`; every refusal carries a ' +
        'stable `error.code`. The payloads of the webhooks the service sends are in docs/webhooks.md.',
    )
    .setVersion(version)
    .setLicense('MIT', 'https://opensource.org/licenses/MIT')
    .addServer('/', 'This service');
  for (const [name, description] of TAGS) builder.addTag(name, description);
  const document = SwaggerModule.createDocument(app, withSecuritySchemes(builder).build());
  const schemas = { ...document.components?.schemas, ...recordSchemas() };
  document.components = {
    ...document.components,
    schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
  };
  return document;
}

/** The document as committed: two-space JSON and a final newline. */
export function openApiText(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Serves the UI at /docs (and /docs/) and the document at /docs/json. */
export function serveOpenApi(app: INestApplication, document: OpenAPIObject): void {
  SwaggerModule.setup(DOCS_PATH, app, document, { jsonDocumentUrl: DOCS_JSON_PATH });
}
