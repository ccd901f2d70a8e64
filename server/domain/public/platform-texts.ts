/**
 * The platform's terms and conditions and privacy policy: rich text the platform operator writes and
 * prospective subscribers accept. Each save is a new version (the accepted version's _id is what a
 * subscription request records), and HTML is sanitised on write, so no script or event handler ever
 * reaches a page that renders it.
 */
import sanitizeHtml from 'sanitize-html';
import { newId } from '../../db/ids';
import { insertTextRow, latestTextRow, textRowById, type PlatformTextRow } from '../../db/platform-text-store';
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

const toText = (row: PlatformTextRow): PlatformText => ({ _id: row._id, kind: row.kind, html: row.html, createdAt: row.created_at.toISOString(), createdBy: row.created_by });

export async function latestText(db: Queryable, kind: TextKind): Promise<PlatformText | null> {
  const row = await latestTextRow(db, kind);
  return row ? toText(row) : null;
}

export async function textById(db: Queryable, kind: TextKind, id: string): Promise<PlatformText | null> {
  const row = await textRowById(db, kind, id);
  return row ? toText(row) : null;
}

/** Stores a new version (already sanitised by the caller's check, sanitised again here to be sure). */
export async function publishText(db: Queryable, kind: TextKind, html: string, createdBy: string | null): Promise<PlatformText> {
  return toText(await insertTextRow(db, newId(), kind, sanitizeRichText(html), createdBy));
}
