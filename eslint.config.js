// ESLint: typescript-eslint's syntax-only rules (no type information, so a full run stays a few
// seconds), the rules of hooks, and the layer rules of docs/architecture.md: imports flow one way
// (elements → roots → panel → features → shared → shell → ui → api → session → i18n), features never
// import each other, ui/ is presentational, the kit and the server share only src/contract/ and
// src/subtitle-text/, and there are no cycles. The server has its own layers, drawn the same way
// (entries → app → routes → plugins → services → jobs → schemas → db → media → lib), and only its
// engines' folders import their drivers.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const app = (folder) => `./src/app/${folder}`;

// The layers of the kit, top first. A layer may import any layer below it, never one above.
const layers = [
  { name: 'elements', folders: ['./src/elements'] },
  { name: 'roots', folders: [app('roots')] },
  { name: 'panel', folders: [app('panel')] },
  { name: 'features', folders: [app('files'), app('file-editor'), app('subtitles'), app('auth')] },
  { name: 'shared', folders: [app('shared')] },
  { name: 'shell', folders: [app('shell')] },
  { name: 'ui', folders: [app('ui')] },
  { name: 'api', folders: [app('api')] },
  { name: 'session', folders: [app('session')] },
  { name: 'i18n', folders: [app('i18n')] },
];
const features = layers.find((layer) => layer.name === 'features').folders;

// The element descriptions are the one source of each element's API: pure data and types, from which
// the roots take their props' types and the shell its event map. Below the element layer they may be
// imported for their types only (see the rule on `import type` further down).
const descriptions = ['describe', 'specs', 'element-types'];

const upwardImports = layers.slice(1).map((layer, index) => ({
  target: layer.folders,
  from: ['./src/index.ts', ...layers.slice(0, index + 1).flatMap((above) => above.folders)],
  except: descriptions.map((name) => `./${name}.ts`),
  message: `${layer.name}/ imports only the layers below it: elements → roots → panel → features → shared → shell → ui → api → session → i18n (docs/architecture.md).`,
}));

const featureToFeature = features.map((feature) => ({
  target: feature,
  from: features.filter((other) => other !== feature),
  message: 'Features never import each other: move what both need to shared/, shell/, ui/ or api/, or compose them in panel/ or roots/.',
}));

const server = (path) => `./server/src/${path}`;

// The layers of the server, top first. A layer may import any layer below it, never one above.
const serverLayers = [
  { name: 'entries', folders: ['main.ts', 'serve.ts', 'cli.ts', 'worker-process.ts', 'config.ts'].map(server) },
  { name: 'app', folders: [server('app.ts')] },
  { name: 'routes', folders: [server('routes')] },
  { name: 'plugins', folders: [server('plugins')] },
  {
    name: 'services',
    folders: ['ingest', 'pipeline', 'bulk', 'subtitles', 'events', 'player', 'schedules', 'webhooks', 'poster'].map(server),
  },
  { name: 'jobs', folders: [server('jobs')] },
  { name: 'schemas', folders: [server('schemas')] },
  { name: 'db', folders: [server('db')] },
  { name: 'media', folders: [server('media')] },
  { name: 'lib', folders: [server('lib')] },
];
const services = serverLayers.find((layer) => layer.name === 'services').folders;
const serverLayerNames = serverLayers.map((layer) => layer.name).join(' → ');

// server/src/types.ts, the app's settings and the decorations its plugins add, is in no zone: it holds
// only types, which any layer takes with `import type` (the rule on it is further down), as the kit's
// layers take the element descriptions.
const serverUpwardImports = serverLayers.slice(1).map((layer, index) => ({
  target: layer.folders,
  from: serverLayers.slice(0, index + 1).flatMap((above) => above.folders),
  message: `server/src: ${layer.name} imports only the layers below it: ${serverLayerNames} (docs/architecture.md, "The server").`,
}));

