/**
 * Runtime configuration, read once from the environment (README "Configuration").
 * Everything has a default so `npm start` works on a fresh clone.
 */
import path from 'node:path';
import { RENDERER_FILE } from '../src/contract/prerenderedPages';

/** The sign-in limits (server/auth/sign-in-limits.ts, README "Sign-in limits"). */
export interface SignInLimits {
  /** Wrong passwords one account may get from one address before it waits. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; it doubles with each further failure. */
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** An account's failures from an address are forgotten this long after the first (and at once on a success). */
  forgetAfterSeconds: number;
  /** Failures one address may make, on any accounts, inside the window before it is refused for every account. */
  perAddress: number;
  perAddressWindowSeconds: number;
}

/** A heavy call's limits (server/http/heavy-calls.ts, README "Limits on heavy calls"). */
export interface HeavyCallLimit {
  perPerson: number;
  perTenant: number;
  windowSeconds: number;
  /** Calls of this kind one person may have running at once on one process. */
  inFlightPerPerson: number;
}

export type HeavyCallKind = 'pdf' | 'list' | 'upload' | 'email';

/**
 * A person's ordinary day stays far below them: a PDF opened every few seconds, a list screen that loads half a
 * dozen whole lists at once, a handful of uploads and e-mails a minute.
 */
export const DEFAULT_HEAVY_CALL_LIMITS: Readonly<Record<HeavyCallKind, HeavyCallLimit>> = {
  pdf: { perPerson: 6, perTenant: 120, windowSeconds: 60, inFlightPerPerson: 1 },
  list: { perPerson: 120, perTenant: 1_200, windowSeconds: 60, inFlightPerPerson: 8 },
  upload: { perPerson: 30, perTenant: 300, windowSeconds: 60, inFlightPerPerson: 3 },
  email: { perPerson: 6, perTenant: 60, windowSeconds: 60, inFlightPerPerson: 1 },
};

export interface Config {
  port: number;
  host: string;
  /** Folder for the embedded PostgreSQL cluster (DATA_DIR/pg) and its log. */
  dataDir: string;
  /** When set, this PostgreSQL server is used and no embedded one is started; its role owns the schema (migrations). */
  databaseUrl?: string;
  /** The least-privilege role requests use with DATABASE_URL (README "Database roles"); made by the owner when unset and it may. */
  databaseAppUrl?: string;
  /** Origin used in links handed to people outside the app (public proposal links). */
  publicUrl: string;
  /** Loopback port of the embedded PostgreSQL; never 5432, which a local server may hold. */
  embeddedPgPort: number;
  /** Built client (vite build); served with an index.html fallback when present. */
  distDir: string;
  /**
   * The build's renderer of the signed-in home (RENDERER_FILE, server/http/signed-in-page.ts), RENDERER_FILE in the
   * environment to name another; home comes unrendered when the file is missing.
   */
  rendererFile: string;
  /** Trust X-Forwarded-For (only behind a proxy you control): the login limiter keys on the address. */
  trustProxy: boolean;
  /**
   * Log every request (LOG_REQUESTS=1). Off by default: two log lines per request cost a fifth of the
   * server's throughput (bench/record-reads.ts); errors and requests slower than a second are logged anyway.
   */
  logRequests: boolean;
  loginLimits: SignInLimits;
  heavyCallLimits: Readonly<Record<HeavyCallKind, HeavyCallLimit>>;
  /**
   * How often a process that does not run the scheduled work tries to take the scheduler lock over (and the one that
   * does checks its connection): SCHEDULER_TAKEOVER_MS, 15 s by default, so another takes over within a minute.
   */
  schedulerTakeoverMs: number;
  /** Absolute session lifetime; sessions also end on logout or password change. */
  sessionTtlMs: number;
  /** SMTP relay for outgoing e-mail (invoices); without it, sending answers 503 with a clear message. */
  smtpUrl?: string;
  /** Sender of outgoing e-mail. */
  mailFrom: string;
  /** The e-invoice portal (server/einvoice): the local sandbox, or a GST Suvidha Provider and its credentials. */
  einvoice: EInvoiceSettings;
}

export interface EInvoiceSettings {
  provider: 'sandbox' | 'gsp';
  url?: string;
  clientId?: string;
  clientSecret?: string;
  username?: string;
  password?: string;
  gstin?: string;
}

function einvoiceFrom(env: NodeJS.ProcessEnv): EInvoiceSettings {
  const provider = env.EINVOICE_PROVIDER || 'sandbox';
  if (provider !== 'sandbox' && provider !== 'gsp') throw new Error(`EINVOICE_PROVIDER must be "sandbox" or "gsp", not "${provider}"`);
  return {
    provider,
    url: env.EINVOICE_URL || undefined,
    clientId: env.EINVOICE_CLIENT_ID || undefined,
    clientSecret: env.EINVOICE_CLIENT_SECRET || undefined,
    username: env.EINVOICE_USERNAME || undefined,
    password: env.EINVOICE_PASSWORD || undefined,
    gstin: env.EINVOICE_GSTIN || undefined,
  };
}

export const DEFAULT_LOGIN_LIMITS: SignInLimits = { freeFailures: 5, firstDelaySeconds: 30, maxDelaySeconds: 3_600, forgetAfterSeconds: 24 * 3_600, perAddress: 100, perAddressWindowSeconds: 3_600 };

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    throw new Error(`${name} must be a port number (0-65535), got "${raw}"`);
  }
  return value;
}

function millisecondsFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 100 || value > 60_000) throw new Error(`${name} must be a number of milliseconds from 100 to 60000, got "${raw}"`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const port = intFrom(env, 'PORT', 3000);
  const embeddedPgPort = intFrom(env, 'EMBEDDED_PG_PORT', 54329);
  if (embeddedPgPort === 5432) {
    throw new Error('EMBEDDED_PG_PORT must not be 5432: a local PostgreSQL server may hold it. Pick another port.');
  }
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseAppUrl: env.DATABASE_APP_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    embeddedPgPort,
    distDir: path.resolve(cwd, env.DIST_DIR || './dist'),
    rendererFile: path.resolve(cwd, env.RENDERER_FILE || RENDERER_FILE),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    logRequests: env.LOG_REQUESTS === '1' || env.LOG_REQUESTS === 'true',
    loginLimits: DEFAULT_LOGIN_LIMITS,
    heavyCallLimits: DEFAULT_HEAVY_CALL_LIMITS,
    schedulerTakeoverMs: millisecondsFrom(env, 'SCHEDULER_TAKEOVER_MS', 15_000),
    sessionTtlMs: 30 * 24 * 3_600_000,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'FieldOps <no-reply@localhost>',
    einvoice: einvoiceFrom(env),
  };
}
