/**
 * Field builders the service modules share: the same required / too-long / date texts for every ticket,
 * note, expense and schedule entry, so a person reads one wording across the area.
 */
import { z } from 'zod';
import { says } from '../validationMessages';

export const id = (label: string) => z.string({ error: says('required', { label }) }).min(1, says('required', { label }));
export const text = (label: string, max = 200) =>
  z.string({ error: says('required', { label }) }).trim().min(1, says('required', { label })).max(max, says('tooLong', { label }));
export const optionalText = (label: string, max = 2000) => z.string().trim().max(max, says('tooLong', { label })).optional();
export const isoDate = (label: string) => z.iso.date(says('notADate', { label }));
export const isoDateTime = (label: string) => z.iso.datetime({ offset: true, message: says('notADateTime', { label }) });
/** Money is exact: integer paise. */
export const paise = (label: string) =>
  z.coerce.number({ error: says('notANumber', { label }) }).int(says('wholePaise', { label })).nonnegative(says('negative', { label }));
export const attachment = z.object({
  url: text('Attachment url', 2000),
  name: text('Attachment name', 200),
  /** Kept by a ticket's POST attachment/{id}: the file's type, who added it and when. */
  mimeType: z.string().max(100).optional(),
  addedBy: z.string().optional(),
  addedAt: z.string().optional(),
});
