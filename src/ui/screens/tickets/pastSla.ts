/**
 * "Open past SLA" as a filter of the ticket call views (found walking the dispatcher's third job: the dashboards'
 * "Past SLA" tile led to every open call, with nothing to narrow them to the late ones). A call view opened with
 * `?sla=overdue` shows only its tickets still open after their SLA's due time (the SLA clock's "overdue", the rule the
 * dashboards count by: server/domain/dashboards/service-performance.ts), and says so with a filter that can be removed.
 */
import { TICKET_CALL_VIEW_ROUTES } from '../../../contract/routes';
import { slaClock } from './sla';

export const PAST_SLA_PARAM = 'sla';
export const PAST_SLA_VALUE = 'overdue';

/** Whether a call view's address (its query string) asks for the tickets past their SLA only. */
export function asksPastSla(search: string): boolean {
  return new URLSearchParams(search).get(PAST_SLA_PARAM) === PAST_SLA_VALUE;
}

/** Whether a ticket is still open after its SLA's due time, at `now`. */
export function isPastSla(ticket: Readonly<Record<string, unknown>>, now: Date): boolean {
  return slaClock(ticket, now).kind === 'overdue';
}

/** A call view's address showing its tickets past their SLA only; undefined for an address that is not a call view. */
export function pastSlaHref(listHref: string | undefined): string | undefined {
  const route = listHref?.replace(/^\/app\//, '');
  return route && TICKET_CALL_VIEW_ROUTES.includes(route) ? `${listHref}?${PAST_SLA_PARAM}=${PAST_SLA_VALUE}` : undefined;
}

/** The address without the filter (the search string kept otherwise). */
export function withoutPastSla(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(PAST_SLA_PARAM);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}
