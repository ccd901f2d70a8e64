/**
 * The one HTTP client (ofetch) with the spec's conventions (document 1 §7-§8, document 2 §6-§9): the stored
 * token in a `token` header, `public-request` on public calls, a 60 000 ms time-out, list limits, and the
 * client-wide reactions to 401/403 and to requests that never got a response.
 */
import { createFetch, type $Fetch, type FetchError } from 'ofetch';
import type { ErrorBody as ServerErrorBody } from '../contract/errorShapes';
import type { Words } from '../contract/messageWords';
import type { HttpMethod, ModuleDef } from '../contract/modules/define';
import { notify } from './notify';
import { readStored, removeStored } from './storage';

export const REQUEST_TIMEOUT_MS = 60_000;
export const SIGN_IN_ROUTE = '/auth/login-2';
export const SESSION_EXPIRED_ROUTE = '/auth/login';

/**
 * An error body as the client reads it: the server's (src/contract/errorShapes.ts), any part of which may be missing
 * (a proxy's answer, a body that is not JSON).
 */
export type ErrorBody = Partial<ServerErrorBody>;

/** The serialisable error payload the machines keep in their error slots. */
export interface ErrorPayload extends ErrorBody {
  /** HTTP status; 0 when no response arrived (network, time-out) or the call was refused locally. */
  status: number;
  data: unknown;
}

/** What every call rejects with. `serverMessage` is the server's own text, when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly code: number | string | undefined;
  readonly keyValue: Record<string, unknown> | undefined;
  /** The message as words, for the person's language (issue 34): `message` stays the server's English. */
  readonly words: ErrorBody['words'];
  /** A call refused by a limit: which and for how long, for the person's language. */
  readonly limit: ErrorBody['limit'];
  readonly data: unknown;

  constructor(status: number, data: unknown, fallback: string) {
    const body = isErrorBody(data) ? data : {};
    const serverMessage = typeof body.message === 'string' && body.message ? body.message : undefined;
    super(serverMessage ?? fallback);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.code = body.code;
    this.keyValue = body.keyValue;
    this.words = body.words;
    this.limit = body.limit;
    this.data = data;
  }

  toPayload(): ErrorPayload {
    const payload: ErrorPayload = { status: this.status, data: this.data };
    if (this.serverMessage !== undefined) payload.message = this.serverMessage;
    if (this.code !== undefined) payload.code = this.code;
    if (this.keyValue !== undefined) payload.keyValue = this.keyValue;
    if (this.words !== undefined) payload.words = this.words;
    if (this.limit !== undefined) payload.limit = this.limit;
    return payload;
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null;
}

/** Any rejection as the payload the machines store (errors that are not ApiErrors keep only their text). */
/**
 * A refusal raised on this side, not by the server (a step its record's workflow could not take), with its words:
 * a dictionary key, or the server's own words it passes on, so it is said in the person's language too.
 */
export class WordedError extends Error {
  constructor(
    message: string,
    readonly words: Words | undefined,
  ) {
    super(message);
    this.name = 'WordedError';
  }
}

export function toErrorPayload(error: unknown): ErrorPayload {
  if (error instanceof ApiError) return error.toPayload();
  if (error instanceof WordedError) return { status: 0, message: error.message, data: null, ...(error.words ? { words: error.words } : {}) };
  if (error instanceof Error) return { status: 0, message: error.message, data: null };
  return { status: 0, data: error ?? null };
}

export interface HttpConfig {
  /** Origin of the API host; '' is the page's own origin (the server serves the client). */
  baseURL: string;
  timeout: number;
  /** The fetch implementation (tests inject one; the browser's by default). */
  fetch?: typeof globalThis.fetch;
  /** In-app navigation, bound to the router by the UI; used to send a signed-out person to sign in. */
  navigate: (path: string) => void;
  /** Full page load, used after 401/403 so every actor starts afresh. */
  reload: (path: string) => void;
}

function assignLocation(path: string): void {
  globalThis.location?.assign(path);
}

