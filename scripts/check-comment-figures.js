#!/usr/bin/env node
/**
 * `npm run lint:comments`: comments in src/ say why the code is shaped as it is; the measurements
 * behind a choice go to docs/benchmarks.md ("Figures behind the code's choices"), where they can be
 * dated and measured again. This fails on a comment line quoting one: a timing in microseconds, a
 * throughput (req/s, events/s) or a "measured" result.
 */
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

const FIGURE = /\d\s?µs\b|\breq\/s\b|\bevents\/s\b|\bMeasured\b|\bmeasured\s*(:|\)|on\b|with\b)/;

/** The comment on a line: a line of a block comment, or what follows `//`. */
function commentOf(line) {
  const trimmed = line.trim();
  if (trimmed.startsWith('*') || trimmed.startsWith('/*')) return trimmed;
  const at = line.indexOf('// ');
  return at >= 0 ? line.slice(at) : '';
}

function* typeScriptFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* typeScriptFiles(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

const found = [];
for (const file of typeScriptFiles('src')) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (FIGURE.test(commentOf(line))) found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
}

if (found.length > 0) {
  console.error('Measurements in comments (move the figures to docs/benchmarks.md, keep the why):');
  for (const line of found) console.error(`  ${line}`);
  process.exit(1);
}
