/**
 * The keys of every numbered PostgreSQL advisory lock the app takes, in one table so that no two share a key: the
 * seed and the scheduler once did, and a process starting while another led the scheduler waited for ever to seed.
 * Locks keyed by a name (a tenant's catalogue, the platform tenant) use `hashtext` of the name instead.
 */
export const ADVISORY_LOCKS = {
  /** Migrations, one process at a time (./migrations.ts). */
  migrations: 7_318_204_551,
  /** The demo seed, one process at a time (../seed/index.ts). */
  seed: 7_318_204_552,
  /** Leadership of scheduled work, held for as long as a process leads (../domain/service/maintenance-schedule.ts). */
  scheduler: 7_318_204_553,
  /** Making the app's request role (./app-role.ts). */
  appRole: 7_318_204_559,
} as const;
