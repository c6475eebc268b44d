#!/usr/bin/env node
// Writes the configuration reference (docs/configuration.md, between its markers) and .env.example from the
// table in src/config/config-variables.ts (compiled: run after npm run build).
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const docs = require('../dist/config/config-docs');

const root = join(__dirname, '..');
const reference = join(root, 'docs', 'configuration.md');
const text = readFileSync(reference, 'utf8');
const start = text.indexOf(docs.TABLE_START);
const end = text.indexOf(docs.TABLE_END);
if (start === -1 || end === -1) throw new Error('docs/configuration.md has no configuration markers');
writeFileSync(reference, text.slice(0, start) + docs.configurationTable() + text.slice(end + docs.TABLE_END.length));
writeFileSync(join(root, '.env.example'), docs.envExample());
process.stdout.write('docs/configuration.md configuration table and .env.example written\n');
