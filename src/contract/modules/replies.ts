/**
 * Schema pieces that many custom calls share (src/contract/modules/define.ts `CustomCall`): the `:id` parameter, a
 * record as the server answers it, a list of rows, a document as a PDF, a file's bytes, a public link. Zod and
 * types only.
 *
 * A reply schema describes what a handler sends; the server never serializes through it. A shape the server
 * computes is a strict object (a key it does not declare fails the tests that parse replies); a record is loose,
 * since it carries its module's fields as stored.
 */
import { z } from 'zod';

/** The `:id` of a call's path. */
export const idParams = z.object({ id: z.string().min(1) });

/** A date-time as the server writes it (toISOString, or a stored value with its offset). */
export const dateTime = z.iso.datetime({ offset: true });

/** A record as the server answers it: its id, its times and its module's fields as stored. */
export const storedRecord = z.looseObject({ _id: z.string(), createdAt: dateTime, updatedAt: dateTime });

/**
 * A lifecycle record after one of its steps: the record, its version, the steps the caller may take now and the
 * names of the records it refers to (field → name).
 */
export const steppedRecord = storedRecord.extend({
  version: z.number().int(),
  allowedEvents: z.array(z.string()),
  names: z.record(z.string(), z.string()),
});

/** A list answer: `{ data, total }` of the given rows. */
export function listOf<Row extends z.ZodType>(row: Row) {
  return z.strictObject({ data: z.array(row), total: z.number().int().nonnegative() });
}

/** A document as a PDF: base64 bytes and a file name (POST generatePdf/{id}). */
export const pdfReply = z.strictObject({ data: z.string(), fileName: z.string(), mimeType: z.literal('application/pdf') });

/** A stored file's bytes: base64, with its name and type. */
export const fileReply = z.strictObject({ data: z.string(), name: z.string(), mimeType: z.string() });

/** A public link (a proposal's, a subscription request's) and when it stops opening. */
export const linkReply = z.strictObject({ link: z.string(), expiresAt: dateTime });

/** `{ data }`: one computed answer wrapped as the spec's calls answer it. */
export function dataOf<Data extends z.ZodType>(data: Data) {
  return z.strictObject({ data });
}

/** Whether two types are the same shape (each assignable to the other). */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * Compile-time check that a reply schema's type is exactly a shape the screens read (src/api/*Shapes.ts):
 * `type Checked = Holds<SameShape<z.output<typeof schema>, Shape>>` fails to compile when either side drifts.
 */
export type Holds<T extends true> = T;
