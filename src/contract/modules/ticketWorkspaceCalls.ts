/**
 * A ticket's workspace calls, on both ticket modules (service and generic tickets, ./serviceTickets.ts), with
 * their schemas: whoever may read (or work) the ticket, by its feature or a call view's code within the view's
 * records, reads its timeline and adds to it.
 * - GET activity/{id} → { data, total }: comments, work logs, spare-part requests, discussions, expenses,
 *   attachments and feedback, newest first (a client's user never receives an internal comment, a discussion or
 *   an expense);
 * - POST comment/{id} { comment, internal? }, POST worklog/{id} { activity, hours, startedAt? }, POST feedback/{id}
 *   { rating, comments? } once the work is resolved: each answers the record made (201);
 * - GET parts/{id}: the stores' parts to choose from; POST spare-request/{id} { items: [{ partId, quantity }],
 *   remarks? }: a spare-part request raised for the ticket (201);
 * - POST discussion/{id} { message } (the team's, never a client's), POST expense/{id} { category, amountPaise,
 *   description?, expenseDate?, receipt? } (201, the record made);
 * - POST attachment/{id} { name, mimeType, contentBase64 }: the ticket with the file in its `attachments` (201);
 * - POST file/{id} { url }: the bytes of one of the ticket's files (an attachment or an expense's receipt).
 */
import { z } from 'zod';
import { fileUpload } from './assets';
import { EXPENSE_CATEGORIES } from './serviceExpenses';
import { fileReply, idParams, listOf, storedRecord } from './replies';
import { timelineEntry } from '../ticketShapes';
import { peopleCall } from './peoplePicker';
import { says } from '../validationMessages';

const commentBody = z.object({
  comment: z.string({ error: says('required', { label: 'Comment' }) }).trim().min(1, says('required', { label: 'Comment' })).max(5000, says('tooLong', { label: 'Comment' })),
  internal: z.boolean().optional(),
});
export type CommentBody = z.infer<typeof commentBody>;

const workBody = z.object({
  activity: z.string({ error: says('sayWhatWasDone') }).trim().min(1, says('sayWhatWasDone')).max(2000, says('tooLong', { label: 'Activity' })),
  hours: z.coerce.number({ error: says('notANumber', { label: 'Hours' }) }).positive(says('notPositive', { label: 'Hours' })).max(24, says('hoursPerEntry')),
  startedAt: z.iso.datetime({ offset: true, message: says('notADateTime', { label: 'Started at' }) }).optional(),
});
export type WorkLogBody = z.infer<typeof workBody>;

const rateBody = z.object({
  rating: z.coerce.number({ error: says('notANumber', { label: 'Rating' }) }).int(says('between', { label: 'Rating', min: 1, max: 5 })).min(1, says('between', { label: 'Rating', min: 1, max: 5 })).max(5, says('between', { label: 'Rating', min: 1, max: 5 })),
  comments: z.string().trim().max(2000, says('tooLongPlural', { label: 'Comments' })).optional(),
});
export type RateBody = z.infer<typeof rateBody>;

const requestPartsBody = z.object({
  items: z
    .array(z.object({ partId: z.string({ error: says('choosePart') }).min(1, says('choosePart')), quantity: z.coerce.number({ error: says('notANumber', { label: 'Quantity' }) }).positive(says('notPositive', { label: 'Quantity' })) }))
    .min(1, says('addPart')),
  remarks: z.string().trim().max(300, says('tooLongPlural', { label: 'Remarks' })).optional(),
});
export type RequestPartsBody = z.infer<typeof requestPartsBody>;

/** A file sent with a call: its name, type and bytes (base64, at most the file store's 5 MB). */
const fileBody = z.object({
  name: z.string({ error: says('required', { label: 'File name' }) }).trim().min(1, says('required', { label: 'File name' })).max(200, says('tooLong', { label: 'File name' })),
  mimeType: z.string().regex(/^[a-z]+\/[a-zA-Z0-9.+-]+$/, says('notValid', { label: 'Mime type' })),
  contentBase64: fileUpload.fields.shape.contentBase64,
});
export type TicketFileBody = z.infer<typeof fileBody>;

