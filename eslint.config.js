// Lint, and the project's layers as VS Code enforces its own: each folder lists what it may not
// import, so an arrow pointing the wrong way fails `npm test` (see README, "Architecture").
import js from '@eslint/js'
import pluginVue from 'eslint-plugin-vue'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// '**/services/**' alone would let '../services' (the folder's index) through: forbid both forms
const withIndex = (pattern) => (pattern.endsWith('/**') ? [pattern, pattern.slice(0, -3)] : [pattern])
const layer = (files, patterns, message) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: patterns.flatMap(withIndex), message }] }],
  },
})

// Names the bundler declares itself at the top of a chunk of the main process's build (its
// `require = createRequire(import.meta.url)`, and `__dirname`, `__filename` where they are used):
// a binding of ours with one of those names, once bundled beside it, is declared twice, and the
// whole chunk fails to load (issue 36: the app could not start). Refused anywhere in bundled code.
const BUNDLER_NAMES = "/^(require|__dirname|__filename)$/"
const bundlerNames = {
  selector: [
    `:matches(VariableDeclarator, FunctionDeclaration, FunctionExpression, ClassDeclaration) > Identifier.id[name=${BUNDLER_NAMES}]`,
    `:matches(ImportSpecifier, ImportDefaultSpecifier, ImportNamespaceSpecifier) > Identifier.local[name=${BUNDLER_NAMES}]`,
    `:function > Identifier.params[name=${BUNDLER_NAMES}]`,
    `:matches(ObjectPattern > Property > Identifier.value, ArrayPattern > Identifier, AssignmentPattern > Identifier.left)[name=${BUNDLER_NAMES}]`,
  ].join(', '),
  message:
    'The bundler declares require, __dirname and __filename itself in the chunks it makes; a binding of that name is declared twice there and the chunk fails to load (issue 36). Name it for what it holds (fromHere, …).',
}
const bundledCode = {
  files: ['electron/**/*.ts', 'renderer/**/*.{ts,vue}'],
  rules: { 'no-restricted-syntax': ['error', bundlerNames] },
}

// Electron's security checklist, in main: a webPreferences value that switches part of it off, or
// shell.openExternal called other than through external-links.ts's webAddressOnly (http(s) only),
// fails lint (docs/security.md, "Security checklist"; test/unit/main/lint-security.test.ts proves it bites).
const UNSAFE_PREFERENCES = [
  ['nodeIntegration', true],
  ['nodeIntegrationInWorker', true],
  ['nodeIntegrationInSubFrames', true],
  ['contextIsolation', false],
  ['sandbox', false],
  ['webSecurity', false],
  ['allowRunningInsecureContent', true],
  ['webviewTag', true],
  ['experimentalFeatures', true],
]
const electronSecurity = {
  files: ['electron/main/**'],
  rules: {
    'no-restricted-syntax': [
      'error',
      ...UNSAFE_PREFERENCES.map(([name, value]) => ({
        selector: `Property:matches([key.name='${name}'], [key.value='${name}'])[value.type='Literal'][value.value=${value}]`,
        message: `${name}: ${value} switches off part of Electron's security checklist (docs/security.md, "Security checklist").`,
      })),
      {
        selector: "Property:matches([key.name='enableBlinkFeatures'], [key.value='enableBlinkFeatures'])",
        message: "enableBlinkFeatures switches on Blink features Electron's security checklist keeps off.",
      },
      // the rule of bundled code (above): this list replaces that one in electron/main
      bundlerNames,
      {
        selector: "MemberExpression[property.name='openExternal']:not(CallExpression[callee.name='webAddressOnly'] MemberExpression)",
        message: 'shell.openExternal only through webAddressOnly (external-links.ts): the browser opens http(s) addresses the app built, nothing else.',
      },
    ],
  },
}

