/** Runs every browser scenario against one started product; exits non-zero when any fails. */
import { runScenarios, type Scenario } from './harness';
import { publicScenarios } from './public';
import { shellScenarios } from './shell';

const suites: Scenario[] = [...shellScenarios, ...publicScenarios];
const failures = await runScenarios(suites);
process.exit(failures === 0 ? 0 : 1);
