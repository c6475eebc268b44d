#!/usr/bin/env node
// After the console's build: report its gzipped size (every script and style of the page) and fail
// the build past the budget (150 KB).
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { gzipSync } = require('node:zlib');

const BUDGET = 150 * 1024;
const dir = join(__dirname, '..', 'web', 'console', 'dist');
const files = ['index.html', ...readdirSync(join(dir, 'assets')).map((name) => join('assets', name))];
let raw = 0;
let gzipped = 0;
for (const file of files) {
  const bytes = readFileSync(join(dir, file));
  raw += bytes.length;
  gzipped += gzipSync(bytes, { level: 9 }).length;
}
process.stdout.write(
  `console: web/console/dist (${files.length} files) ${(raw / 1024).toFixed(1)} KB, ${(gzipped / 1024).toFixed(1)} KB gzipped (budget ${BUDGET / 1024} KB)\n`,
);
if (gzipped > BUDGET) {
  process.stderr.write('console: over its size budget\n');
  process.exit(1);
}