// The command line prints through one path (electron/cli/output.ts), which shows visibly every
// character a terminal would act on in names from PBXs, files and spreadsheets (issue 39): a
// command writing to process.stdout or process.stderr itself fails lint
// (test/unit/cli/terminal-safe.test.ts proves it bites).
const cliOutput = {
  files: ['electron/cli/**/*.ts'],
  ignores: ['electron/cli/output.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      // the rule of bundled code (above): this list replaces that one in electron/cli
      bundlerNames,
      {
        selector: "CallExpression[callee.property.name='write'][callee.object.type='MemberExpression'][callee.object.object.name='process'][callee.object.property.name=/^std(out|err)$/]",
        message: "Print through ctx.out (electron/cli/output.ts): it shows escape sequences and other control characters from PBXs and files visibly, so a name cannot clear the user's screen.",
      },
    ],
  },
}

// Vitest runs most test files in one module graph per worker (vitest.config.ts, issue 41): a file
// that mocks a module, or loads a stand-in that must come before Naive UI, would change what the
// files after it import. Such a file is named *.isolated.test.ts and gets a graph of its own.
const sharedModuleTests = {
  files: ['test/**/*.test.ts'],
  ignores: ['test/**/*.isolated.test.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|resetModules)$/]",
        message: 'This file shares its module graph with the files before it (vitest.config.ts): one that mocks modules is named *.isolated.test.ts.',
      },
    ],
    'no-restricted-imports': [
      'error',
      { patterns: [{ group: ['**/virtual-layout'], message: 'virtual-layout must load before Naive UI: a file that imports it is named *.isolated.test.ts (vitest.config.ts).' }] },
    ],
  },
}

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] } },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
    },
  },
  { files: ['renderer/**'], languageOptions: { globals: { ...globals.browser } } },
  // CommonJS files (the test stand-in for Electron) load their modules with require
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  // Playwright fixtures declare the fixtures they use by destructuring, `{}` for none
  { files: ['test/e2e/**', 'test/electron/**'], rules: { 'no-empty-pattern': 'off' } },
  // The layers. contract: depends on nothing of ours, and on nothing of Node or Electron.
  layer(
    ['electron/contract/**'],
    ['**/services/**', '**/demo-pbx/**', '**/main/**', '**/preload/**', '**/renderer/**', 'electron', 'node:*', 'keytar'],
    'electron/contract imports nothing of ours and no Node or Electron module: main, preload and the renderer all import it.',
  ),
  // services and demo-pbx: plain Node; contract only (services may start the demo PBX).
  layer(
    ['electron/services/**'],
    ['electron', 'electron/*', '**/main/**', '**/preload/**', '**/renderer/**'],
    'electron/services is plain Node: never electron, main, preload or the renderer.',
  ),
  layer(
    ['electron/demo-pbx/**'],
    ['electron', 'electron/*', '**/services/**', '**/main/**', '**/preload/**', '**/renderer/**', 'keytar'],
    'electron/demo-pbx is a stand-alone server: it imports the contract and Node built-ins only.',
  ),
  layer(
    ['electron/main/**'],
    ['**/preload/**', '**/renderer/**', '**/demo-pbx/**'],
    'electron/main wires services to Electron: it imports contract and services only.',
  ),
  // cli: the command line, the same services as main with no Electron.
  layer(
    ['electron/cli/**'],
    ['electron', 'electron/*', '**/main/**', '**/preload/**', '**/renderer/**', '**/demo-pbx/**'],
    'electron/cli is the command line: it imports contract and services only, never electron, main, preload, the renderer or the demo PBX.',
  ),
  layer(
    ['electron/preload/**'],
    ['**/services/**', '**/main/**', '**/demo-pbx/**', '**/renderer/**', 'zod', 'node:*'],
    'The sandboxed preload may import electron and the contract\'s operation names only.',
  ),
  bundledCode,
  electronSecurity,
  cliOutput,
  sharedModuleTests,
  layer(
    ['renderer/**'],
    ['**/electron/services/**', '**/electron/main/**', '**/electron/preload/**', '**/electron/demo-pbx/**', '../**/electron/**', 'electron', 'node:*', 'keytar'],
    'The renderer talks to main only through window.pbx; it may import @contract/* and nothing else of electron/.',
  ),
)
