/**
 * A stand-in for the API host behind the real HTTP layer (src/api/http.ts is used unchanged, only its
 * `fetch` is this one): routes by method and path, answers JSON with a status, records every request,
 * and can hold a reply until the test releases it (to see progress states).
 */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
}

export type Handler = (request: FakeRequest, params: Record<string, string>) => FakeReply | Promise<FakeReply>;

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

export interface FakeApi {
  fetch: typeof globalThis.fetch;
  /** Adds (or replaces) a route; ':name' segments become params. */
  on(method: string, path: string, handler: Handler | FakeReply): FakeApi;
  /** The next reply of a route waits until the returned release function is called. */
  hold(method: string, path: string): { release: () => void; reached: () => boolean };
  requests: FakeRequest[];
  requestsTo(method: string, path: string): FakeRequest[];
}

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}/?$`), names };
}

export function createFakeApi(): FakeApi {
  const routes: Route[] = [];
  const requests: FakeRequest[] = [];
  const holds = new Map<string, { promise: Promise<void>; reached: boolean }>();

  const api: FakeApi = {
    requests,
    requestsTo: (method, path) => requests.filter((r) => r.method === method && compile(path).pattern.test(r.path)),
    on(method, path, handler) {
      const { pattern, names } = compile(path);
      const existing = routes.findIndex((r) => r.method === method && r.pattern.source === pattern.source);
      const route = { method, pattern, names, handler: typeof handler === 'function' ? handler : () => handler };
      if (existing >= 0) routes[existing] = route;
      else routes.push(route);
      return api;
    },
    hold(method, path) {
      let release!: () => void;
      const entry = { promise: new Promise<void>((resolve) => (release = resolve)), reached: false };
      holds.set(`${method} ${compile(path).pattern.source}`, entry);
      return { release, reached: () => entry.reached };
    },
    fetch: async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
      const text = typeof init?.body === 'string' ? init.body : '';
      const request: FakeRequest = { method, path: url.pathname, query: url.searchParams, headers, body: text ? JSON.parse(text) : undefined };
      requests.push(request);
      const route = routes.find((r) => r.method === method && r.pattern.test(url.pathname));
      if (!route) return json(404, { message: `Route ${method}:${url.pathname} not found` });
      const held = holds.get(`${method} ${route.pattern.source}`);
      if (held) {
        holds.delete(`${method} ${route.pattern.source}`);
        held.reached = true;
        await held.promise;
      }
      const match = route.pattern.exec(url.pathname)!;
      const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
      const reply = await route.handler(request, params);
      return json(reply.status ?? 200, reply.body ?? {});
    },
  };
  return api;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
