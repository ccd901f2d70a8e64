import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import os from 'node:os';

// Two projects: server-side and machine tests in Node (API tests get a database cloned from a
// migrated template by the global setup), and UI tests in jsdom.
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
          setupFiles: ['tests/setup/ui.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
