/**
 * A dashboard screen's actor: the session runs it from its machine for as long as the screen is open
 * (useScreenActor), the screen reads it through selectors and drives it through intent functions (it never
 * fetches or decides by itself).
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ErrorPayload } from '../../../api/http';
import { DASHBOARD_REFRESH_MS, type DashboardMachine } from '../../../machines/flows/dashboard';
import type { ScreenName } from '../../../machines/screenActors';
import { useScreenActor } from '../../../machines/useScreenActor';

export type DashboardStatus = 'loading' | 'ready' | 'refreshing' | 'failed';

export interface DashboardView<T> {
  status: DashboardStatus;
  data: T | null;
  error: ErrorPayload | null;
  refreshError: ErrorPayload | null;
  days: number | null;
  refresh(): void;
  retry(): void;
  setPeriod(days: number): void;
}

/** `screen`: the dashboard's name in the session (its actor's systemId). Until its actor runs it reads as loading. */
export function useDashboard<T>(screen: ScreenName, machine: DashboardMachine<T>, options: { days?: number } = {}): DashboardView<T> {
  const actor = useScreenActor(screen, machine, { days: options.days, refreshEveryMs: DASHBOARD_REFRESH_MS });
  const status = useSelector(actor, (s) => (s ? (s.value as DashboardStatus) : 'loading'));
  const data = useSelector(actor, (s) => s?.context.data ?? null) as T | null;
  const error = useSelector(actor, (s) => s?.context.error ?? null);
  const refreshError = useSelector(actor, (s) => s?.context.refreshError ?? null);
  const days = useSelector(actor, (s) => s?.context.days ?? options.days ?? null);
  const intents = useMemo(
    () => ({
      refresh: () => actor?.send({ type: 'dashboard.refresh' }),
      retry: () => actor?.send({ type: 'dashboard.retry' }),
      setPeriod: (next: number) => actor?.send({ type: 'dashboard.setPeriod', days: next }),
    }),
    [actor],
  );
  return { status, data, error, refreshError, days, ...intents };
}
