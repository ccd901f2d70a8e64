/**
 * /app/qa-paths (issue 15): QA picks a machine, sees its diagram and its test paths (the same data as
 * `npm run paths`), filters them, picks one to highlight it and step through it, and copies it as Gherkin,
 * Playwright or JSON (through the clipboard, else a selection, else shown selected to copy by hand), or
 * downloads the paths shown (the filtered set) or every machine's in each export format (Gherkin and Playwright,
 * a file per machine, as a .zip); a replay report loaded (`npm run paths:replay -- --report FILE.json`) puts each
 * path's last result beside it. The choices live in the `qaPaths` workflow (src/machines/flows/qaPaths.ts).
 * Loaded lazily: the machines it lists cost the other pages nothing.
 */
import { Alert, Badge, Button, CloseButton, Code, FileButton, Group, Paper, ScrollArea, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useEffect, useMemo, useRef, useState } from 'react';
import { addEnglish, useT } from '../../../i18n';
import { qaPathsEn } from '../../../i18n/qaPaths/en';
import { qaPathsMachine } from '../../../machines/flows/qaPaths';
import { useScreenActor } from '../../../machines/useScreenActor';
import { formatPaths, gherkinFiles, gherkinOf, pathsDocument, type MachineReport, type PathFormat } from '../../../machines/paths/formats';
import { playwrightFiles, playwrightSpec, PROJECT_FIXTURES } from '../../../machines/paths/playwright';
import { machineGraph } from '../../../machines/paths/graph';
import { pathMachines, type PathMachine } from '../../../machines/paths/machines';
import { filterPaths, machinePaths, type MachinePaths } from '../../../machines/paths/paths';
import type { PathResult } from '../../../machines/paths/replayResults';
import { downloadText, downloadZip, readTextFile } from './textFiles';
import { PathDiagram } from './PathDiagram';
import { useCatalogueWords } from '../module/catalogueWords';
import { machineName, machineWords, type MachineWords } from './machineWords';

// The explorer's English comes with it (the other languages carry theirs in their dictionaries).
addEnglish({ qa: qaPathsEn });

interface Explored {
  source: PathMachine;
  result: MachinePaths;
}

function exploreAll(): Explored[] {
  return pathMachines().map((source) => ({ source, result: machinePaths(machineGraph(source.machine)) }));
}

const EXTENSIONS: Record<PathFormat, string> = { json: 'json', md: 'md', csv: 'csv', gherkin: 'feature', playwright: 'spec.ts' };
/** The folder of a .zip export: unzipped in the project's folder, the specs find its fixtures one level up. */
const ZIP_FOLDER = 'qa-paths';

/** Every machine's paths in `format`: one file (JSON, Markdown, CSV), or a .zip of a file per machine (a .feature or a spec holds one). */
function downloadEveryMachine(format: PathFormat, reports: readonly MachineReport[]): Promise<void> {
  if (format === 'gherkin') return downloadZip(`${ZIP_FOLDER}-gherkin.zip`, ZIP_FOLDER, gherkinFiles(reports));
  if (format === 'playwright') return downloadZip(`${ZIP_FOLDER}-playwright.zip`, ZIP_FOLDER, playwrightFiles(reports, `../${PROJECT_FIXTURES.replace(/^\.\//, '')}`));
  downloadText(`${ZIP_FOLDER}.${EXTENSIONS[format]}`, formatPaths(format, reports));
  return Promise.resolve();
}

/** A path as it goes: state, step, state, … its end. */
function Walk({ steps, target, say }: { steps: ReadonlyArray<{ state: string; event: string }>; target: string; say: MachineWords }) {
  const names = [...steps.flatMap((s) => [say.state(s.state), say.event(s.event)]), say.state(target)];
  if (say.code) return <Code>{names.join(' → ')}</Code>;
  return <Text size="sm">{names.join(' → ')}</Text>;
}

export function QaPathsScreen({ explored: given }: { explored?: Explored[] } = {}) {
  const explored = useMemo(() => given ?? exploreAll(), [given]);
  const actor = useScreenActor('qaPaths', qaPathsMachine, { machineId: explored[0]?.result.id ?? '' });
  return actor ? <QaPaths explored={explored} actor={actor} /> : null;
}

