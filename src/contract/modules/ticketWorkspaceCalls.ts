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

const commentBody = z.object({
  comment: z.string({ error: 'Comment is required' }).trim().min(1, 'Comment is required').max(5000, 'Comment is too long'),
  internal: z.boolean().optional(),
});
export type CommentBody = z.infer<typeof commentBody>;

const workBody = z.object({
  activity: z.string({ error: 'Say what was done' }).trim().min(1, 'Say what was done').max(2000, 'Activity is too long'),
  hours: z.coerce.number({ error: 'Hours must be a number' }).positive('Hours must be more than 0').max(24, 'Hours must be at most 24 for one entry'),
  startedAt: z.iso.datetime({ offset: true, message: 'Started at must be a date-time (ISO 8601)' }).optional(),
});
export type WorkLogBody = z.infer<typeof workBody>;

const rateBody = z.object({
  rating: z.coerce.number({ error: 'Rating must be a number' }).int('Rating must be 1 to 5').min(1, 'Rating must be 1 to 5').max(5, 'Rating must be 1 to 5'),
  comments: z.string().trim().max(2000, 'Comments are too long').optional(),
});
export type RateBody = z.infer<typeof rateBody>;

const requestPartsBody = z.object({
  items: z
    .array(z.object({ partId: z.string({ error: 'Choose the part' }).min(1, 'Choose the part'), quantity: z.coerce.number({ error: 'Quantity must be a number' }).positive('Quantity must be more than 0') }))
    .min(1, 'Add at least one part'),
  remarks: z.string().trim().max(300, 'Remarks are too long').optional(),
});
export type RequestPartsBody = z.infer<typeof requestPartsBody>;

/** A file sent with a call: its name, type and bytes (base64, at most the file store's 5 MB). */
const fileBody = z.object({
  name: z.string({ error: 'File name is required' }).trim().min(1, 'File name is required').max(200, 'File name is too long'),
  mimeType: z.string().regex(/^[a-z]+\/[a-zA-Z0-9.+-]+$/, 'Mime type is not valid'),
  contentBase64: fileUpload.fields.shape.contentBase64,
});
export type TicketFileBody = z.infer<typeof fileBody>;

const discussBody = z.object({ message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(5000, 'Message is too long') });
export type DiscussBody = z.infer<typeof discussBody>;

const expenseBody = z.object({
  category: z.enum(EXPENSE_CATEGORIES, { error: `Category must be one of ${EXPENSE_CATEGORIES.join(', ')}` }),
  amountPaise: z.coerce.number({ error: 'Amount must be a number' }).int('Amount must be whole paise').positive('Amount must be more than ₹0'),
  description: z.string().trim().max(1000, 'Description is too long').optional(),
  expenseDate: z.iso.date('Expense date must be a date (YYYY-MM-DD)').optional(),
  receipt: fileBody.optional(),
});
export type ExpenseBody = z.infer<typeof expenseBody>;

const fileOfTicketBody = z.object({ url: z.string({ error: 'The file url is required' }).min(1, 'The file url is required').max(2000) });
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
