/**
 * Schema management, run at every start (idempotent) and once for the test template.
 *
 * Two parts: numbered platform migrations (sessions, credentials, counters, menus, crash reports), recorded
 * in schema_migrations; and one table per catalogue module, derived from the catalogue itself, so a module
 * added to src/contract/modules gets its table and unique indexes on the next start without a hand-written step.
 */
import { catalogue, tableName, type ModuleDef } from '../../src/contract/modules/index';
import type { Db, Queryable } from './pool';
import { holdClient } from './held-client';
import { ensureAuthChangeTriggers } from './auth-changes';
import { ensureNameChangeTriggers } from './reference-name-store';
import { moduleTableStatements } from './module-tables';
import { openStockLedger, STOCK_LEDGER_MIGRATION } from './stock-ledger-store';
import { ADVISORY_LOCKS } from './advisory-locks';
import { CALENDAR_INSTANT_MIGRATION, ensureCalendarIndexes } from './calendar-store';

interface Migration {
  id: string;
  sql: string;
}

const MIGRATIONS: readonly Migration[] = [
  {
    id: '001_platform',
    sql: `
      create table counters (
        subscriber_id text not null,
        key text not null,
        value bigint not null,
        primary key (subscriber_id, key)
      );
      create table credentials (
        user_id text primary key,
        subscriber_id text not null,
        email text not null,
        password_hash text not null,
        -- Granted by the platform (seed or database), never through a tenant's API: the only cross-tenant actor.
        platform_operator boolean not null default false,
        password_changed_at timestamptz not null default now()
      );
      -- Sign-in is by e-mail alone, so an e-mail identifies one account across tenants.
      create unique index credentials_email_key on credentials (lower(email));
      create table sessions (
        token_hash text primary key,
        user_id text not null,
        subscriber_id text not null,
        created_at timestamptz not null default now(),
        last_seen_at timestamptz not null default now(),
        expires_at timestamptz not null,
        revoked_at timestamptz,
        ip text,
        user_agent text
      );
      create index sessions_user_live on sessions (user_id) where revoked_at is null;
      create table ui_errors (
        id bigserial primary key,
        subscriber_id text not null,
        user_id text not null,
        message text not null,
        component_stack text,
        url text,
        user_agent text,
        created_at timestamptz not null default now()
      );
      create index ui_errors_tenant_time on ui_errors (subscriber_id, created_at desc);
      -- The side menu is per subscriber and edited as a whole tree, so it is one document per tenant.
      create table side_menus (
        subscriber_id text primary key,
        items jsonb not null,
        updated_at timestamptz not null default now()
      );
    `,
  },
  {
    // Public links (issue 5): tokens stored as hashes, each scoped to one record and one purpose; and the
    // platform operator's terms and privacy texts, one row per published version.
    id: '002_public_links',
    sql: `
      create table public_links (
        token_hash text primary key,
        subscriber_id text not null,
        record_id text not null,
        purpose text not null,
        link_status text,
        created_at timestamptz not null default now(),
        created_by text,
        expires_at timestamptz not null,
        revoked_at timestamptz
      );
      create index public_links_record_live on public_links (subscriber_id, purpose, record_id) where revoked_at is null;
      create table platform_texts (
        _id text primary key,
        kind text not null check (kind in ('terms', 'privacy')),
        html text not null,
        created_at timestamptz not null default now(),
        created_by text
      );
      create index platform_texts_latest on platform_texts (kind, created_at desc);
    `,
  },
  {
    // Upgrades reach every tenant (issue 8): what the product has delivered to each tenant, so the boot-time
    // reconcile (server/domain/admin/tenant-reconcile.ts) adds only what is new and never re-adds what a
    // person took away. A tenant row records whether it is the platform operator's tenant and the catalogue
    // fingerprint it was last brought up to; a delivery is one built-in role (key = its name, ref = the role's
    // _id, so a renamed role stays the product's), one grant ('ROLE FEATURE PRIVILEGE') or one menu entry (its _id).
    id: '003_tenant_catalogue',
    sql: `
      create table tenant_catalogue (
        subscriber_id text primary key,
        platform boolean not null default false,
        fingerprint text,
        reconciled_at timestamptz
      );
      create table catalogue_deliveries (
        subscriber_id text not null,
        kind text not null check (kind in ('role', 'grant', 'menu')),
        key text not null,
        ref text,
        delivered_at timestamptz not null default now(),
        primary key (subscriber_id, kind, key)
      );
    `,
  },
  {
    // Business lifecycles (issue 10): every transition of a record, by any call, oldest first per record.
    id: '004_lifecycle_history',
    sql: `
      create table lifecycle_history (
        id bigserial primary key,
        subscriber_id text not null,
        module text not null,
        record_id text not null,
        event text not null,
        from_state text,
        to_state text not null,
        by_id text not null,
        by_name text not null,
        by_kind text not null check (by_kind in ('staff', 'customer', 'scheduler')),
        at timestamptz not null default clock_timestamp(),
        note text
      );
      create index lifecycle_history_record on lifecycle_history (subscriber_id, module, record_id, id);
    `,
  },
  {
    // The local e-invoice sandbox (server/einvoice/sandbox-portal.ts): the documents it registered, so it
    // refuses a duplicate IRN and cancels an IRN once, within 24 hours, as the portal does.
    id: '005_einvoice_sandbox',
    sql: `
      create sequence einvoice_sandbox_ack start with 112610000000001;
      create table einvoice_sandbox (
        irn text primary key,
        seller_gstin text not null,
        document_type text not null,
        document_number text not null,
        ack_no bigint not null default nextval('einvoice_sandbox_ack'),
        ack_date timestamptz not null,
        signed_qr text not null,
        cancelled_at timestamptz,
        cancel_reason_code smallint,
        cancel_remark text
      );
    `,
  },
  {
    // Preventive plans that raise tickets and machines' meters (issue 31). The primary key of
    // maintenance_occurrences is what makes "one ticket per occurrence" hold across restarts and processes: a
    // scheduler claims (plan, occurrence) by inserting it, and a second claim, from any process, finds it taken.
    id: '006_plan_occurrences_and_meters',
    sql: `
      create table maintenance_occurrences (
        subscriber_id text not null,
        plan_id text not null,
        occurrence_no integer not null,
        occurrence_date date not null,
        reason text not null check (reason in ('time', 'meter')),
        ticket_id text,
        raised_at timestamptz not null default now(),
        done_at timestamptz,
        primary key (subscriber_id, plan_id, occurrence_no)
      );
      create index maintenance_occurrences_ticket on maintenance_occurrences (subscriber_id, ticket_id);
      create table machine_meters (
        id text primary key,
        subscriber_id text not null,
        machine_id text not null,
        kind text not null,
        sensor_instance_id text,
        sensor_parameter text,
        last_reading double precision,
        last_read_at timestamptz,
        -- What resets took off the counter: reading + reset_offset is the meter's lifetime count, which plans'
        -- thresholds are counted on, so a replaced meter neither hides nor repeats an occurrence.
        reset_offset double precision not null default 0,
        created_at timestamptz not null default now(),
        unique (subscriber_id, machine_id, kind)
      );
      create index machine_meters_sensor on machine_meters (subscriber_id, sensor_instance_id) where sensor_instance_id is not null;
      create table meter_readings (
        id bigserial primary key,
        subscriber_id text not null,
        meter_id text not null references machine_meters (id) on delete cascade,
        reading double precision not null,
        read_at timestamptz not null,
        source text not null check (source in ('person', 'sensor')),
        is_reset boolean not null default false,
        reset_reason text,
        by_id text not null,
        by_name text not null
      );
      create index meter_readings_meter on meter_readings (meter_id, id desc);
    `,
  },
  {
    // The stock ledger (issue 32): every movement of a part, in the transaction of its cause (./stock-ledger-store.ts).
    id: '007_stock_ledger',
    sql: STOCK_LEDGER_MIGRATION,
  },
  {
    // Issue 33: a rejection is stamped rejectedBy/rejectedAt (src/machines/lifecycles/index.ts), so a rejected credit note
    // or payment never reads "Approved by". Those rejected before carry the stamps under the approval's names: moved.
    // The module tables are made after the numbered migrations, so a new database has none yet (nothing to move).
    id: '008_rejection_stamps',
    sql: ['credit-note', 'payment'].map((name) => rejectionStampsMoved(tableName({ name }))).join('\n'),
  },
  {
    // Several app processes on one database (issue 36). socket_io_attachments is @socket.io/postgres-adapter's table
    // for events too large for a NOTIFY (server/realtime/cluster-adapter.ts); shared_counters holds the counters
    // every process enforces together (sign-in failures, heavy calls: server/db/shared-counters.ts), in the shape
    // rate-limiter-flexible's PostgreSQL store reads (key, points, expire in epoch ms), created here so that the
    // app never needs to create a table at run time.
    id: '011_cluster_adapter_and_shared_counters',
    sql: `
      create table if not exists socket_io_attachments (
        id bigserial unique,
        created_at timestamptz default now(),
        payload bytea
      );
      create table if not exists shared_counters (
        key varchar(255) primary key,
        points integer not null default 0,
        expire bigint
      );
    `,
  },
  {
    // The app role (issue 35, ./app-role.ts): when the owner makes it, its password is kept here, in a schema only the
    // owner reads, so that every process on the database connects as the same role. An owner that may not create
    // schemas (a managed database's table owner) skips it: it names its app role with DATABASE_APP_URL instead.
    id: '012_private_app_role',
    sql: `
      do $$ begin
        if has_database_privilege(current_database(), 'CREATE') then
          create schema if not exists fieldops_private;
          revoke all on schema fieldops_private from public;
          create table if not exists fieldops_private.app_role (
            role_name text primary key,
            password text not null
          );
        end if;
      end $$;
    `,
  },
  {
    // The platform's own tenant (issue 35, server/domain/admin/platform-tenant.ts): the subscriber that holds the
    // operator's account and the platform's records, apart from every customer. One row at most.
    id: '013_platform_tenant',
    sql: `
      create table platform_tenant (
        singleton boolean primary key default true check (singleton),
        subscriber_id text not null unique,
        created_at timestamptz not null default now()
      );
    `,
  },
  {
    // A requisition keeps every purchase order it made (issue 39 item 5): one sent to purchase before kept only the
    // first, as purchaseOrderId; it now holds it in purchaseOrderIds, the field its view and the names read.
    id: '014_requisition_purchase_orders',
    sql: `do $$ begin
      if to_regclass('"${tableName({ name: 'purchase-order-requisition' })}"') is not null then
        update "${tableName({ name: 'purchase-order-requisition' })}"
          set body = (body - 'purchaseOrderId') || jsonb_build_object('purchaseOrderIds', jsonb_build_array(body->'purchaseOrderId'))
          where jsonb_typeof(body->'purchaseOrderId') = 'string' and not body ? 'purchaseOrderIds';
      end if;
    end $$;`,
  },
  {
    // The calendars read a date range in SQL (issue 31): the immutable text-to-instant their indexes are made with
    // (./calendar-store.ts says why it may be immutable). The indexes themselves are on module tables, made after the
    // numbered migrations, so ensureCalendarIndexes makes them below.
    id: '015_maintenance_leftovers',
    sql: CALENDAR_INSTANT_MIGRATION,
  },
  {
    // The demo's invoice items were stored without `active` (the seed skipped the schema's default), so the list's
    // Active column was blank and its Active filter found none: an item that never said is active, as the default says.
    id: '016_invoice_items_active',
    sql: `do $$ begin
      if to_regclass('"${tableName({ name: 'invoice-item-master' })}"') is not null then
        update "${tableName({ name: 'invoice-item-master' })}" set body = body || '{"active": true}'::jsonb where not body ? 'active';
      end if;
    end $$;`,
  },
];

