/**
 * Benchmark of the demo seed (`npm run bench -- --seed`; not part of `npm test`, where it used to be a timed
 * assertion that failed whenever the machine was busy): seeding the demo tenants into a freshly migrated database,
 * best of three, beside its budget and beside the anchor measured in the same run: migrating the same empty
 * database (the step every start and every test database takes before the seed).
 *
 * Each round creates an empty database on the benchmark's PostgreSQL (bench/db.ts: embedded, or DATABASE_URL),
 * migrates it (timed: the anchor), seeds it (timed: the figure) and drops it.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '../server/db/migrations';
import { createPool } from '../server/db/pool';
import { seedDemo } from '../server/seed/index';
import setupTestDatabase from '../tests/setup/global-db';
import { table, type Line } from './report';

const ROUNDS = 3;
/** A fresh `npm start` and every API test file's database wait on the seed: three seconds at most. */
const BUDGET = { seedMs: 3_000 };

interface Round {
  migrateMs: number;
  seedMs: number;
}

async function round(adminUrl: string, name: string): Promise<Round> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${admin.escapeIdentifier(name)}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = createPool(url.toString(), 2);
  try {
    const migrating = performance.now();
    await runMigrations(pool);
    const migrateMs = performance.now() - migrating;
    const seeding = performance.now();
    const result = await seedDemo(pool);
    const seedMs = performance.now() - seeding;
    if (!result.seeded) throw new Error('the demo seed did not run on an empty database');
    return { migrateMs, seedMs };
  } finally {
    await pool.end();
    await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
    await admin.end();
  }
}

async function main(): Promise<void> {
  const provided: Record<string, string> = {};
  // The setup only calls `provide` on its project: a stand-in keeps the values (as bench/db.ts does).
  const teardown = await setupTestDatabase({ provide: (key: string, value: string) => void (provided[key] = value) } as unknown as TestProject);
  try {
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await round(provided.pgAdminUrl!, `${provided.pgRunPrefix}seedbench_${i}`));
    const best = (pick: (r: Round) => number) => Math.min(...rounds.map(pick));
    const lines: Line[] = [
      { figure: 'anchor: migrating an empty database, best of 3', value: best((r) => r.migrateMs), unit: 'ms' },
      { figure: 'seeding the demo tenants, best of 3', value: best((r) => r.seedMs), unit: 'ms', budget: BUDGET.seedMs },
    ];
    console.log(table(`Demo seed (runs: ${rounds.map((r) => Math.round(r.seedMs)).join(', ')} ms)`, lines));
  } finally {
    await teardown();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
