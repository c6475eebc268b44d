#!/usr/bin/env node
// After the widget's build: report its gzipped size and fail the build past the budget (60 KB).
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { gzipSync } = require('node:zlib');

const BUDGET = 60 * 1024;
const file = join(__dirname, '..', 'web', 'dist', 'loyalty-widget.js');
const bytes = readFileSync(file);
const gzipped = gzipSync(bytes, { level: 9 }).length;
process.stdout.write(
  `widget: web/dist/loyalty-widget.js ${(bytes.length / 1024).toFixed(1)} KB, ${(gzipped / 1024).toFixed(1)} KB gzipped (budget ${BUDGET / 1024} KB)\n`,
);
if (gzipped > BUDGET) {
  process.stderr.write('widget: over its size budget\n');
  process.exit(1);
}
