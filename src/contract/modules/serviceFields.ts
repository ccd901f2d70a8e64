/**
 * Field builders the service modules share: the same required / too-long / date texts for every ticket,
 * note, expense and schedule entry, so a person reads one wording across the area.
 */
import { z } from 'zod';

export const id = (label: string) => z.string({ error: `${label} is required` }).min(1, `${label} is required`);
export const text = (label: string, max = 200) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is too long`);
export const optionalText = (label: string, max = 2000) => z.string().trim().max(max, `${label} is too long`).optional();
export const isoDate = (label: string) => z.iso.date(`${label} must be a date (YYYY-MM-DD)`);
export const isoDateTime = (label: string) => z.iso.datetime({ offset: true, message: `${label} must be a date-time (ISO 8601)` });
/** Money is exact: integer paise. */
export const paise = (label: string) =>
  z.coerce.number({ error: `${label} must be a number` }).int(`${label} must be whole paise`).nonnegative(`${label} cannot be negative`);
export const attachment = z.object({
  url: text('Attachment url', 2000),
  name: text('Attachment name', 200),
  /** Kept by a ticket's POST attachment/{id}: the file's type, who added it and when. */
  mimeType: z.string().max(100).optional(),
  addedBy: z.string().optional(),
  addedAt: z.string().optional(),
});
