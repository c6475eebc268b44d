/**
 * Jest's test sequencer, which also gathers the spec files that start the service (see
 * spec-kinds.js) into a few generated files, each running its share of them in one module registry
 * (test/support/app-suite.ts): there they import the service once and share one started instance per
 * set of options, where each file alone would import about 3,000 modules and boot its own. Every test
 * still runs, under a describe named after its file. A run of one or a few such files (fewer than
 * MIN_TO_GATHER) runs them as they are.
 */
const { createHash } = require('node:crypto');
const { mkdirSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const { specKinds, ROOT } = require('./spec-kinds');

const MIN_TO_GATHER = 4;
/**
 * Specs that measure what one process sees of another's writes run on their own, as before the
 * gathering: in a gathered file the services kept for later files poll beside them, and their
 * timing is what they test.
 */
const RUNS_ALONE = /\.two-processes\.spec\.ts$/;
/** Files per gathered suite, about: fewer suites share more, more suites spread better over workers. */
const FILES_PER_SUITE = 20;
const SUITES_DIR = join(ROOT, 'node_modules', '.cache', 'loyalty-app-suites');

/** `tests` dealt into `count` groups of about equal size (bytes of source), the largest first. */
function deal(tests, count) {
  const groups = Array.from({ length: count }, () => ({ bytes: 0, tests: [] }));
  const sized = tests.map((test) => ({ test, bytes: statSync(test.path).size }));
  sized.sort((a, b) => b.bytes - a.bytes || a.test.path.localeCompare(b.test.path));
  for (const { test, bytes } of sized) {
    const smallest = groups.reduce((min, group) => (group.bytes < min.bytes ? group : min));
    smallest.bytes += bytes;
    smallest.tests.push(test);
  }
  return groups.map((group) => group.tests.sort((a, b) => a.path.localeCompare(b.path)));
}

function writeSuite(index, count, tests) {
  mkdirSync(SUITES_DIR, { recursive: true });
  const paths = tests.map((test) => test.path);
  // Named by its contents: two runs at once in one checkout never write each other's.
  const digest = createHash('sha1').update(paths.join('\n')).digest('hex').slice(0, 8);
  const path = join(SUITES_DIR, `app-suite-${index + 1}-of-${count}-${digest}.js`);
  writeFileSync(
    path,
    `// Written by test/jest/app-suites.js for one run.\n` +
      `require(${JSON.stringify(join(ROOT, 'test', 'support', 'app-suite.ts'))}).runSpecFiles(${JSON.stringify(paths, null, 2)});\n`,
  );
  return { context: tests[0].context, duration: undefined, path };
}

class AppSuiteSequencer extends Sequencer {
  constructor(options) {
    super(options);
    this.listing = Boolean(options.globalConfig?.listTests);
  }

  sort(tests) {
    const booting = tests.filter((test) => specKinds(test.path).bootsApp && !RUNS_ALONE.test(test.path));
    if (this.listing || booting.length < MIN_TO_GATHER) return super.sort(tests);
    const count = Math.max(2, Math.round(booting.length / FILES_PER_SUITE));
    const suites = deal(booting, count).map((group, index) => writeSuite(index, count, group));
    // The gathered suites are the longest files: first, so no worker is left with one at the end.
    return [...suites, ...super.sort(tests.filter((test) => !booting.includes(test)))];
  }
}

module.exports = AppSuiteSequencer;
