/**
 * Dependency rules, checked by `npm run lint` (and so by CI): no import cycle between folders, at any
 * level (src/ledger and src/programs, or two policy folders of the ledger), and none between modules.
 * A cycle means two folders cannot be understood or changed one without the other.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      comment: 'Folders import each other in one direction only: move the shared piece down, or invert it with a port.',
      severity: 'info',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-module-cycles',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Specs beside their slice (src/**/*.spec.ts) import the shared test support under test/, which
    // imports every layer: they are not part of the service's dependency graph, so they are left out.
    exclude: { path: ['node_modules', '^dist/', '\\.spec\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    metrics: true,
  },
};
