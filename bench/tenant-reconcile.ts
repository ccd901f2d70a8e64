/**
 * Benchmark of issue 8 (`npx tsx bench/tenant-reconcile.ts`; not part of `npm test`): the start-up reconcile
 * of 200 tenants that an older catalogue provisioned, per tenant, beside its budget and beside the anchor
 * measured in the same run: provisioning one tenant from nothing (the same walk, writing everything).
 *
 *   1. A throw-away PostgreSQL with the demo tenants (bench/db.ts).
 *   2. One tenant provisioned and rewound to an older catalogue (3 features, their grants, 1 built-in role and
 *      4 menu entries fewer), copied 199 times in SQL (tests/helpers/older-tenants.ts).
 *   3. reconcileTenants over all of them, timed per tenant; then a second start (nothing to do), timed whole.
 *
 * BENCH_TENANTS changes the tenant count (default 200). The figures are a report: exit code 0 whether they
 * pass or not, 1 only when the run fails.
 */
import { inTransaction } from '../server/db/pool';
import { provisionTenant } from '../server/domain/admin/tenant-provisioning';
import { reconcileTenants } from '../server/domain/admin/tenant-upgrade';
import { copyTenant, newSubscriber, olderTenant } from '../tests/helpers/older-tenants';
import { startBenchDb } from './db';
import { max, median, percentile, table, type Line } from './report';

const TENANTS = Number(process.env.BENCH_TENANTS ?? 200);
const ANCHOR_RUNS = 10;

/** "Well under a second each" (issue 8), and a start-up that never waits long on tenants already up to date. */
const BUDGET = { perTenantP95Ms: 250, perTenantMaxMs: 1_000, upToDateStartMs: 100 };

async function main(): Promise<void> {
  const bench = await startBenchDb();
  try {
    const anchor: number[] = [];
    for (let run = 0; run < ANCHOR_RUNS; run++) {
      const started = performance.now();
      await inTransaction(bench.pool, async (tx) => provisionTenant(tx, await newSubscriber(tx, `Anchor ${run}`), { platform: false }));
      anchor.push(performance.now() - started);
    }
    const template = await olderTenant(bench.pool, 'Older Template', {
      features: ['PAYMENT', 'MANAGE_CREDIT_NOTE', 'MY_CALENDER'],
      roles: ['CLIENT'],
      menu: ['menu.sensors', 'menu.service.ticket-dashbaord', 'menu.billing.manual-payment', 'menu.billing.manageCreditNote'],
    });
    await copyTenant(bench.pool, template, TENANTS - 1);

    const started = performance.now();
    const upgraded = await reconcileTenants(bench.pool);
    const wholeMs = performance.now() - started;
    const older = upgraded.filter((u) => u.changes.features.length === 3);
    if (older.length !== TENANTS) throw new Error(`expected ${TENANTS} tenants brought up to date, got ${older.length}`);
    const perTenant = older.map((u) => u.ms);

    const again = performance.now();
    const second = await reconcileTenants(bench.pool);
    const secondMs = performance.now() - again;
    if (second.length !== 0) throw new Error(`a second start reconciled ${second.length} tenants`);

    const lines: Line[] = [
      { figure: 'anchor: provisioning one tenant from nothing, median', value: median(anchor), unit: 'ms' },
      { figure: `reconcile, ${older.length} older tenants, whole`, value: wholeMs, unit: 'ms' },
      { figure: 'reconcile per tenant, median', value: median(perTenant), unit: 'ms' },
      { figure: 'reconcile per tenant, p95', value: percentile(perTenant, 95), unit: 'ms', budget: BUDGET.perTenantP95Ms },
      { figure: 'reconcile per tenant, max', value: max(perTenant), unit: 'ms', budget: BUDGET.perTenantMaxMs },
      { figure: `second start, ${TENANTS + 2 + ANCHOR_RUNS} tenants up to date`, value: secondMs, unit: 'ms', budget: BUDGET.upToDateStartMs },
    ];
    console.log(table(`Tenant reconcile at start (${bench.where})`, lines));
  } finally {
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
