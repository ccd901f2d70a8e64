/**
 * What a dashboard may count: a module's rows of the caller's tenant, narrowed to the records the caller
 * may VIEW. The same rule as the catalogue's list calls (server/auth/module-grants.ts): holding the
 * module's feature shows every row of the tenant; holding only views of it (MY_OPEN_CALLS, …) shows the
 * rows those views' filters match; holding neither answers `undefined`, and the figure is left out.
 *
 * The predicate is built here rather than taken from the repository because aggregates run their own
 * SQL (group by, sums) over the rows; the semantics are the repository's: a scope is a conjunction of
 * "field is any of" conditions (array fields: "contains any of"), scopes are alternatives.
 */
import { z } from 'zod';
import { tableName, type ModuleDef } from '../../../src/contract/modules/define';
import { moduleGrant, type RecordScope } from '../../auth/module-grants';
import type { SessionUser } from '../../auth/sessions';

/** Rows of one module a caller may see: `where(values)` appends its parameters and answers the predicate. */
export interface VisibleRows {
  def: ModuleDef;
  /** Quoted table name, safe to splice (derived from the catalogue, never from input). */
  table: string;
  where(values: unknown[]): string;
}

function unwrapsToArray(schema: unknown): boolean {
  let current = schema;
  for (let depth = 0; depth < 5; depth++) {
    if (current instanceof z.ZodArray) return true;
    if (current instanceof z.ZodOptional || current instanceof z.ZodDefault || current instanceof z.ZodNullable) {
      current = current.unwrap();
      continue;
    }
    return false;
  }
  return false;
}

function push(values: unknown[], value: unknown): string {
  values.push(value);
  return `$${values.length}`;
}

/** The tenant predicate plus the view scopes, as SQL over `alias`'s columns (alias '' for none). */
export function scopePredicate(values: unknown[], def: ModuleDef, tenantId: string, scopes: readonly RecordScope[] | undefined, alias = ''): string {
  const col = (name: string) => (alias ? `${alias}.${name}` : name);
  const clauses = [`${col('subscriber_id')} = ${push(values, tenantId)}`];
  if (scopes) {
    const alternatives = scopes.map((scope) => {
      const parts = Object.entries(scope).map(([field, wanted]) => {
        const key = `${push(values, field)}::text`;
        const list = `${push(values, typeof wanted === 'string' ? [wanted] : [...wanted])}::text[]`;
        return unwrapsToArray(def.fields.shape[field]) ? `${col('body')}->${key} ?| ${list}` : `${col('body')}->>${key} = any(${list})`;
      });
      return parts.length > 0 ? `(${parts.join(' and ')})` : 'true';
    });
    clauses.push(alternatives.length > 0 ? `(${alternatives.join(' or ')})` : 'false');
  }
  return clauses.join(' and ');
}

/** The rows of `def` the user may VIEW, or undefined when the module is closed to them. */
export function visibleRows(user: SessionUser, def: ModuleDef, alias = ''): VisibleRows | undefined {
  const grant = moduleGrant(user, def.name, def.feature, 'VIEW');
  if (!grant.allowed) return undefined;
  return {
    def,
    table: `"${tableName(def)}"`,
    where: (values) => scopePredicate(values, def, user.tenantId, grant.scopes, alias),
  };
}

/** Rows of a route whose access check already ran (request.accessScopes holds its scopes, if any). */
export function rowsWithScopes(user: SessionUser, def: ModuleDef, scopes: readonly RecordScope[] | undefined, alias = ''): VisibleRows {
  return { def, table: `"${tableName(def)}"`, where: (values) => scopePredicate(values, def, user.tenantId, scopes, alias) };
}
