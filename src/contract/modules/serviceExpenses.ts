/**
 * Money spent or charged on a ticket: an engineer's expenses (fetched by the ticket's alternateId) and the
 * chargeable service lines that later feed bills and invoices. Amounts are exact integer paise.
 */
import { z } from 'zod';
import { defineModule } from './define';
import { text, optionalText, isoDate, paise } from './serviceFields';
import { listOf, storedRecord } from './replies';
import { says } from '../validationMessages';

/** POST getDataFromTicketId { alternateId }: the expenses of one ticket by its number. */
const byTicketBody = z.object({ alternateId: z.string({ error: says('required', { label: 'Ticket number' }) }).trim().min(1, says('required', { label: 'Ticket number' })) });
export type ExpensesOfTicketBody = z.infer<typeof byTicketBody>;

export const EXPENSE_CATEGORIES = ['Travel', 'Food', 'Lodging', 'Local Conveyance', 'Material', 'Other'] as const;

export const expense = defineModule({
  name: 'expense',
  label: 'Expenses',
  record: 'expense',
  area: 'service',
  path: '/api/app/expense',
  feature: 'SVC_EXPENSES',
  fields: z.object({
    /** The ticket's alternateId (TKT-…): expenses are fetched by it (document 2 §3). */
    ticketAlternateId: text('Ticket number', 40),
    category: z.enum(EXPENSE_CATEGORIES, { error: says('notValid', { label: 'Category' }) }),
    description: optionalText('Description', 1000),
    amountPaise: paise('Amount'),
    expenseDate: isoDate('Expense date'),
    incurredBy: z.string().optional(),
    billUrl: z.string().max(2000).optional(),
    status: z.enum(['Submitted', 'Approved', 'Rejected', 'Reimbursed'], { error: says('notValid', { label: 'Status' }) }).default('Submitted'),
  }),
  example: { ticketAlternateId: 'TKT-2026-000001', category: 'Travel', description: 'Pune to Chakan, two-wheeler', amountPaise: 42000, expenseDate: '2026-02-14' },
  references: { incurredBy: 'subscriber-user' },
  columns: ['ticketAlternateId', 'category', 'amountPaise', 'expenseDate', 'incurredBy', 'status'],
  fixedMessages: ['list'],
  messages: {
    list: 'Failed to get list of expense',
    create: 'Failed to create expense',
    update: 'Failed to update expense',
    remove: 'Failed to delete expense',
    getById: 'Failed to get expense details',
  },
  calls: [
    // Body { alternateId }: the expenses of one ticket, oldest first, as a list reply with the total of those not rejected.
    {
      name: 'getDataFromTicketId',
      method: 'POST',
      path: '/getDataFromTicketId',
      privilege: 'VIEW',
      kind: 'custom',
      message: 'Failed to get list of expense',
      cache: 'replace-list',
      body: byTicketBody,
      reply: listOf(storedRecord).extend({ totalAmountPaise: z.number() }),
    },
  ],
});

/** Chargeable service lines against a ticket (labour, visit charge, …) that later feed bills and invoices. */
export const serviceExpense = defineModule({
  name: 'service-expense',
  label: 'Service Expenses',
  record: 'service expense',
  area: 'service',
  path: '/api/app/service-expense',
  feature: 'SVC_EXPENSES',
  fields: z.object({
    ticketAlternateId: text('Ticket number', 40),
    serviceType: z.enum(['Labour', 'Visit Charge', 'Travel', 'Material', 'Other'], { error: says('notValid', { label: 'Service type' }) }),
    description: optionalText('Description', 1000),
    quantity: z.coerce.number({ error: says('notANumber', { label: 'Quantity' }) }).positive(says('notPositive', { label: 'Quantity' })),
    ratePaise: paise('Rate'),
    hsnSac: z.string().regex(/^[0-9]{4,8}$/, says('digitsBetween', { label: 'HSN/SAC', min: 4, max: 8 })).optional(),
    billable: z.boolean().default(true),
  }),
  example: { ticketAlternateId: 'TKT-2026-000001', serviceType: 'Labour', quantity: 4, ratePaise: 75000, hsnSac: '998719' },
  columns: ['ticketAlternateId', 'serviceType', 'quantity', 'ratePaise', 'billable'],
  messages: {
    list: 'Failed to get list of service expense',
    create: 'Failed to create service expense',
    update: 'Failed to update service expense',
    remove: 'Failed to delete service expense',
    getById: 'Failed to get service expense details',
  },
});
