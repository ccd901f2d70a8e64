/**
 * dynamic-dashboard: the person's own arrangement of sensor charts.
 *
 *   viewing ⇄ arranging        (layout.arrange / layout.done)
 *
 * Panels are removed, moved and resized while arranging; a panel is added, and its selection changed from
 * its own chart, at any time. The arrangement is remembered per user in this browser's local storage (key
 * `fieldops.dynamicDashboard.v1.<userId>`): the spec has no call to keep it on the server, and a wall screen
 * or a person's own laptop is where a dashboard is arranged. It holds sensor ids and parameters only, never
 * readings; a sensor the person can no longer see is dropped by the chart when it loads.
 */
import { z } from 'zod';
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { EMPTY_SELECTION, selectionSchema, type SensorSelection } from './sensorSelection';

export const MAX_PANELS = 12;
export const PANEL_SIZES = ['half', 'full'] as const;
export type PanelSize = (typeof PANEL_SIZES)[number];

export interface ChartPanel {
  id: string;
  size: PanelSize;
  selection: SensorSelection;
}

const storedLayout = z.object({
  panels: z
    .array(z.object({ id: z.string().min(1), size: z.enum(PANEL_SIZES).catch('half'), selection: selectionSchema }))
    .max(MAX_PANELS)
    .catch([]),
});

export const layoutStorageKey = (userId: string): string => `fieldops.dynamicDashboard.v1.${userId}`;

/** The stored arrangement of `userId`, or none; anything unreadable counts as none. */
export function readLayout(userId: string, storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ChartPanel[] {
  try {
    const text = storage?.getItem(layoutStorageKey(userId));
    if (!text) return [];
    const parsed = storedLayout.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data.panels as ChartPanel[]) : [];
  } catch {
    return [];
  }
}

export function writeLayout(userId: string, panels: readonly ChartPanel[], storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(layoutStorageKey(userId), JSON.stringify({ panels }));
  } catch {
    // A full or disabled store loses the arrangement at the next visit, not the dashboard now.
  }
}

export interface DashboardLayoutContext {
  userId: string;
  panels: ChartPanel[];
}

export type DashboardLayoutEvent =
  | { type: 'layout.arrange' }
  | { type: 'layout.done' }
  | { type: 'layout.add'; id: string }
  | { type: 'layout.remove'; id: string }
  | { type: 'layout.move'; id: string; direction: 'up' | 'down' }
  | { type: 'layout.resize'; id: string; size: PanelSize }
  | { type: 'layout.update'; id: string; selection: SensorSelection }
  | { type: 'layout.reset' };

const indexOf = (context: DashboardLayoutContext, id: string): number => context.panels.findIndex((p) => p.id === id);

function moved(panels: readonly ChartPanel[], from: number, to: number): ChartPanel[] {
  const next = [...panels];
  const [panel] = next.splice(from, 1);
  if (panel) next.splice(to, 0, panel);
  return next;
}

export const dashboardLayoutMachine = setup({
  types: {
    context: {} as DashboardLayoutContext,
    events: {} as DashboardLayoutEvent,
    input: {} as { userId: string; panels?: ChartPanel[] },
  },
  guards: {
    roomForPanel: ({ context, event }) => event.type === 'layout.add' && context.panels.length < MAX_PANELS && indexOf(context, event.id) < 0,
    knownPanel: ({ context, event }) => 'id' in event && indexOf(context, event.id) >= 0,
    canMove: ({ context, event }) => {
      if (event.type !== 'layout.move') return false;
      const index = indexOf(context, event.id);
      return index >= 0 && (event.direction === 'up' ? index > 0 : index < context.panels.length - 1);
    },
    hasPanels: ({ context }) => context.panels.length > 0,
  },
  actions: {
    add: assign(({ context, event }) => (event.type === 'layout.add' ? { panels: [...context.panels, { id: event.id, size: 'half' as const, selection: EMPTY_SELECTION }] } : {})),
    remove: assign(({ context, event }) => (event.type === 'layout.remove' ? { panels: context.panels.filter((p) => p.id !== event.id) } : {})),
    move: assign(({ context, event }) => {
      if (event.type !== 'layout.move') return {};
      const index = indexOf(context, event.id);
      return { panels: moved(context.panels, index, event.direction === 'up' ? index - 1 : index + 1) };
    }),
    resize: assign(({ context, event }) => (event.type === 'layout.resize' ? { panels: context.panels.map((p) => (p.id === event.id ? { ...p, size: event.size } : p)) } : {})),
    update: assign(({ context, event }) => (event.type === 'layout.update' ? { panels: context.panels.map((p) => (p.id === event.id ? { ...p, selection: event.selection } : p)) } : {})),
    reset: assign({ panels: [] }),
    persist: ({ context }) => writeLayout(context.userId, context.panels),
  },
}).createMachine({
  id: 'dashboardLayout',
  context: ({ input }) => ({ userId: input.userId, panels: input.panels ?? readLayout(input.userId) }),
  initial: 'viewing',
  on: {
    'layout.update': { guard: 'knownPanel', actions: ['update', 'persist'] },
    // Adding is offered from the empty dashboard too, where nothing is there to arrange yet.
    'layout.add': { guard: 'roomForPanel', actions: ['add', 'persist'] },
  },
  states: {
    viewing: {
      on: { 'layout.arrange': { target: 'arranging' } },
    },
    arranging: {
      on: {
        'layout.done': { target: 'viewing' },
        'layout.remove': { guard: 'knownPanel', actions: ['remove', 'persist'] },
        'layout.move': { guard: 'canMove', actions: ['move', 'persist'] },
        'layout.resize': { guard: 'knownPanel', actions: ['resize', 'persist'] },
        'layout.reset': { guard: 'hasPanels', actions: ['reset', 'persist'] },
      },
    },
  },
});

export type DashboardLayoutActorRef = ActorRefFrom<typeof dashboardLayoutMachine>;
export type DashboardLayoutSnapshot = SnapshotFrom<typeof dashboardLayoutMachine>;
