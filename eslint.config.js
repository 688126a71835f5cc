import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { featureImports } from './scripts/eslint/feature-imports.js'

const root = fileURLToPath(new URL('.', import.meta.url))
const serverSrc = 'apps/server/src'
const webSrc = 'apps/web/src'

// Every feature folder found on disk, so a new feature is held by the same rules without being named here.
function featuresOf(src) {
  const folder = fileURLToPath(new URL(`${src}/features/`, import.meta.url))
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
}

// On the web a feature's index.ts is its public face: another feature may import that and nothing else.
const webFeatureZones = featuresOf(webSrc).map((feature) => ({
  target: `./${webSrc}/features/${feature}/**`,
  from: `./${webSrc}/features/*/**`,
  // With a glob in from, the exceptions are globs over absolute paths.
  except: [`${root}${webSrc}/features/${feature}/**`, `${root}${webSrc}/features/*/index.ts`],
  message: 'Another feature is used only through its index.ts (its public face), never through its internals.',
}))

// The layers, lowest first: contracts → lib → db → plugins → features → app.ts / main.ts / demo.
const serverLayerZones = [
  {
    target: [`./${serverSrc}/lib/**`, `./${serverSrc}/config.ts`],
    from: [
      `./${serverSrc}/db`,
      `./${serverSrc}/plugins`,
      `./${serverSrc}/features`,
      `./${serverSrc}/demo`,
      `./${serverSrc}/app.ts`,
      `./${serverSrc}/main.ts`,
      `./${serverSrc}/seed.ts`,
    ],
    message: 'lib/ and config.ts are the bottom layer: they know no table, plugin or feature.',
  },
  {
    target: `./${serverSrc}/db/**`,
    from: [
      `./${serverSrc}/plugins`,
      `./${serverSrc}/features`,
      `./${serverSrc}/demo`,
      `./${serverSrc}/app.ts`,
      `./${serverSrc}/main.ts`,
      `./${serverSrc}/seed.ts`,
    ],
    message: 'db/ sits under the features: it never imports a plugin, a feature or the composition root.',
  },
  {
    target: `./${serverSrc}/plugins/**`,
    from: [`./${serverSrc}/features`, `./${serverSrc}/demo`, `./${serverSrc}/app.ts`, `./${serverSrc}/main.ts`, `./${serverSrc}/seed.ts`],
    message: 'plugins/ are cross-cutting: they never import a feature or the composition root.',
  },
  {
    target: `./${serverSrc}/features/**`,
    from: [`./${serverSrc}/demo`, `./${serverSrc}/app.ts`, `./${serverSrc}/main.ts`, `./${serverSrc}/seed.ts`],
    message: 'A feature never imports the composition root (app.ts, main.ts) or the demo district.',
  },
  {
    target: './packages/contracts/src/**',
    from: ['./apps'],
    message: 'contracts are the bottom of both sides: they import neither the server nor the web app.',
  },
]

// import-x reads the imported files too (for no-cycle): it must parse them as TypeScript.
const importSettings = {
  'import-x/extensions': ['.ts', '.tsx', '.js'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
}

const webLayerZones = [
  {
    target: [`./${webSrc}/lib/**`, `./${webSrc}/components/**`],
    from: [`./${webSrc}/features`, `./${webSrc}/app`],
    message: 'lib/ and components/ are shared: they never import a feature or the app.',
  },
  {
    target: `./${webSrc}/features/**`,
    from: `./${webSrc}/app`,
    except: [],
    message: 'A feature never imports app/ (the pages and the router compose the features).',
  },
]

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.test-output/**',
      'e2e/test-results/**',
      'playwright-report/**',
      'scripts/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration in apps/server/src/config.ts only.',
        },
        {
          selector: "TSNonNullExpression > MemberExpression.expression[property.name='user']",
          message: 'Declare the route with signedInRoute(rule) (plugins/access.ts) and take the person from rule.user(request).',
        },
      ],
    },
  },
  {
    files: ['apps/server/src/config.ts', 'apps/server/test/**', 'e2e/**', 'bench/**', 'scripts/**', '**/*.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Server and contracts: relative imports written with .js that resolve to the .ts source (NodeNext).
    files: ['apps/server/src/**/*.ts', 'packages/contracts/src/**/*.ts'],
    plugins: { 'import-x': importX, platform: { rules: { 'feature-imports': featureImports } } },
    settings: {
      ...importSettings,
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverLayerZones }],
      'platform/feature-imports': ['error', { featuresDir: `${root}${serverSrc}/features` }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Web: the @/ alias for src, extensionless imports.
    files: [`${webSrc}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      ...importSettings,
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js'],
          alias: { '@': [fileURLToPath(new URL(webSrc, import.meta.url))] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...webLayerZones, ...webFeatureZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A test drives a feature through the pages (app/) and may build its data through the other features.
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': 'off', 'platform/feature-imports': 'off' },
  },
  prettier,
)
