// Lint rules carry the architecture: one-way imports, no cycles, kebab-case files, no focused or
// skipped tests. See docs/decisions/001-workspace-and-boundaries.md.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const webFeaturesDir = 'apps/web/src/features';
const webFeatures = fs.existsSync(webFeaturesDir)
  ? fs
      .readdirSync(webFeaturesDir)
      .filter((f) => fs.statSync(path.join(webFeaturesDir, f)).isDirectory())
  : [];
const serverModulesDir = 'apps/server/src/modules';
const here = path.dirname(new URL(import.meta.url).pathname);
const serverModulesRoot = path.join(here, serverModulesDir);
const serverDbRoot = path.join(here, 'apps/server/src/db');
const serverSrcRoot = path.join(here, 'apps/server/src');
const serverCompositionRoot = path.join(serverSrcRoot, 'composition');
/**
 * What the composition (the files at src/ and in src/composition) may take from a module: its
 * services and routes, its route registration (`*-module`) and its demo seed; types from any
 * file but a repository.
 */
const moduleEntry = /\.(service|routes)(\.ts)?$|-module(\.ts)?$|-demo-seed(\.ts)?$/;
const typeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
/** Modules that are channels: routes and request/response mapping over the domain modules. */
const channelModules = ['mobile'];
const inside = (root, file) => {
  const rel = path.relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

/**
 * The composition builds the services and registers the routes: it reaches a module through its
 * services and routes, never its repositories or private helpers.
 */
function compositionImports(context, file) {
  const check = (node) => {
    const spec = node.source?.value;
    if (typeof spec !== 'string' || !spec.startsWith('.')) return;
    const target = path.resolve(path.dirname(file), spec);
    if (!inside(serverModulesRoot, target)) return;
    const [module, ...rest] = path.relative(serverModulesRoot, target).split(path.sep);
    const inner = rest.join('/');
    if (/\.repo(\.ts)?$/.test(inner) || (!moduleEntry.test(inner) && !typeOnly(node))) {
      context.report({
        node: node.source,
        message: `Compose the "${module}" module through its services and routes (*.service, *.routes), not "${spec}".`,
      });
    }
  };
  return {
    ImportDeclaration: check,
    ExportNamedDeclaration: check,
    ExportAllDeclaration: check,
    ImportExpression: check,
  };
}

const kebabCase = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
const local = {
  rules: {
    'kebab-case-filename': {
      meta: { type: 'suggestion', schema: [] },
      create(context) {
        const base = path.basename(context.filename).replace(/\.(tsx?|jsx?|mjs|cjs)$/, '');
        if (!kebabCase.test(base)) {
          context.report({
            loc: { line: 1, column: 0 },
            message: `File name "${base}" must be kebab-case.`,
          });
        }
        return {};
      },
    },
    // A server module uses another module only through that module's service (its repositories
    // and helpers are private); routes and channel modules never touch the database.
    'server-module-boundaries': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = path.resolve(context.filename);
        const composition =
          path.dirname(file) === serverSrcRoot || inside(serverCompositionRoot, file);
        if (composition) return compositionImports(context, file);
        if (!inside(serverModulesRoot, file)) return {};
        const own = path.relative(serverModulesRoot, file).split(path.sep)[0];
        const noDatabase = /\.routes\.ts$/.test(file) || channelModules.includes(own);
        if (channelModules.includes(own) && /\.repo\.ts$/.test(file)) {
          context.report({
            loc: { line: 1, column: 0 },
            message: `"${own}" is a channel: it has no repository; the domain modules own the data.`,
          });
        }
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const target = path.resolve(path.dirname(file), spec);
          if (inside(serverModulesRoot, target)) {
            const [module, ...rest] = path.relative(serverModulesRoot, target).split(path.sep);
            if (module !== own && !/\.service(\.ts)?$/.test(rest.join('/'))) {
              context.report({
                node: node.source,
                message: `Use the "${module}" module through its service (../${module}/*.service), not "${spec}".`,
              });
            }
          }
          if (noDatabase && (target === serverDbRoot || inside(serverDbRoot, target))) {
            context.report({
              node: node.source,
              message: 'Routes and channel modules never touch the database: go through a service.',
            });
          }
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
    // Comments say why the code is as it is now; the tracker holds the history. A reference
    // to an issue goes stale the day the issue closes.
    'no-issue-reference': {
      meta: { type: 'suggestion', schema: [] },
      create(context) {
        for (const comment of context.sourceCode.getAllComments()) {
          if (/\bissues? ?#?\d+/i.test(comment.value)) {
            context.report({
              loc: comment.loc,
              message: 'Say what the code does and why, not which issue brought it.',
            });
          }
        }
        return {};
      },
    },
    'no-barrel-file': {
      meta: { type: 'suggestion', schema: [] },
      create(context) {
        return {
          ExportAllDeclaration(node) {
            context.report({
              node,
              message: 'No barrel files inside apps: import from the module itself.',
            });
          },
        };
      },
    },
  },
};

const noFocusedTests = {
  selector:
    'CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip|todo)$/]',
  message: 'No focused, skipped or todo tests.',
};
const noBareStringSchema = {
  selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
  message: "Use the contract's text(): it refuses the NUL character PostgreSQL cannot store.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/data/**',
      'reports/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, local },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      // Without this the plugin reads only .js files' imports, and the cycle rule sees no cycle
      // through TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'local/kebab-case-filename': 'error',
      'local/no-issue-reference': 'error',
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-self-import': 'error',
      'import-x/no-default-export': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': ['error', noFocusedTests],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // The contract is pure and imports nothing of ours.
            { target: './packages/contract', from: './apps' },
            // contract → server, contract → web: the apps never import each other.
            { target: './apps/web', from: './apps/server' },
            { target: './apps/server', from: './apps/web' },
            // Web: features never import each other; shared code never imports a feature.
            ...webFeatures.map((f) => ({
              target: `./${webFeaturesDir}/${f}`,
              from: `./${webFeaturesDir}`,
              except: [`./${f}`],
            })),
            { target: './apps/web/src/lib', from: `./${webFeaturesDir}` },
            { target: './apps/web/src/components', from: `./${webFeaturesDir}` },
            // Server: shared plumbing never reaches into a module.
            { target: './apps/server/src/lib', from: `./${serverModulesDir}` },
            { target: './apps/server/src/db', from: `./${serverModulesDir}` },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}'],
    rules: { 'local/no-barrel-file': 'error' },
  },
  {
    // Test support (fakes of the payment gateways, fixtures) never ships: the product's code does
    // not import it. Tests, fixtures and the bench and fuzz scripts may.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      '**/*-fixtures.ts',
      'apps/server/src/test/**',
      'apps/server/src/scripts/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/test/*'],
              message: 'Test support stays out of the product: move what is needed into a module.',
            },
          ],
        },
      ],
    },
  },
  {
    // Small files that do one thing: a source file is split before it passes 400 lines. Tests,
    // test support, scripts and the demo seed's data tables are read differently and are exempt.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/test/**',
      'apps/server/src/scripts/**',
      'apps/server/src/db/seed-data.ts',
    ],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // What the API accepts is built from the contract's `text()`, which refuses NUL.
    files: ['packages/contract/src/**/*.ts', 'apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', noFocusedTests, noBareStringSchema] },
  },
  {
    // `@kopi/contract/values` loads before the sign-in page paints: its modules build no schema, so
    // they import neither zod nor the schema modules (types are erased, so they may be imported).
    files: ['packages/contract/src/values.ts', 'packages/contract/src/*-values.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', './*', '!./*-values', '!./permissions'],
              allowTypeImports: true,
              message:
                'A values module builds no schema: import values only from other values modules.',
            },
          ],
        },
      ],
    },
  },
  {
    // The web modules that run before the sign-in page paints read the contract's values through
    // `@kopi/contract/values`: a full-contract module shared with later pages would bring their
    // schemas and zod onto the first visit (`initial-js.mjs --check` measures it).
    files: [
      'apps/web/src/lib/settings/{settings-store,setting-rules}.ts',
      'apps/web/src/lib/i18n/{i18n,resources}.ts',
      'apps/web/src/lib/session/{session-store,session-service,session-runtime-slot}.ts',
      'apps/web/src/lib/route-guard.ts',
      'apps/web/src/features/auth/components/auth-shell.tsx',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@kopi/contract',
              allowTypeImports: true,
              message: 'Before the first paint, read values from @kopi/contract/values.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may look at any table to check what a request wrote.
    files: [
      'apps/server/src/modules/**/*.ts',
      'apps/server/src/*.ts',
      'apps/server/src/composition/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: { 'local/server-module-boundaries': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tool configs must default-export.
    files: ['**/*.config.{js,ts,mjs}', '**/vite.config.ts', '**/playwright.config.ts'],
    rules: { 'import-x/no-default-export': 'off' },
  },
  prettier,
);
