// ESLint here checks the architecture, not style (ARCHITECTURE.md, "Layers", principle 6): which layer may import
// which, no import cycles, and where raw SQL may be written. Formatting and taste rules are deliberately off: they
// would need mass edits and say nothing about the structure (React's two hooks rules are the one exception, see
// below). Type-aware linting is not needed for these rules, so no tsconfig project is loaded for the parser, which
// keeps `npm run lint` fast.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The client's layers, lowest first: each may import only itself and the layers before it
 * (`src/contract` ← `src/api` ← `src/machines` ← `src/ui` ← `src/routes`).
 */
const CLIENT_LAYERS = ['contract', 'api', 'machines', 'ui', 'routes'];

/** One zone per layer: the layers above it are off limits. The contract gets its own, stricter zone below. */
const layerZones = CLIENT_LAYERS.slice(1, -1).map((layer, index) => ({
  target: `./src/${layer}`,
  from: CLIENT_LAYERS.slice(index + 2).map((higher) => `./src/${higher}`),
  message: `src/${layer} sits below ${CLIENT_LAYERS.slice(index + 2).map((higher) => `src/${higher}`).join(', ')}: move the shared thing down to src/${layer} or lower (ARCHITECTURE.md, Layers).`,
}));

const zones = [
  {
    // The contract is read by the server, the client and the tests alike; anything else of src it pulled in
    // (the HTTP layer, a machine, the DOM) would be dragged into every side.
    target: './src/contract',
    from: './src',
    except: ['./contract'],
    message: 'src/contract imports nothing of src but src/contract (ARCHITECTURE.md, Layers).',
  },
  ...layerZones,
  {
    // The server shares only the pure description of the product and the lifecycle machines it runs on the
    // server; the rest of src is browser code.
    target: './server',
    from: './src',
    except: ['./contract', './machines/lifecycles'],
    message: 'The server imports only src/contract and src/machines/lifecycles of src (ARCHITECTURE.md, Layers).',
  },
  {
    // Domain code throws typed domain errors; one mapping at the edge (server/http) turns them into HTTP.
    target: './server/domain',
    from: './server/http',
    message: 'server/domain never imports server/http: throw a typed domain error and let the edge map it (ARCHITECTURE.md, Layers).',
  },
  {
    // The client bundle must never pull in server code (Node modules, the database, secrets in configuration).
    target: './src',
    from: './server',
    message: 'src never imports server/: share through src/contract instead (ARCHITECTURE.md, Layers).',
  },
];


/**
 * SQL text as it is written in this code base: a string or template-literal piece that opens a statement. Every
 * query reaches PostgreSQL as text given to `query()` of the pool or a transaction's client (server/db/pool.ts),
 * sometimes built in a constant first, so the rule looks at the text itself, not at the call. Template literals
 * are checked piece by piece, so `${cte} select …` and `update "${table}" set …` are found too.
 */
const SQL_TEXT = String.raw`/^\s*(select\s|insert\s+into\s|update\s|delete\s+from\s|with\s+(recursive\s+)?\w+\s+as\s*\(|(create|alter|drop)\s+(table|index|unique|schema|extension|function|trigger|view|type|sequence)\s|truncate\s|lock\s+table\s|begin\b|commit\b|rollback\b)/i`;

/**
 * The named aggregate query files (ARCHITECTURE.md, Layers): each computes a screen's figures in PostgreSQL, so that
 * the rows never travel to Node, and its SQL is the point of the file, not a detail to hide behind server/db/.
 */
const AGGREGATE_QUERY_FILES = [
  // The dashboards' answers (README, dashboards): counts, sums and buckets over the tenant's records in one query each.
  'server/domain/dashboards/*.ts',
  // The machine dashboard: machines by type, status and location, maintenance falling due, breakdown rankings.
  'server/domain/machines/summary-queries.ts',
  // The live sensor screen: one latest row per sensor and a few averaged buckets, never the readings themselves.
  'server/domain/sensors/live-queries.ts',
  // The sensor analytics screens: one parameter bucketed with date_bin (average, minimum, maximum).
  'server/domain/sensors/series-queries.ts',
  // The header's approval inbox: what waits for the person, counted by status in SQL over the approvable modules.
  'server/domain/approvals.ts',
];

