// `npm run lint`: ESLint's and typescript-eslint's recommended rules (no
// type-aware rules: they would type-check the project a second time, and
// `npm run typecheck` already does, with noUnusedLocals/noUnusedParameters).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // scripts/grid-kernel.as.ts is AssemblyScript (decorators on functions, load<T>): its compiler checks it (npm run generate).
  { ignores: ['dist/', 'docs/', 'coverage/', 'test-output/', 'data/', 'node_modules/', 'scripts/grid-kernel.as.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: {
        // Node and the browser: the library runs in both, the CLI and the tests in Node.
        console: 'readonly', process: 'readonly', performance: 'readonly', URL: 'readonly',
        TextDecoder: 'readonly', TextEncoder: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly',
      },
    },
    rules: {
      // An unused name is the typecheck's job (noUnusedLocals/noUnusedParameters); `_name` marks one kept on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Plain JavaScript that only ever runs in Node (the command's launcher, the
    // examples, the scripts, the tests' workers): Node's globals besides the
    // shared ones above. TypeScript files need no list: the compiler checks names.
    files: ['**/*.mjs', 'bin/**/*.js', 'scripts/**/*.js'],
    languageOptions: {
      globals: {
        Buffer: 'readonly', URLSearchParams: 'readonly', setInterval: 'readonly', clearInterval: 'readonly',
        setImmediate: 'readonly', clearImmediate: 'readonly', queueMicrotask: 'readonly', structuredClone: 'readonly',
        AbortController: 'readonly',
      },
    },
  },
  {
    // Typings for untyped peer libraries: `any` is what they are.
    files: ['**/*.d.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
