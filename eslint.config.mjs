// ESLint flat config: typescript-eslint's recommended rules over src/ and test/, formatting left to
// Prettier (eslint-config-prettier turns off the rules that would fight it).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'dist-tsc/', 'coverage/', 'node_modules/', '.certs/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        ...globals.browser,
        ...globals.node,
        Office: 'readonly',
        Excel: 'readonly',
        OfficeRuntime: 'readonly',
        CustomFunctions: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Input checks match control characters on purpose (cells, names, identifiers).
      'no-control-regex': 'off',
      // Flags deliberate resets: a reference dropped so the collector can take it, an initial value before a try.
      'no-useless-assignment': 'off',
    },
  },
  {
    // Rules that read types (the TypeScript program of tsconfig.json): a promise nobody awaits or catches
    // loses its error, and a promise handed to a callback that expects void (an event listener,
    // Office's handlers, forEach) is dropped by its caller. A promise left unawaited on purpose says so
    // with `void` and a comment.
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Plain CommonJS run by Node at build time (webpack.config.js and what it loads).
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['test/**/*.ts'],
    languageOptions: { globals: globals.jest },
  },
  {
    // These load the CommonJS build config (webpack.config.js) as the webpack CLI does, or the relay
    // (tools/relay, plain CommonJS so that it deploys as it is).
    files: ['test/build/**/*.ts', 'test/manifest/**/*.ts', 'test/relay/**/*.ts', 'tools/dev/devServer.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