const discussBody = z.object({ message: z.string({ error: says('required', { label: 'Message' }) }).trim().min(1, says('required', { label: 'Message' })).max(5000, says('tooLong', { label: 'Message' })) });
export type DiscussBody = z.infer<typeof discussBody>;

const expenseBody = z.object({
  category: z.enum(EXPENSE_CATEGORIES, { error: says('oneOf', { label: 'Category', choices: EXPENSE_CATEGORIES }) }),
  amountPaise: z.coerce.number({ error: says('notANumber', { label: 'Amount' }) }).int(says('wholePaise', { label: 'Amount' })).positive(says('amountAboveZero')),
  description: z.string().trim().max(1000, says('tooLong', { label: 'Description' })).optional(),
  expenseDate: z.iso.date(says('notADate', { label: 'Expense date' })).optional(),
  receipt: fileBody.optional(),
});
export type ExpenseBody = z.infer<typeof expenseBody>;

const fileOfTicketBody = z.object({ url: z.string({ error: says('fileUrlRequired') }).min(1, says('fileUrlRequired')).max(2000) });
export type FileOfTicketBody = z.infer<typeof fileOfTicketBody>;

/** A part the stores hold: its name, number, unit and stock, nothing of prices or suppliers. */
const partToChoose = z.strictObject({ _id: z.string(), partNumber: z.string(), partName: z.string(), unit: z.string(), stockQty: z.number() });

/** The workspace's calls, the same on both ticket modules. */
export const ticketWorkspaceCalls = [
  // The engineers who may work the ticket, with their load today: the Assign step's picker (./peoplePicker.ts).
  peopleCall,
  { name: 'activity', method: 'GET', path: '/activity/:id', privilege: 'VIEW', kind: 'custom', message: 'Failed to get ticket details', cache: 'none', params: idParams, reply: listOf(timelineEntry) },
  {
    name: 'comment',
    method: 'POST',
    path: '/comment/:id',
    privilege: 'VIEW',
    kind: 'custom',
    message: 'Failed to create comment',
    cache: 'none',
    params: idParams,
    body: commentBody,
    reply: storedRecord,
  },
  {
    name: 'logWork',
    method: 'POST',
    path: '/worklog/:id',
    privilege: 'UPDATE',
    kind: 'custom',
    message: 'Failed to create work log',
    cache: 'none',
    params: idParams,
    body: workBody,
    reply: storedRecord,
  },
  { name: 'rate', method: 'POST', path: '/feedback/:id', privilege: 'VIEW', kind: 'custom', message: 'Failed to create feedback', cache: 'none', params: idParams, body: rateBody, reply: storedRecord },
  {
    name: 'parts',
    method: 'GET',
    path: '/parts/:id',
    privilege: 'UPDATE',
    kind: 'custom',
    message: 'Failed to get list of spare parts',
    cache: 'none',
    params: idParams,
    reply: listOf(partToChoose),
  },
  {
    name: 'requestParts',
    method: 'POST',
    path: '/spare-request/:id',
    privilege: 'UPDATE',
    kind: 'custom',
    message: 'Failed to create spare part request',
    cache: 'none',
    params: idParams,
    body: requestPartsBody,
    reply: storedRecord,
  },
  {
    name: 'discuss',
    method: 'POST',
    path: '/discussion/:id',
    privilege: 'UPDATE',
    kind: 'custom',
    message: 'Failed to create discussion',
    cache: 'none',
    params: idParams,
    body: discussBody,
    reply: storedRecord,
  },
  {
    name: 'addExpense',
    method: 'POST',
    path: '/expense/:id',
    privilege: 'UPDATE',
    kind: 'custom',
    message: 'Failed to create expense',
    cache: 'none',
    params: idParams,
    body: expenseBody,
    reply: storedRecord,
  },
  { name: 'attach', method: 'POST', path: '/attachment/:id', privilege: 'VIEW', kind: 'custom', message: 'Failed to upload file', cache: 'none', params: idParams, body: fileBody, reply: storedRecord },
  {
    name: 'file',
    method: 'POST',
    path: '/file/:id',
    privilege: 'VIEW',
    kind: 'custom',
    message: 'Something went wrong while downloading file. Please try again!',
    cache: 'none',
    params: idParams,
    body: fileOfTicketBody,
    reply: fileReply,
  },
] as const;