/** The statement moving a rejected record's approval stamps to its rejection stamps, in one module table. */
function rejectionStampsMoved(table: string): string {
  return `do $$ begin
    if to_regclass('"${table}"') is not null then
      update "${table}" set body = (body - 'approvedBy' - 'approvedAt')
        || jsonb_strip_nulls(jsonb_build_object('rejectedBy', body->'approvedBy', 'rejectedAt', body->'approvedAt'))
      where body->>'status' = 'Rejected' and body ? 'approvedBy';
    end if;
  end $$;`;
}

/** Serialises concurrent starts (several app processes on one database). */

export async function ensureModuleTables(db: Queryable, defs: readonly Pick<ModuleDef, 'name' | 'unique' | 'crossTenant'>[]): Promise<void> {
  for (const def of defs) {
    for (const statement of moduleTableStatements(def)) await db.query(statement);
  }
}

/** The tables of the catalogue's modules that some module refers to (whose names the names cache keeps). */
export function referencedTables(defs: readonly Pick<ModuleDef, 'name' | 'references'>[]): string[] {
  const names = new Set(defs.map((def) => def.name));
  const referenced = new Set(defs.flatMap((def) => Object.values(def.references ?? {})).filter((module) => names.has(module)));
  return [...referenced].sort().map((module) => tableName({ name: module }));
}

