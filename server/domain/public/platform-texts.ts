/**
 * The platform's terms and conditions and privacy policy: rich text the platform operator writes and
 * prospective subscribers accept. Each save is a new version (the accepted version's _id is what a
 * subscription request records), and HTML is sanitised on write, so no script or event handler ever
 * reaches a page that renders it.
 */
import sanitizeHtml from 'sanitize-html';
import { newId } from '../../db/ids';
import type { Queryable } from '../../db/pool';
import { TEXT_KINDS, type PlatformText, type TextKind } from '../../../src/contract/publicShapes';

export { TEXT_KINDS, type PlatformText, type TextKind };

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2', 'u', 's'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, ALLOWED).trim();
}

/** Text without markup, to tell an empty editor (`<p></p>`) from a real text. */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim();
}

interface Row {
  _id: string;
  kind: TextKind;
  html: string;
  created_at: Date;
  created_by: string | null;
}

const toText = (row: Row): PlatformText => ({ _id: row._id, kind: row.kind, html: row.html, createdAt: row.created_at.toISOString(), createdBy: row.created_by });

export async function latestText(db: Queryable, kind: TextKind): Promise<PlatformText | null> {
  const { rows } = await db.query<Row>('select * from platform_texts where kind = $1 order by created_at desc, _id desc limit 1', [kind]);
  return rows[0] ? toText(rows[0]) : null;
}

export async function textById(db: Queryable, kind: TextKind, id: string): Promise<PlatformText | null> {
  const { rows } = await db.query<Row>('select * from platform_texts where kind = $1 and _id = $2', [kind, id]);
  return rows[0] ? toText(rows[0]) : null;
}

/** Stores a new version (already sanitised by the caller's check, sanitised again here to be sure). */
export async function publishText(db: Queryable, kind: TextKind, html: string, createdBy: string | null): Promise<PlatformText> {
  const { rows } = await db.query<Row>('insert into platform_texts (_id, kind, html, created_by) values ($1, $2, $3, $4) returning *', [
    newId(),
    kind,
    sanitizeRichText(html),
    createdBy,
  ]);
  return toText(rows[0] as Row);
}
