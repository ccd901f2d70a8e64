/**
 * Stored files (the file-upload module's records, content as base64 in the body) read by URL: the SQL behind the
 * public proposal's attachment download (server/public/proposal-routes.ts), kept in the data layer.
 */
import { fileUpload } from '../../src/contract/modules/assets';
import { tableName } from '../../src/contract/modules/define';
import type { Queryable } from './pool';

/**
 * The body of the tenant's first file record stored under either URL (the link as given, or its path form), or
 * undefined. Both spellings are tried because a record keeps the URL it was uploaded with.
 */
export async function findFileBodyByUrl(db: Queryable, tenantId: string, url: string, path: string): Promise<Record<string, unknown> | undefined> {
  const { rows } = await db.query<{ body: Record<string, unknown> }>(
    `select body from "${tableName(fileUpload)}" where subscriber_id = $1 and (body->>'url' = $2 or body->>'url' = $3) limit 1`,
    [tenantId, url, path],
  );
  return rows[0]?.body;
}

/**
 * Like findFileBodyByUrl, and a file may also be named by its _id (the staff download call accepts either;
 * `url` is the path as given, so an _id is matched against it).
 */
export async function findFileBodyByUrlOrId(db: Queryable, tenantId: string, url: string, path: string): Promise<Record<string, unknown> | undefined> {
  const { rows } = await db.query<{ body: Record<string, unknown> }>(
    `select body from "${tableName(fileUpload)}" where subscriber_id = $1 and (body->>'url' = $2 or body->>'url' = $3 or _id = $2) limit 1`,
    [tenantId, url, path],
  );
  return rows[0]?.body;
}
