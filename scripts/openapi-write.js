#!/usr/bin/env node
// `npm run openapi:write`: writes the OpenAPI document the service serves at /docs/json to
// openapi.json (dist/ is built first when stale). The app is created on an in-memory store and
// never listens. test/http/openapi-committed.spec.ts fails when the committed file differs.
require('./build-if-stale');
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { createHttpApp, servedOpenApiDocument } = require('../dist/app.factory');
const { AppConfig } = require('../dist/config/app-config');
const { openApiText } = require('../dist/shared/http/openapi/document');

async function main() {
  const config = new AppConfig({ LOYALTY_IN_MEMORY: 'true', LOG_LEVEL: 'silent', DEMO_SHOP: 'false' });
  const app = await createHttpApp({ config });
  try {
    writeFileSync(join(__dirname, '..', 'openapi.json'), openApiText(servedOpenApiDocument(app)));
    process.stdout.write('openapi.json written\n');
  } finally {
    await app.close();
  }
}

main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exit(1);
});
