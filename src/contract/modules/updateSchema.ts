/**
 * The update body of a module: its fields, each optional and without its default, so absent fields stay as
 * they are. Kept apart from define.ts so that what only reads the catalogue's data does not load zod's runtime.
 */
import { z } from 'zod';

export function updateSchemaOf(fields: z.ZodObject): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, schema] of Object.entries(fields.shape)) {
    const bare = schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault ? (schema.unwrap() as z.ZodType) : (schema as z.ZodType);
    shape[key] = bare.optional();
  }
  return z.object(shape);
}
