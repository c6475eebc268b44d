#!/usr/bin/env node
// Temporary (issue 9): folder-level import cycles may only go down while the ledger is split into
// policy folders. Module cycles fail at once. When the budget reaches 0 this script goes away and
// the folder rule in .dependency-cruiser.cjs becomes an error.
const { execFileSync } = require('node:child_process');

const FOLDER_CYCLE_BUDGET = 62;

const out = execFileSync(
  process.execPath,
  [
    'node_modules/dependency-cruiser/bin/dependency-cruise.mjs',
    'src',
    '--config',
    '.dependency-cruiser.cjs',
    '--output-type',
    'json',
  ],
  { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
const { violations } = JSON.parse(out).summary;
const folderCycles = violations.filter((v) => v.rule.name === 'no-folder-cycles');
const others = violations.filter((v) => v.rule.name !== 'no-folder-cycles' && v.rule.severity === 'error');
for (const v of others)
  console.error(
    `${v.rule.name}: ${v.from} -> ${v.to}${v.cycle ? ` (${v.cycle.map((c) => c.name).join(' -> ')})` : ''}`,
  );
console.log(
  `folder cycles: ${folderCycles.length} (budget ${FOLDER_CYCLE_BUDGET}); other dependency errors: ${others.length}`,
);
if (others.length > 0 || folderCycles.length > FOLDER_CYCLE_BUDGET) {
  for (const v of folderCycles)
    console.error(`no-folder-cycles: ${v.from} -> ${v.cycle.map((c) => c.name).join(' -> ')}`);
  process.exit(1);
}
