/**
 * Dependency rules, checked by `npm run lint` (and so by CI): no import cycle between folders, at any
 * level (src/ledger and src/programs, or two policy folders of the ledger), and none between modules.
 * A cycle means two folders cannot be understood or changed one without the other. Also: a domain
 * folder imports no adapter and no Nest, an http folder no adapter, and (scripts/check-dependencies.js)
 * every module of src/ is imported by another, entry points aside.
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
    {
      name: 'domain-is-pure',
      comment:
        'Domain code, by its role and wherever its folder is (a domain folder at any depth, every decision, state, decider, event, webhook-message and policy file, every program kind): pure TypeScript, no adapter, no Nest. Take what it needs as a parameter or a port.',
      severity: 'error',
      from: {
        path: ['^src/.*/domain/', '\\.(decisions|state|decider|events|webhooks|policy)\\.ts$', '^src/programs/kinds/'],
        // A kind's OpenAPI schema describes its HTTP shape (with Nest's decorators): not domain code.
        pathNot: '\\.schema\\.ts$',
      },
      to: { path: ['^src/infrastructure/', 'node_modules/@nestjs/', '^@nestjs/'] },
    },
    {
      name: 'http-has-no-adapters',
      comment: 'Controllers and HTTP helpers reach the stores and the runtime through ports, never an adapter.',
      severity: 'error',
      from: { path: '^src/.*/http/' },
      to: { path: '^src/infrastructure/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Specs beside their slice (src/**/*.spec.ts) import the shared test support under test/, which
    // imports every layer: they are not part of the service's dependency graph, so they are left out.
    exclude: { path: ['^dist/', '\\.spec\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    metrics: true,
  },
};
