/**
 * What a spec file needs, read from its source and from the test/support modules it imports (at any
 * depth), so the rules hold for a new spec without a list to keep:
 * - `usesDatabaseUrl`: it reads the environment's DATABASE_URL (`process.env.DATABASE_URL`) or hands
 *   the whole environment on (`...process.env`, to a child process or a config). Only these can run
 *   differently on PostgreSQL, so the PostgreSQL pass runs exactly these (test/jest/postgres-pass.js);
 *   every spec that opens a store through test/support/stores.ts is one. When in doubt a spec counts.
 * - `bootsApp`: it starts the service through test/support/test-app.ts (`createTestApp`, `scenario`).
 *   The whole-suite run gathers these into a few files that share their apps (test/jest/app-suites.js).
 */
const { existsSync, readFileSync } = require('node:fs');
const { dirname, join, resolve } = require('node:path');

const ROOT = resolve(__dirname, '..', '..');
const SUPPORT = join(ROOT, 'test', 'support');
const TEST_APP = join(SUPPORT, 'test-app.ts');
const READS_DATABASE_URL = /process\.env\.DATABASE_URL|process\.env\[['"]DATABASE_URL['"]\]|\.\.\.process\.env\b/;
const RELATIVE_IMPORT = /(?:from\s+|require\(\s*|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The test/support modules `file` imports directly. */
function supportImports(file, source) {
  const found = [];
  for (const [, specifier] of source.matchAll(RELATIVE_IMPORT)) {
    const base = resolve(dirname(file), specifier);
    const target = [base, `${base}.ts`, `${base}.js`, join(base, 'index.ts')].find(
      (candidate) => candidate.startsWith(SUPPORT) && existsSync(candidate) && !candidate.endsWith('/'),
    );
    if (target && /\.(ts|js)$/.test(target)) found.push(target);
  }
  return found;
}

const kindsOfModule = new Map();

/** The kinds of one module, its test/support imports included. */
function kindsOf(file, visiting = new Set()) {
  if (kindsOfModule.has(file)) return kindsOfModule.get(file);
  const kinds = { usesDatabaseUrl: false, bootsApp: file === TEST_APP };
  if (visiting.has(file)) return kinds;
  visiting.add(file);
  const source = readFileSync(file, 'utf8');
  kinds.usesDatabaseUrl = READS_DATABASE_URL.test(source);
  for (const imported of supportImports(file, source)) {
    const their = kindsOf(imported, visiting);
    kinds.usesDatabaseUrl ||= their.usesDatabaseUrl;
    kinds.bootsApp ||= their.bootsApp;
  }
  visiting.delete(file);
  kindsOfModule.set(file, kinds);
  return kinds;
}

/** `{ usesDatabaseUrl, bootsApp }` of the spec file at `path` (absolute). */
function specKinds(path) {
  return kindsOf(resolve(path));
}

module.exports = { specKinds, ROOT };