const routeToRoute = {
  target: server('routes'),
  from: server('routes'),
  message:
    'Route files never import each other: an API message goes to schemas/messages.ts, a helper to the service that owns it or to plugins/ when it is about a request or a reply (docs/architecture.md, "The server").',
};

const serviceToService = services.map((service) => ({
  target: service,
  from: services.filter((other) => other !== service),
  message:
    'Server services never import each other: move what both need down (jobs/, schemas/, db/, media/ or lib/), or compose them in a plugin or a route (docs/architecture.md, "The server").',
}));

// Only db/open.ts chooses an engine: nothing else imports db/sqlite/ or db/postgres/, and neither engine the other.
const [sqlite, postgres] = [server('db/sqlite'), server('db/postgres')];
const engineMessage =
  'Only server/src/db/open.ts imports an engine (db/sqlite/, db/postgres/), and neither engine imports the other: the rest of the server talks to the Db object (docs/architecture.md, "The server").';
const engineChoice = [
  {
    target: [
      ...serverLayers.filter((layer) => layer.name !== 'db').flatMap((layer) => layer.folders),
      server('types.ts'),
      server('db/!(open).ts'),
    ],
    from: [sqlite, postgres],
    message: engineMessage,
  },
  { target: sqlite, from: postgres, message: engineMessage },
  { target: postgres, from: sqlite, message: engineMessage },
];

const boundaries = [
  ...upwardImports,
  ...featureToFeature,
  ...serverUpwardImports,
  routeToRoute,
  ...serviceToService,
  ...engineChoice,
  {
    target: app('ui'),
    from: [app('api'), app('session')],
    message: 'ui/ is presentational: it takes data and callbacks as props and never calls the API or reads the session.',
  },
  {
    target: './src/contract',
    from: ['./src/app', './src/elements', './src/index.ts', './src/subtitle-text', './server'],
    message: 'src/contract is shared by the kit and the server: it imports neither, nor src/subtitle-text (docs/architecture.md).',
  },
  {
    target: './src/subtitle-text',
    from: ['./src/app', './src/elements', './src/index.ts', './src/player', './server'],
    message: 'src/subtitle-text is shared by the kit and the server: it imports neither, only src/contract (docs/architecture.md).',
  },
  {
    target: './server',
    from: './src',
    except: ['./contract', './subtitle-text'],
    message: 'The server shares only src/contract and src/subtitle-text with the kit.',
  },
  {
    target: './src',
    from: './server',
    message: 'The kit shares only src/contract and src/subtitle-text with the server: it never imports server code.',
  },
];

// A file status is named through src/contract/file-status.ts (FILE_STATUS, isCompleted, isFailed, …),
// never by its number: the codes are the contract's. What a status literal looks like: a status compared
// with or set to a number from 0 to 10, or a status constant built from such numbers (`COMPLETED = 10`,
// `FAILED = new Set([4, 7])`). HTTP statuses (200 and up) are other numbers.
const STATUS_LITERAL = 'Literal[raw=/^(10|[0-9])$/]';
const STATUS_NAME = '/^(file_)?status$/i';
const STATUS_MESSAGE = 'Name a file status through src/contract/file-status.ts (FILE_STATUS, isCompleted, isFailed, …), not by its number.';
const statusLiterals = [
  {
    selector: `BinaryExpression:matches([left.name=${STATUS_NAME}], [left.property.name=${STATUS_NAME}]) > ${STATUS_LITERAL}.right`,
    message: STATUS_MESSAGE,
  },
  {
    selector: `BinaryExpression:matches([right.name=${STATUS_NAME}], [right.property.name=${STATUS_NAME}]) > ${STATUS_LITERAL}.left`,
    message: STATUS_MESSAGE,
  },
  { selector: `Property[key.name='file_status'] > ${STATUS_LITERAL}.value`, message: STATUS_MESSAGE },
  {
    selector: `VariableDeclarator[id.name=/^(COMPLETED|FAILED|FAILURES|PENDING|PROCESSING|ENDINGS|([A-Z]+_)*STATUS(ES)?)$/] ${STATUS_LITERAL}`,
    message: STATUS_MESSAGE,
  },
];

