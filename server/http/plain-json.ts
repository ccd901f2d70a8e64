/**
 * The serializer of a route whose reply schema is there for /api/docs and for its handler's type: the answer goes
 * out as plain JSON, exactly as from a route without a reply schema. fastify-type-provider-zod's serializerCompiler
 * would encode the answer through the schema instead, stripping the keys a loose record carries and reordering the
 * rest (and answering 500 where the schema and the answer disagree); the tests parse answers with the schemas.
 */
export const plainJson = () => (data: unknown): string => JSON.stringify(data);
