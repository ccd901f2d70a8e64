/** Runs every browser scenario against one started product; exits non-zero when any fails. */
import { billingScenarios } from './billing';
import { calendarScenarios } from './calendar';
import { runScenarios, type Scenario } from './harness';
import { lifecycleScenarios } from './lifecycles';
import { publicScenarios } from './public';
import { qaPathScenarios } from './qaPaths';
import { salesScenarios } from './sales';
import { shellScenarios } from './shell';
import { stockScenarios } from './stock';
import { ticketScenarios } from './tickets';

// A watchdog: the whole browser run takes about eighteen minutes on a busy 2-core machine (fourteen of them
// QA's exported paths, ./qaPaths.ts); forty means something hangs, and a hung run must fail with a reason
// instead of holding CI until its own limit.
const WATCHDOG_MS = 40 * 60_000;
setTimeout(() => {
  console.error(`FAIL the browser run did not finish within ${WATCHDOG_MS / 60_000} minutes`);
  process.exit(1);
}, WATCHDOG_MS).unref();

const suites: Scenario[] = [...shellScenarios, ...publicScenarios, ...lifecycleScenarios, ...billingScenarios, ...ticketScenarios, ...qaPathScenarios, ...stockScenarios, ...calendarScenarios, ...salesScenarios];
// `E2E_ONLY=words` runs only the scenarios whose name holds the words (while working on one).
const only = process.env.E2E_ONLY;
const failures = await runScenarios(only ? suites.filter((s) => s.name.includes(only)) : suites);
process.exit(failures === 0 ? 0 : 1);
