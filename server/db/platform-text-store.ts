/**
 * The platform_texts table: versions of the platform's terms and privacy policy. The SQL behind
 * server/domain/public/platform-texts.ts, which sanitises the HTML before it is stored.
 */
import type { TextKind } from '../../src/contract/publicShapes';
import type { Queryable } from './pool';

export interface PlatformTextRow {
  _id: string;
  kind: TextKind;
  html: string;
  created_at: Date;
  created_by: string | null;
}

/** The newest version of a kind of text (ties on created_at broken by _id), or undefined. */
export async function latestTextRow(db: Queryable, kind: TextKind): Promise<PlatformTextRow | undefined> {
  const { rows } = await db.query<PlatformTextRow>('select * from platform_texts where kind = $1 order by created_at desc, _id desc limit 1', [kind]);
  return rows[0];
}

export async function textRowById(db: Queryable, kind: TextKind, id: string): Promise<PlatformTextRow | undefined> {
  const { rows } = await db.query<PlatformTextRow>('select * from platform_texts where kind = $1 and _id = $2', [kind, id]);
  return rows[0];
}

/** Stores a new version; `html` must already be sanitised. */
export async function insertTextRow(db: Queryable, id: string, kind: TextKind, html: string, createdBy: string | null): Promise<PlatformTextRow> {
  const { rows } = await db.query<PlatformTextRow>('insert into platform_texts (_id, kind, html, created_by) values ($1, $2, $3, $4) returning *', [id, kind, html, createdBy]);
  return rows[0] as PlatformTextRow;
}