export default defineConfig(
  // Folders as folders (a trailing slash): ESLint then does not walk them. The build and Playwright write
  // and remove them while lint runs beside them in `npm test`, and a walk into a folder removed meanwhile
  // ended lint with ENOENT.
  { ignores: ['dist/', 'coverage/', 'data/', 'test-results/', 'playwright-report/', 'custom-elements.json'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x reads only .js files when it follows imports, and no-cycle sees nothing.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-empty': ['error', { allowEmptyCatch: true }],
      // `declare global { namespace JSX … }` is how React hosts get the elements' JSX types.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      // `interface HTMLElementEventMap extends VpEventMap {}` adds the kit's events to the DOM's map.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // A clone has only this repository: cite docs/spec.md, docs/decisions.md or docs/architecture.md.
      'no-warning-comments': [
        'error',
        { terms: ['DESIGN.md', 'DESIGN §', 'product-spec', 'TOOLCHAIN.md', 'STYLE.md', '/work/shared'], location: 'anywhere' },
      ],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'test/browser/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/app/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: descriptions.map((name) => `**/elements/${name}`),
              allowTypeImports: true,
              message: 'src/app takes only types from the element descriptions (import type): the element layer sits above it.',
            },
          ],
        },
      ],
    },
  },
  // Each database driver is imported in its engine's folder only (db/open.ts imports the engines, not the drivers).
  ...[
    { folder: 'server/src/db/sqlite/**', driver: 'better-sqlite3' },
    { folder: 'server/src/db/postgres/**', driver: 'pg' },
    { folder: 'server/src/**', ignores: ['server/src/db/sqlite/**', 'server/src/db/postgres/**'] },
  ].map(({ folder, driver, ignores = [] }) => ({
    files: [folder],
    ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'better-sqlite3', folder: 'server/src/db/sqlite/' },
            { name: 'pg', folder: 'server/src/db/postgres/' },
          ]
            .filter(({ name }) => name !== driver)
            .map(({ name, folder: home }) => ({
              name,
              message: `Only ${home} imports ${name}: the rest of the server talks to the Db object (docs/architecture.md, "The server").`,
            })),
        },
      ],
    },
  })),
  {
    // server/src/types.ts (the app's settings and the decorations its plugins add) is the app layer's:
    // any layer below takes its types, never a value.
    files: ['server/src/**'],
    ignores: serverLayers.slice(0, 2).flatMap((layer) => layer.folders.map((file) => file.slice(2))),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+types$|^\\./types$',
              allowTypeImports: true,
              message:
                'server/src/types.ts is imported for its types only (import type): it describes the app layer (docs/architecture.md, "The server").',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**', 'server/src/**'],
    ignores: ['src/contract/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...statusLiterals] },
  },
  {
    // A route file holds handlers: its JSON schemas are in server/src/schemas/, and its request types
    // come from them (schemas/route-types.ts), never written beside them.
    files: ['server/src/routes/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='type'][value.value=/^(object|array|string|integer|number|boolean)$/]",
          message: 'A JSON schema belongs in server/src/schemas/<area>.ts, not in a route file.',
        },
        {
          selector:
            "CallExpression[callee.object.name='app'][callee.property.name=/^(get|head|post|put|patch|delete|route)$/][typeArguments]",
          message: 'Request types are derived from the route schemas (RouteApp), not written as type arguments.',
        },
        ...statusLiterals,
      ],
    },
  },
  {
    // A test reads a reply body field by field: an assertion fails where its shape is wrong.
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**', 'server/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // chai's property assertions (`expect(x).to.be.true`) are expressions by design.
    files: ['test/browser/**'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    // Playwright asks for an object pattern as a fixture's first parameter, even an empty one.
    files: ['test/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
