/** Jest with @swc/jest: legacy decorators and decorator metadata, as NestJS needs. */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

/** ESM-only packages, compiled to CommonJS for Jest (Node runs them natively through require(esm)). */
const ESM_PACKAGES = ['intl-messageformat', '@formatjs'];

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', swc],
    [`node_modules/(${ESM_PACKAGES.join('|')})/.+\\.js$`]: [
      '@swc/jest',
      { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`],
  // Generous: several test files start service instances on PGlite, which is slow on a busy 2-core machine.
  testTimeout: 120000,
  // Gathers the spec files that start the service into a few files that share their apps.
  testSequencer: '<rootDir>/test/jest/app-suites.js',
  maxWorkers: 2,
  // Each test file loads the whole service (about 3,000 modules) into a registry of its own, and a
  // worker's heap kept growing past 1.5 GB over a run: V8's background collector then took most of a
  // core. A worker above this after a file is replaced (measured on a fifth of the suite: 141 s -> 131 s).
  workerIdleMemoryLimit: '600MB',
};
