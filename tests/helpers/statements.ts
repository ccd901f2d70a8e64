/**
 * Counts the SQL statements one request sends (issue 30's guards, tests/api/read-statements.test.ts): every query of
 * every pg client in this test file's process is noted while `run` runs, with its text and whether it went as a named
 * (prepared) statement, and so is every Intl.DateTimeFormat built meanwhile. Deterministic: counts, never times.
 */
import pg from 'pg';

export interface Statement {
  text: string;
  /** The prepared statement's name (server/db/pool.ts `prepared`), undefined for one parsed on every call. */
  name?: string;
}

export interface Counted<T> {
  result: T;
  statements: Statement[];
  /** Intl.DateTimeFormat objects built while it ran. */
  formattersBuilt: number;
}

/** The statements as a failing test prints them, one a line. */
export function listed(statements: readonly Statement[]): string {
  return statements.map((s, i) => `  ${i + 1}. ${s.name ? `[prepared ${s.name}]` : '[unprepared]'} ${s.text.replace(/\s+/g, ' ').trim().slice(0, 400)}`).join('\n') || '  (none)';
}

/** Statements whose text appears more than once. */
export function repeated(statements: readonly Statement[]): Statement[] {
  const seen = new Set<string>();
  return statements.filter((s) => {
    // A transaction's begin and commit are the transaction, not a repeated read.
    if (/^(begin|commit|rollback)$/i.test(s.text.trim())) return false;
    if (seen.has(s.text)) return true;
    seen.add(s.text);
    return false;
  });
}

export async function countStatements<T>(run: () => Promise<T>): Promise<Counted<T>> {
  const statements: Statement[] = [];
  const query = pg.Client.prototype.query;
  const patched = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; name?: string; submit?: unknown };
    // A cursor (pg-cursor) is a submittable with its own text.
    if (typeof first === 'string') statements.push({ text: first });
    else if (first && typeof first === 'object') statements.push({ text: String(first.text ?? ''), ...(first.name ? { name: first.name } : {}) });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  };
  const Formatter = Intl.DateTimeFormat;
  let formattersBuilt = 0;
  const counting = new Proxy(Formatter, {
    construct(target, args: unknown[]) {
      formattersBuilt++;
      return Reflect.construct(target, args);
    },
    apply(target, self, args: unknown[]) {
      formattersBuilt++;
      return Reflect.apply(target, self, args);
    },
  });
  (pg.Client.prototype as { query: unknown }).query = patched;
  Intl.DateTimeFormat = counting;
  try {
    return { result: await run(), statements, formattersBuilt };
  } finally {
    (pg.Client.prototype as { query: unknown }).query = query;
    Intl.DateTimeFormat = Formatter;
  }
}