export async function runMigrations(db: Db): Promise<{ applied: string[] }> {
  // Held with an error listener: the lock's connection may be lost while migrations run (issue 29).
  const held = await holdClient(db);
  const { client } = held;
  const applied: string[] = [];
  try {
    await client.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
    await client.query('create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())');
    const done = new Set((await client.query<{ id: string }>('select id from schema_migrations')).rows.map((r) => r.id));
    for (const migration of MIGRATIONS) {
      if (done.has(migration.id)) continue;
      await client.query('begin');
      try {
        await client.query(migration.sql);
        await client.query('insert into schema_migrations (id) values ($1)', [migration.id]);
        await client.query('commit');
        applied.push(migration.id);
      } catch (error) {
        await client.query('rollback');
        throw new Error(`Migration ${migration.id} failed: ${(error as Error).message}`);
      }
    }
    await client.query('begin');
    await ensureModuleTables(client, catalogue);
    await ensureAuthChangeTriggers(client);
    await ensureNameChangeTriggers(client, referencedTables(catalogue));
    await ensureCalendarIndexes(client);
    // Stock held before the ledger existed opens it (idempotent: only parts without a ledger row).
    await openStockLedger(client);
    await client.query('commit');
  } catch (error) {
    if (!held.lost) await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    // A lost connection took its session lock with it.
    if (!held.lost) await client.query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]).catch(() => undefined);
    held.release();
  }
  return { applied };
}

export { tableName };
