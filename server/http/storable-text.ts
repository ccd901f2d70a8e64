/**
 * Text PostgreSQL cannot store, refused up front with a 400 naming the field (issue 29). Two kinds:
 * - U+0000: PostgreSQL's text and jsonb have no NUL (`invalid byte sequence`, or `unsupported Unicode escape`);
 * - an unpaired surrogate (`\ud800` alone): it is not a character, UTF-8 cannot encode it, and Node would
 *   silently write U+FFFD instead, so the record would not hold what was sent. In a file name it also made
 *   `encodeURIComponent` throw (`URIError: URI malformed`: a 500).
 * Every JSON body (the uploads' too, which are JSON with base64 content), query and path parameter is looked
 * at, keys included, before validation, so that every module and call is covered by one hook.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';
import { refusal, type Said } from '../../src/contract/refusalMessages';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemOf(text: string): Said | undefined {
  if (text.includes('\u0000')) return refusal('nulCharacter');
  const surrogate = LONE_SURROGATE.exec(text);
  if (surrogate) return refusal('loneSurrogate', { code: surrogate[0].charCodeAt(0).toString(16).toUpperCase() });
  return undefined;
}

export interface Unstorable {
  /** Dot path of the field: `items.0.description`, or the key itself when the key is the bad text. */
  field: string;
  said: Said;
}

/** The first string (value or key) in `value` that cannot be stored, depth first. */
export function findUnstorable(value: unknown, path: readonly string[] = []): Unstorable | undefined {
  if (typeof value === 'string') {
    const said = problemOf(value);
    return said ? { field: path.join('.'), said } : undefined;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorable(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, inner] of Object.entries(value)) {
      const keyProblem = problemOf(key);
      // The key itself is not printable as it is: it is named with its bad character escaped.
      if (keyProblem) return { field: [...path, JSON.stringify(key).slice(1, -1)].join('.'), said: keyProblem };
      const found = findUnstorable(inner, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

export function refuseUnstorableText(app: FastifyInstance): void {
  // A callback hook: the check waits for nothing, and an async hook costs every request a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    const found =
      findUnstorable(request.params, []) ?? findUnstorable(request.query, []) ?? findUnstorable(request.body, []);
    done(found ? badRequest(found.field || 'body', found.said) : undefined);
  });
}