function QaPaths({ explored, actor }: { explored: Explored[]; actor: ActorRefFrom<typeof qaPathsMachine> }) {
  const t = useT();
  const words = useCatalogueWords();
  const context = useSelector(actor, (s) => s.context);
  const copyState = useSelector(actor, (s) => String(s.value));
  const [format, setFormat] = useState<PathFormat>('json');
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const chosen = explored.find((e) => e.result.id === context.machineId) ?? explored[0];
  if (!chosen) return null;
  const { result, source } = chosen;
  const say = machineWords(t, words, source);
  const option = (e: Explored) => ({ value: e.result.id, label: t('qa.machineOption', { id: e.result.id, name: machineName(t, words, e.source) }) });
  const paths = filterPaths(result.paths, { target: context.target ?? undefined, through: context.through ?? undefined });
  const picked = result.paths.find((p) => p.id === context.pathId) ?? null;
  const events = [...new Set(result.transitions.map((tr) => tr.event))].sort();
  const targets = [...new Set(result.paths.map((p) => p.target))].sort();
  const any = { value: '', label: t('qa.any') };

  const copy = (text: string) => actor.send({ type: 'copy', text });
  const formats: PathFormat[] = source.kind === 'lifecycle' ? ['json', 'md', 'csv', 'gherkin', 'playwright'] : ['json', 'md', 'csv', 'gherkin'];
  const shownFormat = formats.includes(format) ? format : 'json';
  const downloadShown = () => {
    const report = { source, result, paths };
    const text = shownFormat === 'gherkin' ? gherkinOf(source, result.id, paths) : shownFormat === 'playwright' ? (playwrightSpec(report, PROJECT_FIXTURES) ?? '') : formatPaths(shownFormat, [report]);
    downloadText(shownFormat === 'gherkin' || shownFormat === 'playwright' ? `${result.id}.${EXTENSIONS[shownFormat]}` : `qa-paths-${result.id}.${EXTENSIONS[shownFormat]}`, text);
  };
  const downloadAll = () => {
    setDownloadError(null);
    // A .zip's writer is fetched on the first such download: a failed fetch says so.
    downloadEveryMachine(shownFormat, explored.map((e) => ({ source: e.source, result: e.result, paths: e.result.paths }))).catch((error: unknown) => setDownloadError(error instanceof Error ? error.message : String(error)));
  };
  const results = context.results;
  const counts = results ? Object.values(results.byPath).reduce((n, r) => ({ ...n, [r.result]: n[r.result] + 1 }), { passed: 0, failed: 0 }) : null;
  const currentState = picked ? (picked.steps[context.step]?.state ?? picked.target) : null;

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t('qa.intro')}
      </Text>
      <Group align="end" wrap="wrap">
        <Select
          label={t('qa.machine')}
          searchable
          allowDeselect={false}
          value={result.id}
          data={[
            { group: t('qa.lifecycle'), items: explored.filter((e) => e.source.kind === 'lifecycle').map(option) },
            { group: t('qa.workflow'), items: explored.filter((e) => e.source.kind === 'workflow').map(option) },
          ]}
          onChange={(value) => value && actor.send({ type: 'machine.pick', machineId: value })}
          w={300}
        />
        <Select label={t('qa.target')} value={context.target ?? ''} data={[any, ...targets.map((s) => ({ value: s, label: say.state(s) }))]} onChange={(value) => actor.send({ type: 'filter.target', state: value || null })} w={220} />
        <Select label={t('qa.through')} value={context.through ?? ''} data={[any, ...events.map((e) => ({ value: e, label: say.event(e) }))]} onChange={(value) => actor.send({ type: 'filter.through', event: value || null })} w={220} searchable />
      </Group>
      <Group align="end" wrap="wrap">
        <Select label={t('qa.format')} allowDeselect={false} value={shownFormat} data={formats.map((f) => ({ value: f, label: t(`qa.formats.${f}`) }))} onChange={(value) => value && setFormat(value as PathFormat)} w={160} />
        <Button variant="default" disabled={paths.length === 0} onClick={downloadShown}>
          {t('qa.downloadShown', { count: paths.length })}
        </Button>
        <Button variant="default" onClick={downloadAll}>
          {t('qa.downloadAll')}
        </Button>
        <FileButton accept="application/json,.json" onChange={(file) => file && void readTextFile(file).then((text) => actor.send({ type: 'report.load', text }), (error: Error) => actor.send({ type: 'report.unreadable', reason: error.message }))}>
          {(props) => (
            <Button variant="light" {...props}>
              {t('qa.loadReport')}
            </Button>
          )}
        </FileButton>
      </Group>
      {(shownFormat === 'gherkin' || shownFormat === 'playwright') && (
        <Text size="xs" c="dimmed">
          {shownFormat === 'playwright' ? t('qa.zipPlaywright', { folder: ZIP_FOLDER }) : t('qa.zipGherkin')}
        </Text>
      )}
      {downloadError && (
        <Alert color="red" role="alert">
          {t('qa.downloadFailed', { reason: downloadError })}
        </Alert>
      )}
      {results && counts && (
        <Text size="sm" data-testid="qa-report">
          {t('qa.reportLoaded', { at: results.startedAt, passed: counts.passed, failed: counts.failed })}
        </Text>
      )}
      {context.reportError && (
        <Alert color="red" role="alert">
          {t('qa.reportFailed', { reason: context.reportError })}
        </Alert>
      )}
      <Group gap="xs">
        <Badge variant="light">{source.kind === 'lifecycle' ? t('qa.lifecycle') : t('qa.workflow')}</Badge>
        <Text size="sm" data-testid="qa-coverage">
          {t('qa.coverage', {
            states: `${result.coverage.states[0]}/${result.coverage.states[1]}`,
            transitions: `${result.coverage.transitions[0]}/${result.coverage.transitions[1]}`,
            count: result.paths.length,
            depth: result.bounds.maxDepth,
          })}
        </Text>
      </Group>

      <Paper withBorder p="xs">
        <ScrollArea type="auto">
          <PathDiagram graph={result} path={picked} step={context.step} say={say} />
        </ScrollArea>
      </Paper>

      {picked && (
        <Paper withBorder p="sm">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600} data-testid="qa-step">
              {context.step < picked.steps.length
                ? t('qa.stepOf', { step: context.step + 1, total: picked.steps.length, state: say.state(currentState ?? '') })
                : t('qa.atEnd', { state: say.state(picked.target) })}
            </Text>
            <Group gap="xs">
              <Button variant="default" size="xs" disabled={context.step === 0} onClick={() => actor.send({ type: 'step.prev' })}>
                {t('qa.prev')}
              </Button>
              <Button variant="default" size="xs" disabled={context.step >= picked.steps.length} onClick={() => actor.send({ type: 'step.next' })}>
                {t('qa.next')}
              </Button>
              <Button size="xs" onClick={() => copy(gherkinOf(source, result.id, [picked]))}>
                {t('qa.copyGherkin')}
              </Button>
              {source.kind === 'lifecycle' && (
                <Button size="xs" variant="light" onClick={() => copy(playwrightSpec({ source, result, paths: [picked] }, PROJECT_FIXTURES) ?? '')}>
                  {t('qa.copyPlaywright')}
                </Button>
              )}
              <Button size="xs" variant="light" onClick={() => copy(JSON.stringify(pathsDocument([{ source, result, paths: [picked] }]).machines[0]?.paths[0], null, 2))}>
                {t('qa.copyJson')}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => actor.send({ type: 'path.clear' })}>
                {t('qa.clear')}
              </Button>
            </Group>
          </Group>
          {copyState === 'copied' && (
            <Text size="sm" c="teal" role="status">
              {t('qa.copied')}
            </Text>
          )}
          {copyState === 'copiedBySelection' && (
            <Text size="sm" c="teal" role="status">
              {t('qa.copiedBySelection')}
            </Text>
          )}
          {copyState === 'copyByHand' && <CopyByHand text={context.copyText ?? ''} onClose={() => actor.send({ type: 'copy.close' })} />}
        </Paper>
      )}

      <Text fw={600}>{t('qa.paths')}</Text>
      {paths.length === 0 ? (
        <Text c="dimmed">{t('qa.noPaths')}</Text>
      ) : (
        <ScrollArea type="auto">
          <Table highlightOnHover striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('qa.path')}</Table.Th>
                <Table.Th>{t('qa.target')}</Table.Th>
                <Table.Th>{t('qa.steps')}</Table.Th>
                <Table.Th>{t('qa.walk')}</Table.Th>
                {results && <Table.Th>{t('qa.lastReplay')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {paths.map((p) => (
                <Table.Tr
                  key={p.id}
                  onClick={() => actor.send({ type: 'path.pick', pathId: p.id, length: p.steps.length })}
                  style={{ cursor: 'pointer' }}
                  bg={p.id === context.pathId ? 'var(--mantine-color-blue-light)' : undefined}
                  aria-selected={p.id === context.pathId}
                >
                  <Table.Td>
                    <Code>{`${result.id}/${p.id}`}</Code>
                  </Table.Td>
                  <Table.Td>{say.code ? <Code>{p.target}</Code> : say.state(p.target)}</Table.Td>
                  <Table.Td>{p.steps.length}</Table.Td>
                  <Table.Td>
                    <Walk steps={p.steps} target={p.target} say={say} />
                  </Table.Td>
                  {results && (
                    <Table.Td>
                      <ReplayResult result={results.byPath[`${result.id}/${p.id}`]} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}

/** The text the browser would not copy, selected for the person to copy with the keyboard. */
function CopyByHand({ text, onClose }: { text: string; onClose: () => void }) {
  const t = useT();
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    area.current?.focus();
    area.current?.select();
  }, [text]);
  return (
    <Alert color="yellow" mt="xs" role="alert" title={t('qa.copyByHandTitle')} withCloseButton={false}>
      <Group justify="space-between" align="start" wrap="nowrap">
        <Text size="sm">{t('qa.copyByHand')}</Text>
        <CloseButton aria-label={t('qa.copyClose')} onClick={onClose} />
      </Group>
      <Textarea ref={area} label={t('qa.copyText')} value={text} readOnly autosize minRows={3} maxRows={14} mt="xs" styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }} onFocus={(e) => e.currentTarget.select()} />
    </Alert>
  );
}

/** A path's last replay: passed, failed (the failure on hover), or not in the report. */
function ReplayResult({ result }: { result: PathResult | undefined }) {
  const t = useT();
  if (!result) {
    return (
      <Text size="sm" c="dimmed">
        {t('qa.notReplayed')}
      </Text>
    );
  }
  return (
    <Badge color={result.result === 'passed' ? 'teal' : 'red'} variant="light" title={result.failure ?? result.modules.join(', ')} data-testid="qa-replay-result">
      {result.result === 'passed' ? t('qa.passed') : t('qa.failed')}
    </Badge>
  );
}
