/**
 * The list call through the real HTTP listener: sign in over HTTP, then GET the module's list with the
 * client's limit (Number.MAX_SAFE_INTEGER) several times, each timed to the last byte. The body is
 * streamed and dropped; the memory figures are the server process's own, read from /proc (bench/servers/child.ts).
 */
import { watchResident } from './servers/child';

export interface ApiFigures {
  /** Milliseconds from request to last byte, per run. */
  latencies: number[];
  /** Milliseconds from request to response headers, per run. */
  firstByte: number[];
  bytes: number;
  /** `total` of the answer and the length of its `data`. */
  total: number;
  rows: number;
  /** The server process's resident memory before the runs, and its peak during them (bytes). */
  rssBaseline: number;
  rssPeak: number;
}

export async function signInOverHttp(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const body = (await res.json()) as { token?: string; message?: string };
  if (res.status !== 200 || !body.token) throw new Error(`sign-in of ${email} failed: ${res.status} ${body.message ?? ''}`);
  return body.token;
}

async function drain(res: Response): Promise<number> {
  if (!res.body) return 0;
  const reader = res.body.getReader();
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return bytes;
    bytes += value.byteLength;
  }
}

/** One untimed call, parsed: the answer is the whole list (its own function, so the copy is garbage after). */
async function checkList(url: string, token: string): Promise<{ total: number; rows: number }> {
  const res = await fetch(url, { headers: { token } });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const parsed = (await res.json()) as { data?: unknown[]; total?: number };
  return { total: parsed.total ?? -1, rows: parsed.data?.length ?? -1 };
}

/** GETs `url` `runs` times, each to its last byte, while watching the resident memory of the server process `pid`. */
export async function measureList(url: string, token: string, runs: number, pid: number): Promise<ApiFigures> {
  const { total, rows } = await checkList(url, token);
  const resident = watchResident(pid);
  const latencies: number[] = [];
  const firstByte: number[] = [];
  let bytes = 0;
  let rssPeak = resident.before;
  try {
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      const res = await fetch(url, { headers: { token } });
      firstByte.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status} on run ${run + 1}`);
      bytes = await drain(res);
      latencies.push(performance.now() - started);
    }
  } finally {
    rssPeak = resident.stop();
  }
  return { latencies, firstByte, bytes, total, rows, rssBaseline: resident.before, rssPeak };
}

export interface ReadsDuringList {
  /** Another person's get-by-id latencies with nothing else running (the anchor), and while the list is served. */
  alone: number[];
  during: number[];
  /** Milliseconds the list took to its last byte, while the reads ran. */
  listMs: number;
}

/** `loops` readers sending `url` back to back until `until()` says stop; each latency in milliseconds. */
async function readLoops(url: string, token: string, loops: number, until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (!until()) {
        const started = performance.now();
        const res = await fetch(url, { headers: { token } });
        if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
        await drain(res);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

/**
 * Issue 17's fairness target: another person's get-by-id while an unpaged list is served. The anchor is the same
 * reads for as long with no list running, in the same run; the list is drained and dropped as in measureList.
 */
export async function measureReadsDuringList(listUrl: string, listToken: string, readUrl: string, readToken: string, loops = 4): Promise<ReadsDuringList> {
  let listDone = false;
  const started = performance.now();
  const list = (async () => {
    const res = await fetch(listUrl, { headers: { token: listToken } });
    if (res.status !== 200) throw new Error(`GET ${listUrl} answered ${res.status}`);
    await drain(res);
    listDone = true;
    return performance.now() - started;
  })();
  const [listMs, during] = await Promise.all([list, readLoops(readUrl, readToken, loops, () => listDone)]);
  const aloneUntil = performance.now() + listMs;
  const alone = await readLoops(readUrl, readToken, loops, () => performance.now() >= aloneUntil);
  return { alone, during, listMs };
}
