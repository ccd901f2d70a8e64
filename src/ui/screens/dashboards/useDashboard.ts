/**
 * A dashboard screen's actor: started from its machine for as long as the screen is open, read through
 * selectors and driven through intent functions (the screen never fetches or decides by itself).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ErrorPayload } from '../../../api/http';
import { DASHBOARD_REFRESH_MS, type DashboardMachine } from '../../../machines/flows/dashboard';

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

export function useDashboard<T>(machine: DashboardMachine<T>, options: { days?: number } = {}): DashboardView<T> {
  const actor = useActorRef(machine, { input: { days: options.days, refreshEveryMs: DASHBOARD_REFRESH_MS } });
  const status = useSelector(actor, (s) => s.value as DashboardStatus);
  const data = useSelector(actor, (s) => s.context.data) as T | null;
  const error = useSelector(actor, (s) => s.context.error);
  const refreshError = useSelector(actor, (s) => s.context.refreshError);
  const days = useSelector(actor, (s) => s.context.days);
  const intents = useMemo(
    () => ({
      refresh: () => actor.send({ type: 'dashboard.refresh' }),
      retry: () => actor.send({ type: 'dashboard.retry' }),
      setPeriod: (next: number) => actor.send({ type: 'dashboard.setPeriod', days: next }),
    }),
    [actor],
  );
  return { status, data, error, refreshError, days, ...intents };
}
