/**
 * One sensor chart (dashboard-ui, each panel of dynamic-dashboard, graphURLDashboard): the sensors the
 * person may see, a selection, and the series of that selection.
 *
 *   loadingSensors ──▶ ready.incomplete ──(chartable)──▶ ready.loading ──▶ ready.loaded / ready.failed
 *        ▼                 ▲ series.select / series.jumpToLatest (from any ready state)
 *   sensorsFailed
 *
 * Choosing sensors without a parameter takes the first parameter they measure; a parameter none of the
 * chosen sensors measures is replaced the same way. Sensors of a shared link the person may not see are
 * dropped (and counted, so the screen can say so). `announceSelection` runs on every change the person
 * makes: the link screen writes the address with it, the arranged dashboard saves the panel with it.
 * The previous result stays while the next one loads, so the chart dims instead of vanishing.
 */
import { assign, fromPromise, setup, spawnChild, stopChild, type ActorRefFrom, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { toErrorPayload, type ErrorPayload } from '../../api/http';
import { fetchChartSensors, fetchSeries, type ChartSensor, type SeriesRequest, type SeriesResult } from './sensorDashboardCalls';
import { EMPTY_SELECTION, isChartable, MAX_CHART_SENSORS, rangeEndingAt, rangeOf, type SensorSelection } from './sensorSelection';

export interface SensorSeriesContext {
  sensors: ChartSensor[];
  selection: SensorSelection;
  /** Sensors of the initial selection the person may not see (left out). */
  droppedSensors: number;
  result: SeriesResult | null;
  error: ErrorPayload | null;
}

export type SensorSeriesEvent =
  | { type: 'series.select'; selection: Partial<SensorSelection> }
  | { type: 'series.jumpToLatest' }
  | { type: 'series.refresh' }
  | { type: 'series.retry' }
  | DoneActorEvent<ChartSensor[], 'sensors'>
  | ErrorActorEvent<unknown, 'sensors'>
  | DoneActorEvent<SeriesResult, 'series'>
  | ErrorActorEvent<unknown, 'series'>;

/** The selection with its parameter made to fit the chosen sensors. */
export function fitParameter(selection: SensorSelection, sensors: readonly ChartSensor[]): SensorSelection {
  const chosen = sensors.filter((s) => selection.sensorIds.includes(s._id));
  if (chosen.length === 0) return selection;
  const measured = chosen.flatMap((s) => s.parameters.map((p) => p.name));
  if (selection.parameter && measured.includes(selection.parameter)) return selection;
  return { ...selection, parameter: measured[0] ?? null };
}

/** The newest reading among the chosen sensors (ISO), if any has one. */
export function latestOfChosen(context: Pick<SensorSeriesContext, 'sensors' | 'selection'>): string | undefined {
  return context.sensors
    .filter((s) => context.selection.sensorIds.includes(s._id) && s.lastReadingAt)
    .map((s) => s.lastReadingAt as string)
    .sort((a, b) => Date.parse(b) - Date.parse(a))[0];
}

export const sensorSeriesMachine = setup({
  types: {
    context: {} as SensorSeriesContext,
    events: {} as SensorSeriesEvent,
    input: {} as { selection?: SensorSelection } | undefined,
  },
  actors: {
    fetchSensors: fromPromise<ChartSensor[]>(() => fetchChartSensors()),
    fetchSeries: fromPromise<SeriesResult, SeriesRequest>(({ input }) => fetchSeries(input)),
  },
  guards: {
    chartable: ({ context }) => isChartable(context.selection),
    changesSelection: ({ event }) => event.type === 'series.select' && (event.selection.sensorIds === undefined || event.selection.sensorIds.length <= MAX_CHART_SENSORS),
    hasLatest: ({ context }) => latestOfChosen(context) !== undefined,
  },
  actions: {
    spawnSensors: spawnChild('fetchSensors', { id: 'sensors' }),
    stopSensors: stopChild('sensors'),
    keepSensors: assign(({ context, event }) => {
      if (event.type !== 'xstate.done.actor.sensors') return {};
      const sensors = event.output;
      const visible = context.selection.sensorIds.filter((id) => sensors.some((s) => s._id === id));
      const selection = fitParameter({ ...context.selection, sensorIds: visible }, sensors);
      return { sensors, selection, droppedSensors: context.selection.sensorIds.length - visible.length, error: null };
    }),
    applySelection: assign(({ context, event }) => {
      if (event.type !== 'series.select') return {};
      const selection = fitParameter({ ...context.selection, ...event.selection }, context.sensors);
      return { selection, droppedSensors: 0 };
    }),
    jumpToLatest: assign(({ context }) => {
      const latest = latestOfChosen(context);
      return latest ? { selection: rangeEndingAt(context.selection, latest) } : {};
    }),
    announceSelection: () => undefined,
    spawnSeries: spawnChild('fetchSeries', {
      id: 'series',
      input: ({ context }) => ({
        sensorInstanceIds: context.selection.sensorIds,
        parameter: context.selection.parameter ?? '',
        ...rangeOf(context.selection, Date.now()),
      }),
    }),
    stopSeries: stopChild('series'),
    keepResult: assign(({ event }) => (event.type === 'xstate.done.actor.series' ? { result: event.output, error: null } : {})),
    keepError: assign(({ event }) => ('error' in event ? { error: toErrorPayload(event.error), result: null } : {})),
  },
}).createMachine({
  id: 'sensorSeries',
  context: ({ input }) => ({ sensors: [], selection: input?.selection ?? EMPTY_SELECTION, droppedSensors: 0, result: null, error: null }),
  initial: 'loadingSensors',
  states: {
    loadingSensors: {
      entry: 'spawnSensors',
      exit: 'stopSensors',
      on: {
        'xstate.done.actor.sensors': { target: 'ready', actions: 'keepSensors' },
        'xstate.error.actor.sensors': { target: 'sensorsFailed', actions: 'keepError' },
      },
    },
    sensorsFailed: {
      on: { 'series.retry': { target: 'loadingSensors' } },
    },
    ready: {
      initial: 'incomplete',
      on: {
        'series.select': { guard: 'changesSelection', target: '.incomplete', reenter: true, actions: ['applySelection', 'announceSelection'] },
        'series.jumpToLatest': { guard: 'hasLatest', target: '.incomplete', reenter: true, actions: ['jumpToLatest', 'announceSelection'] },
      },
      states: {
        incomplete: {
          always: { guard: 'chartable', target: 'loading' },
        },
        loading: {
          entry: 'spawnSeries',
          exit: 'stopSeries',
          on: {
            'xstate.done.actor.series': { target: 'loaded', actions: 'keepResult' },
            'xstate.error.actor.series': { target: 'failed', actions: 'keepError' },
          },
        },
        loaded: {
          on: { 'series.refresh': { target: 'loading' } },
        },
        failed: {
          on: { 'series.retry': { target: 'loading' } },
        },
      },
    },
  },
});

export type SensorSeriesActorRef = ActorRefFrom<typeof sensorSeriesMachine>;
export type SensorSeriesSnapshot = SnapshotFrom<typeof sensorSeriesMachine>;
