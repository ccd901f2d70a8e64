/**
 * QA's test paths (issue 15):
 *
 *   npm run --silent paths -- --json
 *   npm run --silent paths -- --format md|json|csv|gherkin [--machine ID] [--kind lifecycle|workflow] [--target STATE] [--through EVENT]
 *     [--cover transitions|transition-pairs|simple] [--max-length N]
 *
 * Every lifecycle machine and every workflow machine (src/machines/paths/machines.ts), its states and
 * transitions, a bounded set of paths covering all of them with stable ids, and the coverage. `--cover` chooses
 * what the paths must take (each transition, by default; each pair of consecutive transitions; or every simple
 * path), `--max-length` the longest path kept; the criterion and its figures are printed on stderr, and in the
 * document. Exits 2 on a wrong argument, naming it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatPaths, gherkinFiles, PATH_FORMATS, type MachineReport, type PathFormat } from '../src/machines/paths/formats';
import { machineGraph } from '../src/machines/paths/graph';
import { pathMachines } from '../src/machines/paths/machines';
import { COVER_CRITERIA, filterPaths, machinePaths, type CoverCriterion } from '../src/machines/paths/paths';
import { playwrightFiles } from '../src/machines/paths/playwright';

const USAGE = `Usage: npm run --silent paths -- [--json | --format ${PATH_FORMATS.join('|')}] [--machine ID] [--kind lifecycle|workflow] [--target STATE] [--through EVENT] [--cover ${COVER_CRITERIA.join('|')}] [--max-length N] [--out DIR (gherkin: one .feature file per machine; playwright: a spec per lifecycle machine and playwright.config.ts)]`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

interface Options {
  format: PathFormat;
  machine?: string;
  /** Only the lifecycle machines (the ones replayed through the API) or only the workflow machines. */
  kind?: 'lifecycle' | 'workflow';
  target?: string;
  through?: string;
  cover: CoverCriterion;
  maxLength?: number;
  /** Where the Gherkin and Playwright exports write their files, one per machine. */
  out?: string;
}

function parse(argv: readonly string[]): Options {
  const options: Options = { format: 'md', cover: 'transitions' };
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
    else if (arg === '--kind') {
      const kind = value();
      if (kind !== 'lifecycle' && kind !== 'workflow') fail(`--kind must be lifecycle or workflow, not "${kind}"`);
      options.kind = kind;
    } else if (arg === '--target') options.target = value();
    else if (arg === '--through') options.through = value();
    else if (arg === '--out') options.out = value();
    else if (arg === '--cover') {
      const cover = value();
      if (!COVER_CRITERIA.includes(cover as CoverCriterion)) fail(`--cover must be one of ${COVER_CRITERIA.join(', ')}, not "${cover}"`);
      options.cover = cover as CoverCriterion;
    } else if (arg === '--max-length') {
      const text = value();
      if (!/^[1-9][0-9]*$/.test(text)) fail(`--max-length must be a whole number of steps above 0, not "${text}"`);
      options.maxLength = Number(text);
    }
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else fail(`Unknown argument "${arg}"`);
  }
  return options;
}

const options = parse(process.argv.slice(2));
if (options.out !== undefined && options.format !== 'gherkin' && options.format !== 'playwright') fail('--out writes the gherkin or playwright format (files per machine): add --format gherkin or --format playwright');
if (options.format === 'playwright' && options.out === undefined) fail('The playwright format is spec files and a playwright.config.ts: add --out DIR');
const machines = pathMachines();
const chosen = machines.filter((m) => (options.machine === undefined || m.id === options.machine) && (options.kind === undefined || m.kind === options.kind));
if (chosen.length === 0) fail(`No ${options.kind ?? ''}${options.kind ? ' ' : ''}machine "${options.machine}": the machines are ${machines.map((m) => m.id).join(', ')}`);

const reports: MachineReport[] = chosen.map((source) => {
  const result = machinePaths(machineGraph(source.machine), { cover: options.cover, maxLength: options.maxLength });
  return { source, result, paths: filterPaths(result.paths, options) };
});
const sum = (pick: (r: MachineReport) => [number, number]): string => {
  const [covered, total] = reports.reduce(([c, t], r) => [c + pick(r)[0], t + pick(r)[1]], [0, 0]);
  return `${covered}/${total} (${total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10}%)`;
};
process.stderr.write(
  `Cover ${options.cover}${options.maxLength ? `, at most ${options.maxLength} steps` : ''}: ${reports.reduce((n, r) => n + r.result.paths.length, 0)} paths over ${reports.length} machines; ` +
    `states ${sum((r) => r.result.coverage.states)}, transitions ${sum((r) => r.result.coverage.transitions)}, transition pairs ${sum((r) => r.result.coverage.pairs)}\n`,
);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
if (options.format === 'playwright' && options.out !== undefined) {
  const out = path.resolve(options.out);
  // The specs import the project's fixtures (and @playwright/test) relative to themselves: a folder outside the
  // project would need this machine's path written into them, and would not find the project's packages.
  const fromOut = path.relative(out, path.join(ROOT, 'tests/e2e/paths/fixtures')).split(path.sep).join('/');
  if (path.relative(ROOT, out).startsWith('..') || path.isAbsolute(path.relative(ROOT, out))) fail(`--out must be a folder inside the project (${ROOT}), so the specs import its fixtures by a relative path`);
  mkdirSync(out, { recursive: true });
  const files = playwrightFiles(reports, fromOut.startsWith('.') ? fromOut : `./${fromOut}`);
  for (const { file, text } of files) writeFileSync(path.join(out, file), text);
  process.stderr.write(`Wrote ${files.length - 1} spec files and playwright.config.ts to ${options.out}; run: BASE_URL=http://localhost:3000 npx playwright test --config ${path.join(options.out, 'playwright.config.ts')}\n`);
} else if (options.format === 'gherkin' && options.out !== undefined) {
  mkdirSync(options.out, { recursive: true });
  for (const { file, text } of gherkinFiles(reports)) writeFileSync(path.join(options.out, file), text);
  process.stderr.write(`Wrote ${reports.length} .feature files to ${options.out}\n`);
} else if (options.format === 'gherkin' && reports.length > 1) {
  // A .feature file holds one Feature: several machines are several files.
  fail(`The gherkin format of ${reports.length} machines is ${reports.length} .feature files: add --out DIR, or --machine ID for one`);
} else process.stdout.write(formatPaths(options.format, reports));
