import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noFolderCycle from './eslint-rules/no-folder-cycle.js';

const root = import.meta.dirname;
const web = 'packages/web/src';
const server = 'packages/server/src';

// Every console feature may import only itself, shared components, lib/ and the contract: read from
// the folder so that a new feature is fenced the day it lands.
const features = readdirSync(`${root}/${web}/features`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const FEATURE_MESSAGE =
  'A feature never imports another feature: move what both need into components/ or lib/, or compose them in app/.';
const SHARED_MESSAGE = 'components/ and lib/ sit below the features and the shell: they import neither.';

const ADMIN_PATH_MESSAGE =
  "Call the admin API through its contract description (lib/api-client.ts: call(templatesApi.list, …)), never a '/v1/' path.";

/** Routes describe HTTP only; rules and SQL go through the module's service. */
const routesNeverImportRepos = {
  target: [`${server}/modules/*/routes.ts`, `${server}/modules/*/*-routes.ts`],
  from: [`${server}/modules/**/repo.ts`, `${server}/modules/**/*-repo.ts`, `${server}/db/**`],
  message: "A route goes through its module's service, never a repository or the database.",
};

// Syntax-level rules only (no type-aware linting): `npm run typecheck` already runs the compiler,
// and this keeps `eslint .` to seconds.
export default defineConfig([
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    '**/coverage/',
    'data/',
    'data-demo/',
    'test-results/',
    'packages/server/src/db/migrations/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },

  // Boundaries, kept by lint rather than by memory (issue 31).
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      // type-only imports do not count (they vanish at run time); node_modules are not walked
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...features.map((f) => ({
              target: `${web}/features/${f}`,
              from: `${web}/features`,
              except: [`./${f}`],
              message: FEATURE_MESSAGE,
            })),
            { target: `${web}/features`, from: `${web}/app`, message: FEATURE_MESSAGE },
            {
              target: [`${web}/components`, `${web}/lib`],
              from: [`${web}/features`, `${web}/app`],
              message: SHARED_MESSAGE,
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${server}/modules/**/*.ts`],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: [routesNeverImportRepos] }] },
  },
  {
    // the admin API's paths are described once, in the contract (packages/contract/src/api)
    files: [`${web}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\/v1\\//]', message: ADMIN_PATH_MESSAGE },
        { selector: 'TemplateElement[value.raw=/^\\/v1\\//]', message: ADMIN_PATH_MESSAGE },
      ],
    },
  },
  {
    // fastify-plugin names an unnamed plugin from a stack trace taken at import: in the built server
    // that formats a stack, which parses the bundle's source map at every start (lib/bundle-stack-traces.mjs)
    files: [`${server}/**/*.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='fp'][arguments.length<2]",
          message: "Name the plugin: fp(fn, { name: 'herald-…' }).",
        },
        {
          selector: "ImportDeclaration[source.value='fastify-plugin'] > ImportDefaultSpecifier[local.name!='fp']",
          message: 'Import fastify-plugin as fp, so that the rule above sees every plugin.',
        },
      ],
    },
  },
  {
    // folders, not only files, import each other one way (eslint-rules/no-folder-cycle.js)
    files: [`${server}/**/*.ts`],
    plugins: { herald: { rules: { 'no-folder-cycle': noFolderCycle } } },
    rules: { 'herald/no-folder-cycle': ['error', { root: `${root}/${server}` }] },
  },
]);
