/**
 * Small reads and writes of the session and account calls (server/http/auth-routes.ts, account-routes.ts):
 * the signed-in user's client company (asked once schema-lookup.ts's tableExists finds m_client), a subscriber's
 * record for its header images, and browser crash reports.
 * Kept in the data layer so that the HTTP layer writes no SQL.
 */
import { subscriber } from '../../src/contract/modules/admin';
import { tableName } from '../../src/contract/modules/define';
import type { Queryable } from './pool';

/** A client's company name (required by its module's schema), or undefined when the tenant has no such client. */
export async function clientCompanyName(db: Queryable, tenantId: string, clientId: string): Promise<string | undefined> {
  const client = await db.query<{ company: string }>(`select body->>'companyName' as company from m_client where _id = $1 and subscriber_id = $2`, [clientId, tenantId]);
  return client.rows[0]?.company;
}

/** A subscriber (tenant) record's body by _id, or undefined. */
export async function readSubscriberBody(db: Queryable, subscriberId: string): Promise<Record<string, unknown> | undefined> {
  const { rows } = await db.query<{ body: Record<string, unknown> }>(`select body from ${tableName(subscriber)} where _id = $1`, [subscriberId]);
  return rows[0]?.body;
}

export interface UiErrorReport {
  tenantId: string;
  userId: string;
  message: string;
  componentStack: string | null;
  url: string | null;
  userAgent: string | null;
}

/** Stores a crash report sent by the browser. */
export async function insertUiError(db: Queryable, report: UiErrorReport): Promise<void> {
  await db.query('insert into ui_errors (subscriber_id, user_id, message, component_stack, url, user_agent) values ($1, $2, $3, $4, $5, $6)', [
    report.tenantId,
    report.userId,
    report.message,
    report.componentStack,
    report.url,
    report.userAgent,
  ]);
}
