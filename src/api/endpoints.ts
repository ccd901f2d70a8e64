/**
 * Endpoints outside the module catalogue (the dashboards', the machine dashboard's, the sensor dashboard's): each
 * declared once, beside its answer shapes, with its route and its request and reply schemas, as the catalogue's
 * custom calls are (src/api/modules/define.ts `CustomCall`). The server mounts the route with the request schemas
 * and types its handler's answer from `reply` (server/http/*-routes.ts); the client calls it with `endpointRequest`,
 * typed by the same schemas; the tests parse every successful answer with `reply` (tests/helpers/test-db.ts).
 * As for the catalogue, the server never serializes through `reply`: it describes what the handler sends.
 */
import type { z } from 'zod';
import { apiRequest, type Query } from './http';
import type { HttpMethod } from './modules/define';

export interface Endpoint {
  method: HttpMethod;
  /** The full path, `:name` parameters included. */
  path: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** The successful answer. */
  reply: z.ZodType;
}

/** Keeps each endpoint's literal route and schemas. */
export function defineEndpoints<const E extends Readonly<Record<string, Endpoint>>>(endpoints: E): E {
  return endpoints;
}

/** What the server's handler of an endpoint answers: the input of its reply schema. */
export type EndpointAnswer<E extends Endpoint> = z.input<E['reply']>;
/** What the client reads from an endpoint: the output of its reply schema. */
export type EndpointReply<E extends Endpoint> = z.output<E['reply']>;

type Part<Key extends string, E, SchemaKey extends string> = E extends { [K in SchemaKey]: infer S extends z.ZodType }
  ? undefined extends z.input<S>
    ? { [K in Key]?: z.input<S> }
    : { [K in Key]: z.input<S> }
  : { [K in Key]?: never };

/** What a request to an endpoint carries: the inputs of its schemas (the path's parameters filled by the caller). */
export type EndpointArgs<E extends Endpoint> = Part<'query', E, 'querystring'> & Part<'body', E, 'body'>;

/** Calls an endpoint (signed in), typed by its schemas. */
export function endpointRequest<E extends Endpoint>(
  endpoint: E,
  ...[args]: {} extends EndpointArgs<E> ? [args?: EndpointArgs<E>] : [args: EndpointArgs<E>]
): Promise<EndpointReply<E>> {
  const { query, body } = (args ?? {}) as { query?: Query; body?: unknown };
  return apiRequest<EndpointReply<E>>(endpoint.path, { method: endpoint.method, ...(query ? { query } : {}), ...(body !== undefined ? { body } : {}) });
}
