import { createTestApp, TestApp } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';
import { OpenApiDocument, Operation, operationsOf, SchemaChecker } from '../support/openapi';

/** The operations anyone may call: every other one is guarded, and says how. */
const PUBLIC = new Set([
  'get /health',
  'get /ready',
  'get /audit/public-key',
  'post /app/api/v1/headless/auth/token',
  'get /app/api/v1/headless/programs',
  // A visitor claims a referral code before signing up: not a customer yet, so no token.
  'post /app/api/v1/headless/referrals/claim',
  // The chat network redirects the shopper's browser here: the single-use state is the credential.
  'get /app/api/v1/headless/social/chat/callback',
  // Uploaded images: the URL's 128 random bits are the credential.
  'get /uploads/{shopId}/{customerId}/{file}',
]);

const jsonSchemaOf = (response: Operation['responses'][string]) => response.content?.['application/json']?.schema;

/** What a client generated from the document can rely on, checked operation by operation. */
describe(`OpenAPI: the document (${defaultStoreKind()})`, () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.http().get('/docs/json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('every operation answers a success with a schema (or a documented non-JSON content)', () => {
    const missing = operationsOf(doc)
      .filter(([, , op]) => {
        const success = Object.entries(op.responses).filter(([status]) => /^2\d\d$/.test(status));
        return !success.some(
          ([status, response]) =>
            status === '204' ||
            jsonSchemaOf(response) !== undefined ||
            Object.keys(response.content ?? {}).some((type) => type !== 'application/json'),
        );
      })
      .map(([method, path]) => `${method} ${path}`);
    expect(missing).toEqual([]);
  });

  it('every operation that takes input or credentials documents a 4xx with its body schema', () => {
    const missing = operationsOf(doc)
      .filter(([, , op]) => (op.parameters ?? []).length > 0 || op.requestBody || (op.security ?? []).length > 0)
      .filter(([, , op]) => !Object.keys(op.responses).some((status) => /^4\d\d$/.test(status)))
      .map(([method, path]) => `${method} ${path}`);
    expect(missing).toEqual([]);
  });

  it('a guarded operation names its credentials; a public one says it needs none', () => {
    const schemes = Object.keys(doc.components.securitySchemes);
    const wrong = operationsOf(doc)
      .filter(([method, path, op]) => {
        const security = op.security;
        if (PUBLIC.has(`${method} ${path}`)) return !(Array.isArray(security) && security.length === 0);
        return !security?.length || security.some((s) => Object.keys(s).some((name) => !schemes.includes(name)));
      })
      .map(([method, path]) => `${method} ${path}`);
    expect(wrong).toEqual([]);
  });

  it('the guards refuse an operation without credentials exactly when the document says it needs some', async () => {
    const wrong: string[] = [];
    for (const [method, path, op] of operationsOf(doc)) {
      const url = path.replace(/\{[^}]+\}/g, 'x');
      const call = t.http()[method as 'get'](url);
      const res = await (method === 'get' || method === 'delete' ? call : call.send({}));
      const guarded = (op.security ?? []).length > 0;
      if (guarded !== (res.status === 401)) wrong.push(`${method} ${path}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the shop keys, the audit key, the headless and operator tokens are security schemes', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      shopAppKey: { type: 'apiKey', in: 'header', name: 'X-Svc-Loyalty-App-Key' },
      shopSecretKey: { type: 'apiKey', in: 'header', name: 'X-Svc-Loyalty-Secret-Key' },
      auditKey: { type: 'apiKey', in: 'header', name: 'X-Svc-Loyalty-Audit-Key' },
      headless: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      operatorToken: { type: 'http', scheme: 'bearer' },
    });
    const customers = doc.paths['/rest_api/v2/customers'].get;
    expect(customers.security).toEqual([{ shopAppKey: [], shopSecretKey: [] }]);
    expect((customers.parameters ?? []).map((p) => p.name)).not.toContain('X-Svc-Loyalty-App-Key');
    // Either credential opens the audit endpoints.
    expect(doc.paths['/rest_api/v2/audit/customers/{customerId}/state'].get.security).toEqual([
      { auditKey: [] },
      { shopAppKey: [], shopSecretKey: [] },
    ]);
  });

  it('every tag an operation uses is described', () => {
    const described = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description ?? '']));
    const used = new Set(operationsOf(doc).flatMap(([, , op]) => op.tags ?? []));
    for (const tag of used)
      expect({ tag, described: (described.get(tag) ?? '').length > 0 }).toEqual({ tag, described: true });
  });

  it('every example validates against the schema it illustrates', () => {
    const checker = new SchemaChecker(doc);
    const wrong: string[] = [];
    const visit = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      if ('example' in schema && ('type' in schema || 'oneOf' in schema || '$ref' in schema)) {
        const errors = checker.errors(schema, schema.example);
        if (errors.length) wrong.push(`${at}: ${errors.join('; ')}`);
      }
      for (const [key, value] of Object.entries(schema)) visit(value, `${at}/${key}`);
    };
    visit(doc.components.schemas, '#/components/schemas');
    visit(doc.paths, '#/paths');
    expect(wrong).toEqual([]);
  });

  it('/docs and /docs/ serve the UI, and every asset the page loads is there', async () => {
    for (const page of ['/docs', '/docs/']) {
      const html = (await t.http().get(page).expect(200).expect('Content-Type', /html/)).text;
      const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(
        (m) => new URL(m[1], `http://x${page}`).pathname,
      );
      expect(assets).toEqual(expect.arrayContaining(['/docs/swagger-ui-bundle.js', '/docs/swagger-ui-init.js']));
      for (const asset of assets) await t.http().get(asset).expect(200);
      // The UI is started with this service's document, not the sample one.
      const init = (await t.http().get('/docs/swagger-ui-init.js').expect(200)).text;
      expect(init).toContain('"title": "Loyalty points service"');
    }
  });
});