const defaultConfig: HttpConfig = {
  baseURL: import.meta.env?.VITE_API_HOST ?? '',
  timeout: REQUEST_TIMEOUT_MS,
  navigate: assignLocation,
  reload: assignLocation,
};

let config: HttpConfig = defaultConfig;
let client: $Fetch = buildClient(config);

function buildClient(current: HttpConfig): $Fetch {
  // Late-bound so a fetch installed after start-up (test doubles, polyfills) is the one used.
  const fetchImpl = current.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return createFetch({ fetch: fetchImpl }).create({
    baseURL: current.baseURL,
    timeout: current.timeout,
    // The spec retries nothing; ofetch would retry failed GETs once (409 included) by default.
    retry: 0,
  });
}

/** Replaces parts of the configuration (the UI binds navigation; tests inject fetch and base URL). */
export function configureHttp(changes: Partial<HttpConfig>): void {
  config = { ...config, ...changes };
  client = buildClient(config);
}

/** The API host's origin ('' for the page's own); the socket connects there too. */
export function apiBaseURL(): string {
  return config.baseURL;
}

export function resetHttpConfig(): void {
  config = defaultConfig;
  client = buildClient(config);
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Query;
  /** Public calls (public pages) carry `public-request` and may go out without a token. */
  public?: boolean;
  responseType?: 'json' | 'text' | 'blob';
}

const AUTH_PATH_PREFIX = '/api/auth/';
/** Auth calls where 401 means wrong credentials, not an expired session: their message stays in the form. */
const CREDENTIAL_PATHS: readonly string[] = ['/api/auth/login', '/api/auth/changePassword'];

function pathOnly(path: string): string {
  return path.split('?')[0];
}

/** Query of a list call: the module's limit (no paging unless the module says otherwise) plus filters. */
export function listQuery(def: Pick<ModuleDef, 'listLimit'>, query?: Query): Query {
  return { limit: def.listLimit ?? Number.MAX_SAFE_INTEGER, ...query };
}

/** Performs one call; rejects with ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = readStored('tn_ah');
  const bare = pathOnly(path);
  if (!token && !bare.startsWith(AUTH_PATH_PREFIX) && !options.public) {
    config.navigate(SIGN_IN_ROUTE);
    throw new ApiError(0, null, 'Not signed in');
  }
  const headers: Record<string, string> = {};
  if (token) headers.token = token;
  if (options.public) headers['public-request'] = 'true';
  try {
    return await client<T>(path, {
      method: options.method ?? 'GET',
      headers,
      query: options.query,
      body: options.body as Record<string, unknown> | undefined,
      // ofetch types the result by responseType; callers asking for text or blob type T accordingly.
      responseType: options.responseType as 'json' | undefined,
    });
  } catch (caught) {
    throw handleFailure(bare, caught as FetchError);
  }
}

function handleFailure(path: string, error: FetchError): ApiError {
  const status = error.response?.status;
  if (status === undefined) {
    const cause = error.cause instanceof Error ? error.cause.message : undefined;
    const text = cause ?? error.message;
    notify({ title: 'Error', titleWords: { key: 'errors.requestError' }, message: text, color: 'red' });
    return new ApiError(0, null, text);
  }
  const limit = isErrorBody(error.data) ? error.data.limit : undefined;
  if (status === 429 && limit) {
    // Refused by a limit (sign-in waits, heavy calls): every screen tells the person how long to wait, in their language.
    const english = isErrorBody(error.data) && typeof error.data.message === 'string' ? error.data.message : 'Too many requests';
    notify({ message: english, color: 'yellow', limit });
  }
  if ((status === 401 || status === 403) && !CREDENTIAL_PATHS.includes(path)) {
    // The spec's words (document 1 §8) are the English dictionary's; the person reads them in their language.
    notify({ title: 'Authentication Fail', titleWords: { key: 'errors.authFail' }, message: 'Please login again', words: { key: 'errors.loginAgain' }, color: 'red' });
    removeStored('tn_ah');
    config.reload(SESSION_EXPIRED_ROUTE);
  }
  return new ApiError(status, error.data ?? null, `Request failed with status ${status}`);
}
