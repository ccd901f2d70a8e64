/**
 * Endpoints outside the module catalogue (the dashboards', the machine dashboard's, the sensor dashboard's): each
 * declared once, beside its answer shapes, with its route and its request and reply schemas, as the catalogue's
 * custom calls are (src/contract/modules/define.ts `CustomCall`). The server mounts the route with the request schemas
 * and types its handler's answer from `reply` (server/http/*-routes.ts); the client calls it with `endpointRequest`
 * (src/api/calls.ts), typed by the same schemas; the tests parse every successful answer with `reply`
 * (tests/helpers/test-db.ts). As for the catalogue, the server never serializes through `reply`: it describes what
 * the handler sends. Zod and types only, so the server may import it.
 */
import type { z } from 'zod';
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
    : {} extends z.input<S>
      ? { [K in Key]?: z.input<S> }
    : { [K in Key]: z.input<S> }
  : { [K in Key]?: never };

/** What a request to an endpoint carries: the inputs of its path parameters', query's and body's schemas. */
export type EndpointArgs<E extends Endpoint> = Part<'params', E, 'params'> & Part<'query', E, 'querystring'> & Part<'body', E, 'body'>;
