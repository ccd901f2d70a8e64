/**
 * The load of the fault tests (issue 29): several clients at once, as people working while the database
 * fails under them. Creators add privileges; steppers create leads and move each through its open stages
 * (a lifecycle step: a transaction that locks the row and writes the history); a reader reads the whole
 * privilege list, which the server streams from a cursor. Every answer is recorded with its status and how
 * long it took; what was acknowledged (2xx) is kept by id, to be looked up afterwards.
 *
 * A client that got 503 waits a moment before its next call (the server says Retry-After: 5; a client that
 * retried at once would only spin the test machine's CPU); that is pacing, not a wait for some state.
 */
import { OPEN_LEAD_STAGES, moveEventOf } from '../../src/machines/lifecycles/lead';
import { healthOf } from './server-process';

/** A call that takes longer than this counts as a hang; the fetch gives up a little later. */
export const HANG_MS = 2_000;
const GIVE_UP_MS = 5_000;
const PAUSE_AFTER_503_MS = 25;

export type Outcome = number | 'refused' | 'timeout' | 'cut';

export interface Answer {
  kind: 'create' | 'read' | 'step' | 'lead' | 'list';
  outcome: Outcome;
  startedAt: number;
  endedAt: number;
}

export interface AcknowledgedStep {
  leadId: string;
  event: string;
  to: string;
}

