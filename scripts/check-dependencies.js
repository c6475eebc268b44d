#!/usr/bin/env node
/**
 * `npm run lint:deps`: dependency-cruiser's rules (.dependency-cruiser.cjs: no import cycle between
 * modules, nor between folders at any level as dependency-cruiser derives them), plus a stricter one
 * for the top-level folders of src/: the graph "some file under src/A imports some file under src/B"
 * must have no cycle, so every capability can be read with only the ones below it. And no orphan: a
 * module of src/ that no other module imports is dead code, unless it is an entry point (ENTRY_POINTS;
 * specs and bench/ are outside the graph and may import anything).
 */
const { execFileSync } = require('node:child_process');

/** No cycle is allowed (issue 9 brought both to 0): a new one fails the check. */
const BUDGET = { folderCycles: 0, topLevelCycles: 0 };

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
const result = JSON.parse(out);

/** Started by node, not imported: the server, the CLI. */
const ENTRY_POINTS = ['src/main.ts', 'src/cli.ts'];
const imported = new Set(result.modules.flatMap((module) => module.dependencies.map((d) => d.resolved)));
const orphans = result.modules
  .map((module) => module.source)
  .filter((source) => source.startsWith('src/') && !ENTRY_POINTS.includes(source) && !imported.has(source));

/** A module's top-level folder under src/; a file at the root of src/ is a node of its own. */
const top = (path) => {
  const m = /^src\/([^/]+)\//.exec(path) ?? /^src\/([^/]+\.ts)$/.exec(path);
  return m ? m[1] : null;
};
const edges = new Map();
for (const module of result.modules) {
  const from = top(module.source);
  if (!from) continue;
  for (const dependency of module.dependencies) {
    const to = top(dependency.resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const targets = edges.get(from);
    targets.set(to, [...(targets.get(to) ?? []), `${module.source} -> ${dependency.resolved}`]);
  }
}

/** Tarjan's strongly connected components: every component of more than one folder is a cycle. */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const found = [];
  const visit = (v) => {
    info.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!info.has(w)) {
        visit(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!info.has(v)) visit(v);
  return found;
}

const violations = result.summary.violations;
const folderCycles = violations.filter((v) => v.rule.name === 'no-folder-cycles');
const errors = violations.filter((v) => v.rule.name !== 'no-folder-cycles' && v.rule.severity === 'error');
const topLevel = cycles(edges);

for (const orphan of orphans) console.error(`no-orphans: ${orphan} is imported by no module`);
for (const v of errors) {
  console.error(
    `${v.rule.name}: ${v.from} -> ${v.to}${v.cycle ? ` (${v.cycle.map((c) => c.name).join(' -> ')})` : ''}`,
  );
}
const verbose = process.argv.includes('--verbose');
for (const component of topLevel) {
  console.error(`top-level folder cycle: ${component.join(', ')}`);
  if (verbose)
    for (const from of component)
      for (const [to, imports] of edges.get(from) ?? [])
        if (component.includes(to)) console.error(`  ${from} -> ${to}: ${imports.length} (${imports[0]})`);
}
if (verbose)
  for (const v of folderCycles) console.error(`folder cycle: ${v.from} -> ${v.cycle.map((c) => c.name).join(' -> ')}`);
console.log(
  `dependency errors: ${errors.length}; orphans: ${orphans.length}; folder cycles: ${folderCycles.length} (budget ${BUDGET.folderCycles}); ` +
    `top-level folders in cycles: ${topLevel.flat().length} (budget ${BUDGET.topLevelCycles})`,
);
if (
  errors.length > 0 ||
  orphans.length > 0 ||
  folderCycles.length > BUDGET.folderCycles ||
  topLevel.flat().length > BUDGET.topLevelCycles
)
  process.exit(1);
