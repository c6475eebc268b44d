// ESLint flat config: typescript-eslint's recommended rules plus the typed rules that catch real
// bugs here (a promise nobody awaits loses its error and its ordering). `consistent-type-imports` is
// left off on purpose: Nest reads constructor parameter types at runtime (emitDecoratorMetadata), so a
// type-only import of an injected class would break dependency injection.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Node's globals for the plain JavaScript files (bench, bin); the `globals` package is not a dependency. */
const NODE_GLOBALS = Object.fromEntries(
  [
    'require',
    'module',
    'exports',
    'process',
    'console',
    'Buffer',
    '__dirname',
    '__filename',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'URL',
    'fetch',
    'performance',
  ].map((name) => [name, 'readonly']),
);

export default tseslint.config(
  {
    // The generated client types are openapi-typescript's output, checked against openapi.json by a spec.
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      'data/',
      'bench/results/',
      'examples/dist/',
      'web/dist/',
      'web/console/dist/',
      'clients/typescript/src/schema.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Pure domain code: no type assertions (`as`), so the compiler checks every field of every event,
    // command and state it builds (`as const` stays allowed). Domain by role, wherever its folder is:
    // every decision, state, decider, event, webhook-message and policy file, and the ledger's core.
    files: [
      'src/**/domain/**/*.ts',
      'src/**/*.{decisions,state,decider,events,webhooks,policy}.ts',
      'src/ledger/customer-{ledger,state,stream,webhooks,events,event-types}.ts',
    ],
    rules: { '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }] },
  },
  {
    // A function a reader can hold in mind: past 70 lines, split it into named steps (specs aside).
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.spec.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 70, skipBlankLines: true, skipComments: true }] },
  },
  {
    // A program's kind is asked of its descriptor (src/programs/kinds), never told by its name: a
    // comparison of an `event` with a string, or a `case` on one, belongs in the descriptor table.
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.spec.ts', 'src/programs/kinds/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "BinaryExpression[operator=/^[!=]==?$/][left.property.name='event'][right.type='Literal'][right.value=/./]",
          "BinaryExpression[operator=/^[!=]==?$/][right.property.name='event'][left.type='Literal'][left.value=/./]",
          "SwitchStatement[discriminant.property.name='event'] > SwitchCase[test.type='Literal'][test.value=/./]",
          "CallExpression[callee.property.name='startsWith'][callee.object.property.name='event']",
        ].map((selector) => ({
          selector,
          message: "Ask the program kind's descriptor (src/programs/kinds/kinds.ts) instead of comparing its name.",
        })),
      ],
    },
  },
  {
    // The specs beside a slice build partial or deliberately wrong events and commands to test refusals:
    // the no-assertion rule is for the domain code they test, not for them.
    files: ['src/**/*.spec.ts'],
    rules: { '@typescript-eslint/consistent-type-assertions': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: { globals: NODE_GLOBALS, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module' } },
);
