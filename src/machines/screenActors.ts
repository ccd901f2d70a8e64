/**
 * The screens whose flows the session runs (issue 38, ARCHITECTURE.md "Actors"): a screen never starts its own
 * actor. On entering it, its component asks the session (`screen.open`, through `useScreenActor`); the session
 * spawns the flow as its child with id = systemId = the screen's name, and stops it when the screen is left
 * (`screen.close`) and on sign-out. The flow's code travels in the event from the screen's own chunk, so the
 * session's entry does not carry every screen's machine (issue 18).
 *
 * A screen that can be shown several times at once (a dashboard's panels) adds a key to its name. Two mounts of
 * the same screen share its one actor: the session counts them and stops the actor when the last one leaves.
 */
import type { AnyActorLogic } from 'xstate';

/** Every screen flow the session may spawn: the stable names (systemIds) tests and the inspector look for. */
export const SCREEN_NAMES = [
  'headerLogo',
  'subscriptionRequest',
  'platformTexts',
  'qaPaths',
  'machineCard',
  'machineMeters',
  'machineScanner',
  'machineSummary',
  'liveReadings',
  'sensorAnalytics',
  'graphUrlSeries',
  'dynamicDashboardLayout',
  'dynamicDashboardPanel',
  'qrEncoder',
  'bomTree',
  'operatorDashboard',
  'overviewDashboard',
  'salesDashboard',
  'serviceDashboard',
  'ticketDashboard',
  'signedStep',
  'newTicket',
  'planSchedule',
  'partLedger',
  'lowStock',
  'poReceipts',
  'myCalendar',
  'resourceCalendar',
] as const;

export type ScreenName = (typeof SCREEN_NAMES)[number];

/** The child id and systemId of a screen's actor: its name, and its key when it is shown more than once. */
export function screenActorId(screen: ScreenName, key?: string): string {
  return key === undefined ? screen : `${screen}:${key}`;
}

export type ScreenEvent =
  /** A screen was entered: its flow (and the flow's input) for the session to spawn under `id`. */
  | { type: 'screen.open'; id: string; logic: AnyActorLogic; input?: unknown }
  /** A screen was left. */
  | { type: 'screen.close'; id: string };

/** How many mounted screens use each running screen actor, by its id. */
export type OpenScreens = Readonly<Record<string, number>>;

/** The count after one more mount of `id` (the actor is spawned when it goes from 0 to 1). */
export function withScreenOpened(open: OpenScreens, id: string): OpenScreens {
  return { ...open, [id]: (open[id] ?? 0) + 1 };
}

/** The count after one mount of `id` left (the actor is stopped when it goes from 1 to 0). */
export function withScreenClosed(open: OpenScreens, id: string): OpenScreens {
  const count = (open[id] ?? 0) - 1;
  const rest = { ...open };
  delete rest[id];
  return count > 0 ? { ...rest, [id]: count } : rest;
}
