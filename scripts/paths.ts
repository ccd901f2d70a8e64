/**
 * QA's test paths (issue 15):
 *
 *   npm run --silent paths -- --json
 *   npm run --silent paths -- --format md|json|csv|gherkin [--machine ID] [--target STATE] [--through EVENT]
 *
 * Every lifecycle machine and every workflow machine (src/machines/paths/machines.ts), its states and
 * transitions, a bounded set of paths covering all of them with stable ids, and the coverage. Exits 2 on a
 * wrong argument, naming it.
 */
import { fileURLToPath } from 'node:url';
import { formatPaths, PATH_FORMATS, type MachineReport, type PathFormat } from '../src/machines/paths/formats';
import { machineGraph } from '../src/machines/paths/graph';
import { pathMachines } from '../src/machines/paths/machines';
import { filterPaths, machinePaths } from '../src/machines/paths/paths';

const USAGE = `Usage: npm run --silent paths -- [--json | --format ${PATH_FORMATS.join('|')}] [--machine ID] [--target STATE] [--through EVENT]`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function parse(argv: readonly string[]): { format: PathFormat; machine?: string; target?: string; through?: string } {
  const options: { format: PathFormat; machine?: string; target?: string; through?: string } = { format: 'md' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) fail(`${arg} needs a value`);
      return next;
    };
    if (arg === '--json') options.format = 'json';
    else if (arg === '--format') {
      const format = value();
      if (!PATH_FORMATS.includes(format as PathFormat)) fail(`--format must be one of ${PATH_FORMATS.join(', ')}, not "${format}"`);
      options.format = format as PathFormat;
    } else if (arg === '--machine') options.machine = value();
    else if (arg === '--target') options.target = value();
    else if (arg === '--through') options.through = value();
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else fail(`Unknown argument "${arg}"`);
  }
  return options;
}

const options = parse(process.argv.slice(2));
const machines = pathMachines();
const chosen = options.machine === undefined ? machines : machines.filter((m) => m.id === options.machine);
if (chosen.length === 0) fail(`No machine "${options.machine}": the machines are ${machines.map((m) => m.id).join(', ')}`);

const reports: MachineReport[] = chosen.map((source) => {
  const result = machinePaths(machineGraph(source.machine));
  return { source, result, paths: filterPaths(result.paths, options) };
});
// The playwright format imports this checkout's runner by its absolute path, so the file runs from anywhere.
const runner = fileURLToPath(new URL('../tests/e2e/path-runner.ts', import.meta.url));
process.stdout.write(formatPaths(options.format, reports, runner));
