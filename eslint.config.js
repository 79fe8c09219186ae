import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** TypeScript sources: type-checked rules, with the types of tsconfig.json. */
const TYPESCRIPT = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];
/** Plain JavaScript (configuration files, the security headers next.config.js imports, a build script): no type information. */
const JAVASCRIPT = ['**/*.js', '**/*.mjs', '**/*.cjs'];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.next/',
      '.next-*/',
      'data/',
      'dist/',
      '.test-build/',
      'client/dist/',
      'server/generated/',
      'test-results/',
      'playwright-report/',
      'next-env.d.ts',
    ],
  },
  js.configs.recommended,
  {
    files: TYPESCRIPT,
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  {
    // Every JavaScript file here runs in Node.js (next.config.js, postcss.config.mjs, the image build script, the
    // security headers next.config.js imports); .cjs files are CommonJS (module.exports, require).
    files: JAVASCRIPT,
    languageOptions: { globals: globals.node },
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    // The rules of hooks and the React Compiler's checks over every component and hook of the Admin app.
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      // A missing effect dependency is a bug (a stale value), not a style question: it fails lint like the rest.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // expect.any(), expect.objectContaining() and parsed JSON bodies are typed any by design.
    files: ['**/*.test.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
);