export interface FaultLoad {
  answers: Answer[];
  privilegeIds: string[];
  leadIds: string[];
  steps: AcknowledgedStep[];
  /** Acknowledged writes so far (creates and steps). */
  acknowledged(): number;
  stop(): Promise<void>;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function startFaultLoad(httpPort: number, token: string, prefix: string, shape = { creators: 3, steppers: 2, readers: 1 }): FaultLoad {
  const answers: Answer[] = [];
  const privilegeIds: string[] = [];
  const leadIds: string[] = [];
  const steps: AcknowledgedStep[] = [];
  let stopping = false;
  let next = 0;

  async function call(kind: Answer['kind'], method: string, url: string, body?: unknown): Promise<{ outcome: Outcome; json?: Record<string, unknown> }> {
    const startedAt = Date.now();
    let outcome: Outcome = 'refused';
    let json: Record<string, unknown> | undefined;
    try {
      const res = await fetch(`http://127.0.0.1:${httpPort}${url}`, {
        method,
        headers: { token, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(GIVE_UP_MS),
      });
      outcome = 'cut'; // until the whole body is read and parsed
      json = JSON.parse(await res.text()) as Record<string, unknown>;
      outcome = res.status;
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') outcome = 'timeout';
    }
    answers.push({ kind, outcome, startedAt, endedAt: Date.now() });
    if (outcome === 503) await pause(PAUSE_AFTER_503_MS);
    return { outcome, json };
  }

  const ok = (outcome: Outcome): boolean => typeof outcome === 'number' && outcome >= 200 && outcome < 300;

  async function creator(): Promise<void> {
    while (!stopping) {
      const code = `${prefix}_${next++}`;
      const { outcome, json } = await call('create', 'POST', '/api/app/privilege', { name: `Fault ${code}`, code });
      if (ok(outcome) && typeof json?._id === 'string') privilegeIds.push(json._id);
    }
  }

  /** A lead moved through its open stages, one step at a time, each chosen from the stage it is in now. */
  async function stepper(): Promise<void> {
    let leadId: string | undefined;
    let stepsOnLead = 0;
    while (!stopping) {
      if (!leadId || stepsOnLead >= OPEN_LEAD_STAGES.length) {
        const { outcome, json } = await call('lead', 'POST', '/api/app/lead', { title: `${prefix} lead ${next++}`, companyName: 'Kalyani Forge Components', expectedValuePaise: 1_000_000 });
        if (ok(outcome) && typeof json?._id === 'string') {
          leadId = json._id;
          leadIds.push(leadId);
          stepsOnLead = 0;
        }
        continue;
      }
      // Read first: a step answered 503 may have been committed all the same.
      const { outcome, json } = await call('read', 'GET', `/api/app/lead/getById/${leadId}`);
      if (!ok(outcome)) continue;
      const at = OPEN_LEAD_STAGES.indexOf(json?.leadStage as (typeof OPEN_LEAD_STAGES)[number]);
      const to = OPEN_LEAD_STAGES[(at + 1) % OPEN_LEAD_STAGES.length] as (typeof OPEN_LEAD_STAGES)[number];
      const event = moveEventOf(to);
      const stepped = await call('step', 'PATCH', `/api/app/lead/transition/${leadId}`, { event });
      if (ok(stepped.outcome)) {
        steps.push({ leadId, event, to });
        stepsOnLead += 1;
      }
    }
  }

  async function reader(): Promise<void> {
    while (!stopping) await call('list', 'GET', `/api/app/privilege?limit=${Number.MAX_SAFE_INTEGER}`);
  }

  const running = Promise.all([
    ...Array.from({ length: shape.creators }, creator),
    ...Array.from({ length: shape.steppers }, stepper),
    ...Array.from({ length: shape.readers }, reader),
  ]);

  return {
    answers,
    privilegeIds,
    leadIds,
    steps,
    acknowledged: () => privilegeIds.length + leadIds.length + steps.length,
    async stop() {
      stopping = true;
      await running;
    },
  };
}

/** When a fault was being made: from just before it was asked for to when it was done (a kill, a termination). */
export interface Fault {
  from: number;
  to: number;
}

/**
 * Answers that were not a success or a 503, or took longer than HANG_MS: what the fault tests must never see.
 * One exception: a streamed list already sending (200) when a fault struck is cut short, as the README says
 * (the reader sees a failed request); only one that straddles a fault may be.
 */
export function unacceptable(answers: readonly Answer[], faults: readonly Fault[]): Answer[] {
  const struckByFault = (a: Answer): boolean => faults.some((fault) => a.startedAt <= fault.to && fault.from <= a.endedAt);
  return answers.filter((a) => {
    if (a.endedAt - a.startedAt > HANG_MS) return true;
    if (a.outcome === 'cut') return !(a.kind === 'list' && struckByFault(a));
    return !(typeof a.outcome === 'number' && ((a.outcome >= 200 && a.outcome < 300) || a.outcome === 503));
  });
}

/** How many answers of each kind and outcome: "create 201 ×327, create 503 ×801, …", for failure messages. */
export function summarise(answers: readonly Answer[]): string {
  const counts = new Map<string, number>();
  for (const a of answers) counts.set(`${a.kind} ${a.outcome}`, (counts.get(`${a.kind} ${a.outcome}`) ?? 0) + 1);
  return [...counts].map(([what, n]) => `${what} ×${n}`).join(', ');
}

/** Answers of calls made wholly within [from, to]. */
export function answeredWithin(answers: readonly Answer[], from: number, to: number): Answer[] {
  return answers.filter((a) => a.startedAt >= from && a.endedAt <= to);
}

/**
 * What an acknowledged write left behind, looked up by id: each acknowledged privilege and lead, and each
 * acknowledged step in its lead's history. Answers the ones missing (empty when all are there).
 */
export async function missingAcknowledged(httpPort: number, token: string, load: FaultLoad): Promise<string[]> {
  const get = async (url: string): Promise<{ status: number; json: unknown }> => {
    const res = await fetch(`http://127.0.0.1:${httpPort}${url}`, { headers: { token } });
    return { status: res.status, json: await res.json() };
  };
  const checks: Array<() => Promise<string | undefined>> = [
    ...load.privilegeIds.map((id) => async () => ((await get(`/api/app/privilege/getById/${id}`)).status === 200 ? undefined : `privilege ${id}`)),
    ...load.leadIds.map((id) => async () => ((await get(`/api/app/lead/getById/${id}`)).status === 200 ? undefined : `lead ${id}`)),
    ...[...new Set(load.steps.map((step) => step.leadId))].map((leadId) => async () => {
      const history = ((await get(`/api/app/lead/history/${leadId}`)).json as { data?: Array<{ event: string; to: string }> }).data ?? [];
      const taken = load.steps.filter((step) => step.leadId === leadId);
      // Each step as often as it was acknowledged (a lead passes through a stage again after a full round).
      const missing = taken.filter((step, i) => history.filter((h) => h.event === step.event && h.to === step.to).length < taken.slice(0, i + 1).filter((s) => s.event === step.event).length);
      return missing.length === 0 ? undefined : `lead ${leadId} steps ${missing.map((s) => s.event).join(', ')}`;
    }),
  ];
  const missing: string[] = [];
  // Eight at a time: enough to be quick, few enough not to queue behind the pool.
  for (let i = 0; i < checks.length; i += 8) {
    for (const found of await Promise.all(checks.slice(i, i + 8).map((check) => check()))) if (found) missing.push(found);
  }
  return missing;
}

/** One answer of GET /api/health: what it said held at some instant between `began` and `at`. */
export interface HealthSample {
  began: number;
  at: number;
  db: unknown;
  listener: unknown;
}

/**
 * GET /api/health asked over and over, as a load balancer would (every 10 ms here). A server that died
 * refuses the connection: that is recorded as `unreachable`, so that a test fails on it with an answer.
 */
export function watchHealth(httpPort: number): { samples: HealthSample[]; stop(): Promise<void> } {
  const samples: HealthSample[] = [];
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      const began = Date.now();
      const res = await healthOf(httpPort).catch(() => ({ json: { db: 'unreachable', listener: 'unreachable' } }));
      samples.push({ began, at: Date.now(), db: res.json.db, listener: res.json.listener });
      await pause(10);
    }
  })();
  return {
    samples,
    async stop() {
      watching = false;
      await watcher;
    },
  };
}