/**
 * The demo seed (server/seed/): a deliberate, named exception. It writes its fixtures (a demo tenant, its records,
 * sensor readings, public pages) with plain inserts by choice: they are demo data, not product behaviour, and a
 * server/db/ function per fixture statement would hide nothing worth hiding. Named one by one, so that no other file
 * can start writing SQL; every other file of the server keeps its SQL in server/db/ or an aggregate file above.
 */
const SEED_FILES = [
  'server/seed/demo-tenant.ts',
  'server/seed/demo/kit.ts',
  'server/seed/demo/public-pages.ts',
  'server/seed/demo/sensors.ts',
  'server/seed/index.ts',
];

const ACTOR_MAKERS = '/^(useMachine|useActorRef|useInterpret|createActor|interpret)$/';
const ACTOR_MESSAGE =
  'Flows are spawned by the session (src/machines/sessionMachine.ts, screenActors.ts), never in a component: get the screen\'s actor with useScreenActor (src/machines/useScreenActor.ts) and read it with useSelector (ARCHITECTURE.md, Actors).';

const SQL_MESSAGE = 'Raw SQL belongs in server/db/ (or a named aggregate query file, eslint.config.js): call a data-layer function instead (ARCHITECTURE.md, Layers).';

export default [
  {
    // Only the product and its harnesses are linted (tests are not: they may reach across layers on purpose).
    ignores: ['tests/**', 'dist/**', 'server-dist/**', 'node_modules/**', 'public/**', '*.config.ts', '*.config.js', '*.config.cjs'],
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'bench/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { ecmaVersion: 'latest', sourceType: 'module', ecmaFeatures: { jsx: true } },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      // Resolves `./x` to x.ts / x.tsx / x/index.ts the way TypeScript (moduleResolution "Bundler") does, so that
      // the zones and the cycle check see every import of a .ts or .tsx file, `import type` included.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json', alwaysTryTypes: true })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    // A comment that disables a rule which no longer fires should go, so that exceptions do not outlive their reason.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      // The plugin never follows `import type` edges when it looks for a cycle (there is no option to make it):
      // a type-only import is erased at build time and cannot cause an initialisation-order bug.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // On because the code's eslint-disable comments name them (ESLint refuses a comment naming an unknown rule),
      // and they pass today with no edits: a comment that no longer suppresses anything is reported (above).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Every actor belongs to the session (ARCHITECTURE.md, Actors; issue 38): a component that started its own
    // would live by React's mounts, outlive a sign-out and stay out of the session's system. Only src/machines
    // creates actors: the session spawns the flows, and components reach them through useScreenActor.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/machines/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@xstate/react', importNames: ['useMachine', 'useActorRef', 'useInterpret', 'createActorContext'], message: ACTOR_MESSAGE },
            { name: 'xstate', importNames: ['createActor', 'interpret'], message: ACTOR_MESSAGE },
            // Found walking: Escape in Mantine's date input closed the dialog around it, and what was typed was lost.
            { name: '@mantine/dates', importNames: ['DateInput'], message: 'Take DateInput from src/ui/kit/DateInput.tsx: its Escape closes the calendar only, not the dialog or drawer around it.' },
          ],
        },
      ],
      // The same, reached through a namespace import (`xstate.createActor(…)`).
      'no-restricted-syntax': ['error', { selector: `CallExpression[callee.property.name=${ACTOR_MAKERS}]`, message: ACTOR_MESSAGE }],
    },
  },
  {
    // Raw SQL only in server/db/ and the named files above.
    files: ['server/**/*.ts'],
    ignores: ['server/db/**', ...AGGREGATE_QUERY_FILES, ...SEED_FILES],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=${SQL_TEXT}]`, message: SQL_MESSAGE },
        { selector: `TemplateElement[value.raw=${SQL_TEXT}]`, message: SQL_MESSAGE },
      ],
    },
  },
  {
    // The driver itself stays behind server/db/: a pool or client elsewhere would be a way round the rule above.
    files: ['server/**/*.ts'],
    ignores: ['server/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'pg', message: 'Only server/db/ talks to the PostgreSQL driver; take a Db or Queryable from there.' },
            { name: 'pg-cursor', message: 'Only server/db/ talks to the PostgreSQL driver; take a Db or Queryable from there.' },
          ],
        },
      ],
    },
  },
];
