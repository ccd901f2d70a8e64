/**
 * The error contract (document 2 §8, issue 2 §9): every error body is `{ message, code?, keyValue? }`.
 * Bad input is a 400 that names the field; duplicates are 409 with code 11000 and keyValue; unknown
 * routes are 404 "Route METHOD:PATH not found"; anything unexpected is a 500 whose details stay in the log.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../src/contract/errorShapes';
import type { Saying, Words } from '../../src/contract/messageWords';
import { issueWords } from '../../src/contract/validationMessages';
import { refusal, type RefusalKey, type Said } from '../../src/contract/refusalMessages';
import { isConnectionError } from '../db/connection-errors';
import { isPgError } from '../db/pool';
import { DomainError, type DomainErrorKind } from '../domain/errors';
import { DATABASE_UNAVAILABLE, RETRY_AFTER_SECONDS } from './health-routes';

export type { ErrorBody };

/** The one mapping from the domain's errors to HTTP (exhaustive: a new kind must be given a status here). */
const DOMAIN_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  duplicate: 409,
  'transition-not-allowed': 409,
  unavailable: 503,
  'upstream-refused': 502,
};

/**
 * An error the HTTP layer answers itself (sign-in, links, limits, malformed requests): what it says is a `Saying`
 * like a domain error's, its words beside its English, never a bare string.
 */
export class HttpError extends Error {
  readonly extra: Omit<ErrorBody, 'message'>;

  constructor(
    readonly statusCode: number,
    saying: Saying,
    extra: Omit<ErrorBody, 'message'> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(saying.message);
    this.name = 'HttpError';
    this.extra = saying.words ? { ...extra, words: saying.words } : extra;
  }
}

/** A saying that names its field first ("email: Email is not valid"), its words naming the field too. */
export function naming(field: string | undefined, saying: Saying): Saying {
  if (!field) return saying;
  const message = `${field}: ${saying.message}`;
  return saying.words ? { message, words: { ...saying.words, values: { ...saying.words.values, field } } } : { ...saying, message };
}

/** 400 naming the field: "email: Email is not valid". */
export const badRequest = (field: string | undefined, saying: Saying): HttpError => new HttpError(400, naming(field, saying));

export const unauthorized = (saying: Saying = refusal('signInAgain')): HttpError => new HttpError(401, saying);
export const forbidden = (saying: Saying): HttpError => new HttpError(403, saying);
export const notFound = (saying: Saying): HttpError => new HttpError(404, saying);

/** 404 for a record that is not there (or not the caller's), with its words: "No invoice record with id …". */
export function missingRecord(module: string, id: string): HttpError {
  return new HttpError(404, refusal('noRecord', { module, id }));
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
  /** The zod issue's own fields (fastify-type-provider-zod: minimum, maximum, origin, expected…). */
  params?: Record<string, unknown>;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * First failing field of a schema validation, as "field: message", and its words: the schema's own message's key
 * (src/contract/validationMessages.ts) or a generic one by what zod found, with the field it names.
 */
export function formatValidation(issues: readonly ValidationIssue[], context: string | undefined): { message: string; words: Words } {
  const issue = issues[0] ?? {};
  const path = (issue.instancePath ?? '').replace(/^\//, '').split('/').filter(Boolean).join('.');
  const field = path || context || 'body';
  const raw = issue.message ?? 'is not valid';
  // zod's wording for an absent field is "expected string, received undefined": say "required" instead.
  const absent = /received undefined$/.test(raw);
  const label = capitalise(path.split('.').pop() || field);
  const message = absent ? `${label} is required` : raw;
  const params = issue.params ?? {};
  const words = issueWords(
    {
      code: issue.keyword,
      message,
      origin: typeof params.origin === 'string' ? params.origin : undefined,
      minimum: typeof params.minimum === 'number' ? params.minimum : undefined,
      maximum: typeof params.maximum === 'number' ? params.maximum : undefined,
      expected: typeof params.expected === 'string' ? params.expected : undefined,
    },
    label,
  );
  return { message: `${field}: ${message}`, words: { ...words, values: { ...words.values, field } } };
}

/** Fastify's refusals of a body, in the product's words (a person meets "too large" with a big upload). */
const BODY_ERRORS: Record<string, RefusalKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformedJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'emptyJsonBody',
  FST_ERR_CTP_BODY_TOO_LARGE: 'bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedContentType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'contentLengthMismatch',
};

/** An error body of a refusal: its English, its words naming the field when there is one. */
function bodyOf(said: Said, field?: string): ErrorBody {
  return field ? { message: `${field}: ${said.message}`, words: { ...said.words, values: { ...said.words.values, field } } } : { ...said };
}

export function errorHandler(error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof DomainError) {
    void reply.code(DOMAIN_STATUS[error.kind]).send({ message: error.message, ...error.details } satisfies ErrorBody);
    return;
  }
  if (error instanceof HttpError) {
    void reply.code(error.statusCode).headers(error.headers).send({ message: error.message, ...error.extra } satisfies ErrorBody);
    return;
  }
  const fastifyError = error as FastifyError;
  if (Array.isArray(fastifyError.validation)) {
    const { message, words } = formatValidation(fastifyError.validation, fastifyError.validationContext);
    void reply.code(400).send({ message, words } satisfies ErrorBody);
    return;
  }
  if (fastifyError.code && BODY_ERRORS[fastifyError.code]) {
    void reply.code(fastifyError.statusCode ?? 400).send(bodyOf(refusal(BODY_ERRORS[fastifyError.code]), 'body'));
    return;
  }
  if (isConnectionError(error)) {
    // The database went away under this request (crash, restart, network): a 503 the client may retry,
    // and the server checks the database now rather than at its next probe.
    // One line, no stack: during an outage every call in flight ends here, and the cause is logged once.
    request.log.warn(`database connection lost during a request: ${error.message}`);
    request.server.dbHealth.suspect(`a request lost its connection: ${error.message}`);
    void reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ ...DATABASE_UNAVAILABLE, code: 'DATABASE_UNAVAILABLE' } satisfies ErrorBody);
    return;
  }
  if (isPgError(error)) {
    // Input the schema let through but PostgreSQL refused (out-of-range numbers, bad text): still the client's fault.
    if (error.code === '23505') {
      void reply.code(409).send({ message: 'Duplicate value', code: 11000, keyValue: {} } satisfies ErrorBody);
      return;
    }
    if (/^22/.test(error.code)) {
      request.log.warn({ err: error }, 'data exception');
      void reply.code(400).send(bodyOf(refusal('valueOutOfRange'), 'body'));
      return;
    }
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    void reply.code(status).send({ message: error.message } satisfies ErrorBody);
    return;
  }
  request.log.error({ err: error }, 'request failed');
  void reply.code(500).send(bodyOf(refusal('internalError')));
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(404).send({ message: `Route ${request.method}:${request.url} not found` } satisfies ErrorBody);
}
