/** DDL of a catalogue module's table: envelope columns plus a jsonb body, unique fields as indexes. */
import { createHash } from 'node:crypto';
import { tableName, type ModuleDef } from '../../src/contract/modules/define';

type TableDef = Pick<ModuleDef, 'name' | 'unique' | 'crossTenant'>;

function ident(name: string): string {
  return '"' + name.replace(/"/g, '""') + '"';
}

function literal(value: string): string {
  return "'" + value.replace(/'/g, "''") + "'";
}

/** PostgreSQL cuts identifiers at 63 bytes; long names keep a hash suffix to stay distinct. */
function shortName(name: string): string {
  if (name.length <= 63) return name;
  return name.slice(0, 52) + '_' + createHash('sha1').update(name).digest('hex').slice(0, 10);
}

export function uniqueIndexName(def: Pick<ModuleDef, 'name'>, field: string): string {
  return shortName(`${tableName(def)}_u_${field.replace(/[^A-Za-z0-9]+/g, '_').toLowerCase()}`);
}

export function moduleTableStatements(def: TableDef): string[] {
  const table = tableName(def);
  const statements = [
    `create table if not exists ${ident(table)} (
      _id text primary key,
      subscriber_id text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1,
      body jsonb not null default '{}'::jsonb
    )`,
    `create index if not exists ${ident(shortName(table + '_tenant_created'))} on ${ident(table)} (subscriber_id, created_at desc, _id)`,
  ];
  for (const field of def.unique ?? []) {
    const key = `(body->>${literal(field)})`;
    // Platform rows (crossTenant) are unique across tenants; everything else per tenant.
    const columns = def.crossTenant ? `(${key})` : `subscriber_id, (${key})`;
    statements.push(`create unique index if not exists ${ident(uniqueIndexName(def, field))} on ${ident(table)} (${columns})`);
  }
  return statements;
}
