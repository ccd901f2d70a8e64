import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import os from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * UI test files that must run in a module graph of their own: a `vi.mock` is only in place for modules evaluated after
 * it, and `vi.hoisted` sets something (the process's time zone) before anything is imported. In the shared graph of the
 * `ui` project those modules are already loaded by an earlier file (and a mock or a zone would stay for the next ones).
 */
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const UI_DIR = 'tests/ui';
const OWN_GRAPH = /\bvi\.(mock|doMock|hoisted)\(/;
const ownGraphFiles = readdirSync(join(ROOT, UI_DIR), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.tsx'))
  .map((file) => `${UI_DIR}/${file.replaceAll('\\', '/')}`)
  .filter((file) => OWN_GRAPH.test(readFileSync(join(ROOT, file), 'utf8')));

// Server-side and machine tests in Node (API tests get a database cloned from a migrated template by the global
// setup), and UI tests in jsdom: `ui` (its files share a module graph per worker) and `ui-own-graph` (the few files
// that need their own); `--project 'ui*'` runs both.
export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker fewer than the cores: on the 2-core machines `npm test` is kept fast on, one
    // file at a time, leaving a core idle while a jsdom file computes or an API file waits on PostgreSQL. Two files
    // at once overlap the two.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/api/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          globalSetup: ['tests/setup/global-db.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.tsx'],
          exclude: ownGraphFiles,
          setupFiles: ['tests/setup/ui.ts'],
          testTimeout: 30_000,
          // The files of a worker share one module graph and one jsdom window: React, Mantine and the app are
          // imported once per worker instead of once per file (the import was most of the UI tests' time). What a
          // file leaves behind in modules and the window is reset after it by tests/setup/ui.ts.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui-own-graph',
          environment: 'jsdom',
          include: ownGraphFiles,
          setupFiles: ['tests/setup/ui.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
