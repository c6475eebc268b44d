#!/usr/bin/env node
// Writes the configuration reference (README, between its markers) and .env.example from the
// table in src/config/config-variables.ts (compiled: run after npm run build).
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const docs = require('../dist/config/config-docs');

const root = join(__dirname, '..');
const readme = join(root, 'README.md');
const text = readFileSync(readme, 'utf8');
const start = text.indexOf(docs.TABLE_START);
const end = text.indexOf(docs.TABLE_END);
if (start === -1 || end === -1) throw new Error('README.md has no configuration markers');
writeFileSync(readme, text.slice(0, start) + docs.configurationTable() + text.slice(end + docs.TABLE_END.length));
writeFileSync(join(root, '.env.example'), docs.envExample());
process.stdout.write('README.md configuration table and .env.example written\n');
