/**
 * Issue 9: every custom call of the catalogue answers what its reply schema says (src/contract/modules, `reply`).
 *
 * The cases are generated from the catalogue: each custom call is sent once as it succeeds (the request below,
 * keyed by module and call and typed from the catalogue, so a new custom call without one fails the type check),
 * and its answer is parsed with the call's own reply schema. /api/docs/json shows each call's reply.
 *
 * Every other API test checks the same through its test app (tests/helpers/test-db.ts): any successful custom-call
 * answer that drifts from its schema fails the test that made the call.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callPath, catalogue, moduleNamed, type CallOf, type CustomCall, type ModuleDef, type ModuleWithCalls } from '../../src/contract/modules/index';
import { TICKET_CALL_VIEW_ROUTES } from '../../src/contract/routes';
import { newLifecycleRecord, recordInState } from '../helpers/lifecycle-records';
import { SampleRecords } from '../helpers/sample-records';
import { replyDrift, testDb, type ApiBody, type SignedIn, type TestDb } from '../helpers/test-db';

/** `module.call` of every custom call of the catalogue. */
type CallKey = { [N in ModuleWithCalls]: `${N}.${CallOf<N>}` }[ModuleWithCalls];

/** A request that succeeds: the path's parameters, the body, the query string, and who sends it (the demo administrator unless said). */
interface Sent {
  params?: Readonly<Record<string, string>>;
  body?: unknown;
  query?: string;
  who?: SignedIn;
}

const customCalls = catalogue.flatMap((def) =>
  (def.calls ?? []).flatMap((call) => (call.kind === 'custom' ? [{ def, call, key: `${def.name}.${call.name}` as CallKey }] : [])),
);

/** The call's path as the catalogue gives it, its `:name` parameters filled in. */
function pathOf(def: ModuleDef, call: CustomCall, params: Readonly<Record<string, string>> = {}): string {
  return callPath(def, call).replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${def.name}.${call.name}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

/** The same path as OpenAPI writes it (`{name}`). */
const openApiPath = (def: ModuleDef, call: CustomCall): string => callPath(def, call).replace(/:([A-Za-z_]+)/g, '{$1}');

/** A tiny PNG, as a ticket's attachment. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let relay: SMTPServer;
let t: TestDb;
let admin: SignedIn;
let operator: SignedIn;
let engineerId: string;
let samples: SampleRecords;

beforeAll(async () => {
  // The invoice's e-mail goes through a relay: a local SMTP server that accepts everything.
  relay = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], onData: (stream, _session, done) => stream.on('data', () => undefined).on('end', () => done()) });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', () => resolve()));
  const { port } = relay.server.address() as AddressInfo;
  // Every PDF call of the catalogue is made here by one person within a minute: the heavy-call limits (tested in
  // heavy-calls.test.ts) are raised so that they do not answer 429 instead of the reply this file checks.
  const roomy = { perPerson: 1_000, perTenant: 10_000, windowSeconds: 60, inFlightPerPerson: 8 };
  t = await testDb({ config: { smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, heavyCallLimits: { pdf: roomy, list: roomy, upload: roomy, email: roomy } } });
  admin = await t.signIn('admin@demo.local');
  operator = await t.signIn('operator@demo.local');
  engineerId = (await t.signIn('engineer@demo.local')).user._id;
  samples = new SampleRecords(t);
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => relay.close(() => resolve()));
});

/** A request that must succeed, for setting a case up. */
async function ok(method: string, url: string, body?: unknown, who: SignedIn = admin): Promise<ApiBody> {
  const res = await t.call(who, method, url, body);
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** The _id of a record of `module`: the demo tenant's first, or a sample made for the case. */
async function anyRecord(module: string): Promise<string> {
  const def = moduleNamed(module);
  const listed = await t.call(admin, 'GET', `${def.path}?limit=1`);
  const first = listed.body.data?.[0]?._id;
  return typeof first === 'string' ? first : String((await samples.ensure(def, admin))._id);
}

const pathOfModule = (module: string): string => moduleNamed(module).path;
const partId = async (): Promise<string> => anyRecord('spare-part-inventory');
const finalInvoice = (): Promise<string> => recordInState(t, admin, 'invoice', 'Final');
const wonProposal = (): Promise<string> => recordInState(t, admin, 'proposal', 'Won');

/** A ticket of `module` open for work. */
const openTicket = (module: 'svc-ticket' | 'ticket'): Promise<string> => newLifecycleRecord(t, admin, module);

/** The workspace calls, the same on both ticket modules. */
function workspace(module: 'svc-ticket' | 'ticket') {
  return {
    activity: async (): Promise<Sent> => {
      const id = await openTicket(module);
      await ok('POST', `${pathOfModule(module)}/comment/${id}`, { comment: 'Coolant topped up' });
      return { params: { id } };
    },
    comment: async (): Promise<Sent> => ({ params: { id: await openTicket(module) }, body: { comment: 'Spindle runs hot after an hour', internal: true } }),
    logWork: async (): Promise<Sent> => ({ params: { id: await openTicket(module) }, body: { activity: 'Replaced the coupling insert', hours: 1.5 } }),
    // Rated by the service desk, of work assigned to the engineer (nobody rates their own).
    rate: async (): Promise<Sent> => ({ params: { id: await recordInState(t, admin, module, 'Resolved', { assignedTo: engineerId }) }, body: { rating: 5, comments: 'Fixed within the shift' } }),
    parts: async (): Promise<Sent> => ({ params: { id: await openTicket(module) } }),
    people: async (): Promise<Sent> => ({ params: { field: 'assignedTo' }, query: `recordId=${await openTicket(module)}` }),
    requestParts: async (): Promise<Sent> => ({ params: { id: await openTicket(module) }, body: { items: [{ partId: await partId(), quantity: 1 }], remarks: 'Needed today' } }),
    discuss: async (): Promise<Sent> => ({ params: { id: await openTicket(module) }, body: { message: 'Do we have the spindle drawing?' } }),
    addExpense: async (): Promise<Sent> => ({ params: { id: await openTicket(module) }, body: { category: 'Travel', amountPaise: 42000, description: 'Pune to Chakan' } }),
    attach: async (): Promise<Sent> => ({ params: { id: await openTicket(module) }, body: { name: 'leak.png', mimeType: 'image/png', contentBase64: PNG } }),
    file: async (): Promise<Sent> => {
      const id = await openTicket(module);
      const attached = await ok('POST', `${pathOfModule(module)}/attachment/${id}`, { name: 'leak.png', mimeType: 'image/png', contentBase64: PNG });
      const url = (attached.attachments as Array<{ url: string }>).at(-1)?.url ?? '';
      return { params: { id }, body: { url } };
    },
  };
}

/** One request per custom call that succeeds: typed from the catalogue, so none may be missing. */
const requests: { [K in CallKey]: () => Promise<Sent> } = {
  'subscriber-user.updateUser': async () => {
    const users = await ok('GET', `${pathOfModule('subscriber-user')}?limit=50`);
    const other = (users.data ?? []).find((u) => u.email !== 'admin@demo.local');
    return { params: { id: String(other?._id) }, body: { designation: 'Shift lead' } };
  },
  'subscriber-user.getUsersByRole': async () => ({ query: `role=${await anyRecord('role')}` }),
  'subscriber-user.getUsersForMultiRole': async () => ({ body: { roles: [await anyRecord('role')] } }),
  'role.updateRole': async () => {
    const role = await ok('POST', pathOfModule('role'), { name: `CATALOGUE_REPLIES_${Date.now()}`, features: [] });
    return { params: { id: String(role._id) }, body: { features: [{ feature: 'TICKET_LIST', privileges: ['VIEW'] }], action: 'add' } };
  },
  'subscription-request.generatePublicLink': async () => ({ who: operator, body: { id: await newLifecycleRecord(t, operator, 'subscription-request') } }),
  // The calendars (issue 31): a week far ahead, and a booking of the administrator moved to a free slot.
  'resource-view.calendar': async () => ({ query: 'from=2031-03-03&to=2031-03-09' }),
  'resource-view.myCalendar': async () => ({ query: 'from=2031-03-03&to=2031-03-09' }),
  'resource-view.reschedule': async () => {
    const booking = await ok('POST', pathOfModule('resource-view'), { resource: admin.user._id, title: 'Catalogue replies booking', start: '2031-03-04T10:00:00+05:30', end: '2031-03-04T11:00:00+05:30', allocationType: 'Training' });
    return { body: { kind: 'booking', id: String(booking._id), resource: admin.user._id, start: '2031-03-05T10:00:00+05:30', end: '2031-03-05T11:00:00+05:30' } };
  },
  'subscription-request-QA.editSubscriptionRequestQA': async () => {
    const requestId = await newLifecycleRecord(t, operator, 'subscription-request');
    const qa = await ok('POST', pathOfModule('subscription-request-QA'), { subscriptionRequestId: requestId, question: 'How many plants will use it?' }, operator);
    return { who: operator, body: { id: String(qa._id), answer: 'Two: Nashik and Sinnar' } };
  },

  ...prefixed('svc-ticket', {
    ...workspace('svc-ticket'),
    generatePdf: async (): Promise<Sent> => ({ params: { id: await openTicket('svc-ticket') } }),
  }),
  ...prefixed('ticket', {
    ...workspace('ticket'),
    generatePdf: async (): Promise<Sent> => ({ params: { id: await openTicket('ticket') } }),
    updateStatus: async (): Promise<Sent> => ({ params: { id: await openTicket('ticket') }, body: { status: 'Open', rootCause: 'Worn pump seal' } }),
    createOperativeTicket: async (): Promise<Sent> => ({ body: { title: 'Coolant pump noisy on VMC-2', contactPhone: '9800000000' } }),
    view: async (): Promise<Sent> => ({ params: { route: TICKET_CALL_VIEW_ROUTES[0] ?? 'open-calls' } }),
  }),
  'system-ticket.acknowledge': async () => ({ params: { id: await newLifecycleRecord(t, admin, 'system-ticket') } }),
  'system-ticket.close': async () => ({ params: { id: await newLifecycleRecord(t, admin, 'system-ticket') }, body: { closingRemarks: 'Sensor recalibrated' } }),
  'dashboard-charts.systemTicketKpi': async () => ({ body: {} }),
  'expense.getDataFromTicketId': async () => {
    const id = await openTicket('svc-ticket');
    await ok('POST', `${pathOfModule('svc-ticket')}/expense/${id}`, { category: 'Food', amountPaise: 18000 });
    const ticket = await ok('GET', `${pathOfModule('svc-ticket')}/getById/${id}`);
    return { body: { alternateId: String(ticket.alternateId) } };
  },
  'worklog.svcTicketWorkLog': async () => {
    const id = await openTicket('svc-ticket');
    await ok('POST', `${pathOfModule('svc-ticket')}/worklog/${id}`, { activity: 'Checked the spindle bearings', hours: 2 });
    return { params: { id } };
  },
  'svc-feedBack.getByIdLowerCase': async () => {
    const feedback = await ok('POST', pathOfModule('svc-feedBack'), { ticketId: await openTicket('svc-ticket'), rating: 4, comments: 'On time' });
    return { params: { id: String(feedback._id) } };
  },

  'file-upload.downloadFile': async () => {
    const url = `/files/catalogue-replies/${Date.now()}.png`;
    await ok('POST', pathOfModule('file-upload'), { name: 'pixel.png', mimeType: 'image/png', contentBase64: PNG, url });
    return { body: { path: url } };
  },
  'fire-extinguisher.generatePdf': async () => ({ params: { id: await anyRecord('fire-extinguisher') } }),

  'svc-machine-instances.generateQrCode': async () => ({ params: { id: await anyRecord('svc-machine-instances') } }),
  'svc-machine-instances.getBomFromMachine': async () => ({ params: { id: await anyRecord('svc-machine-instances') } }),
  'svc-machine-instances.getMeters': async () => ({ params: { id: await anyRecord('svc-machine-instances') } }),
  'svc-machine-instances.addMeter': async () => ({ params: { id: await anyRecord('svc-machine-instances') }, body: { kind: 'Cycles' } }),
  'svc-machine-instances.addMeterReading': async () => ({ params: { id: await anyRecord('svc-machine-instances') }, body: { kind: 'Running Hours', reading: 1_000_000 } }),
  'preventive-maintenance.people': async () => ({ params: { field: 'assignedTo' } }),
  'feactivity.people': async () => ({ params: { field: 'engineer' } }),
  'resource-view.people': async () => ({ params: { field: 'resource' } }),
  'request-spare.people': async () => ({ params: { field: 'requestedBy' } }),
  'purchase-order-requisition.people': async () => ({ params: { field: 'requestedBy' } }),
  'lead.people': async () => ({ params: { field: 'owner' } }),
  'proposal.people': async () => ({ params: { field: 'owner' } }),
  'preventive-maintenance.schedule': async () => ({ params: { id: await anyRecord('preventive-maintenance') } }),
  'questions.getMachineType': async () => ({}),
  'question-answer.editChecklistQuestions': async () => {
    const question = await ok('POST', pathOfModule('questions'), { question: 'Coolant level within the marks?', answerType: 'Yes/No' });
    const checklist = await ok('POST', pathOfModule('question-answer'), { machineInstanceId: await anyRecord('svc-machine-instances') });
    return { body: { id: String(checklist._id), answers: [{ questionId: String(question._id), answer: 'Yes' }] } };
  },

  'request-spare.updateRequest': async () => ({ body: { id: await newLifecycleRecord(t, admin, 'request-spare'), status: 'Approved', statusRemarks: 'In stock' } }),
  'purchase-order-requisition.updateList': async () => ({ body: { ids: [await newLifecycleRecord(t, admin, 'purchase-order-requisition')], status: 'Submitted' } }),
  'purchase-order.receive': async () => ({ body: { id: await recordInState(t, admin, 'purchase-order', 'Issued'), lines: [{ line: 0, quantity: 1 }] } }),
  'purchase-order.receipts': async () => ({ params: { id: await recordInState(t, admin, 'purchase-order', 'Partially Received') } }),
  'spare-part-inventory.ledger': async () => ({ params: { id: await anyRecord('spare-part-inventory') } }),
  'spare-part-inventory.lowStock': async () => ({}),

  'sensor-product.getManufacturerData': async () => ({}),
  'sensor-instance.getUnitListByUserAccess': async () => ({ query: 'search=' }),
  'sensor-analytic.graph': async () => ({ body: { parameter: 'temperature', interval: '1h' } }),

  'lead.addNote': async () => ({ params: { id: await newLifecycleRecord(t, admin, 'lead') }, body: { note: 'Asked for a site visit' } }),
  'lead.deleteNote': async () => {
    const id = await newLifecycleRecord(t, admin, 'lead');
    const noted = await ok('PATCH', `${pathOfModule('lead')}/add-note/${id}`, { note: 'Call back on Monday' });
    const noteId = (noted.notes as Array<{ noteId: string }>).at(-1)?.noteId ?? '';
    return { params: { leadId: id, noteId } };
  },
  'lead.changeStage': async () => ({ params: { id: await newLifecycleRecord(t, admin, 'lead') }, body: { leadStage: 'Contacted' } }),
  'lead.getKpi': async () => ({}),

  'proposal.toggleArchive': async () => ({ body: { id: await newLifecycleRecord(t, admin, 'proposal') } }),
  'proposal.toggleBookmark': async () => ({ body: { id: await newLifecycleRecord(t, admin, 'proposal'), bookmark: true } }),
  'proposal.addNotes': async () => ({ body: { id: await newLifecycleRecord(t, admin, 'proposal'), note: 'Customer wants a 24-month term' } }),
  'proposal.draftProposal': async () => {
    const types = await ok('GET', `${pathOfModule('svc-machine-type')}?limit=1`);
    const validity = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    return { body: { proposalName: 'Compressor rental – Talegaon', machineType: types.data?.[0]?._id, proposalValidity: validity, monthlyRental: 65000 } };
  },
  'proposal.sendProposal': async () => ({ body: { id: await newLifecycleRecord(t, admin, 'proposal'), status: 'Sent(Draft)' } }),
  'proposal.generatePublicLink': async () => {
    const id = await newLifecycleRecord(t, admin, 'proposal');
    await ok('PATCH', `${pathOfModule('proposal')}/sendProposal`, { id, status: 'Sent(Draft)' });
    return { body: { id } };
  },
  'proposal.getKpi': async () => ({}),
  'proposal.generatePdf': async () => ({ params: { id: await newLifecycleRecord(t, admin, 'proposal') } }),

  // A won proposal rents machines of its type: one more of that type, free, so that the agreement can be made.
  'proposal.makeAgreement': async () => {
    const id = await wonProposal();
    const proposal = (await t.call(admin, 'GET', `/api/app/proposal/getById/${id}`)).body;
    const type = proposal.machineType;
    const machineTypeId = typeof type === 'object' && type ? String((type as { _id: unknown })._id) : String(type);
    await t.call(admin, 'POST', '/api/app/svc-machine-instances', { machineTypeId, serialNo: 'FREE-FOR-AGREEMENT-1', name: 'Free machine for the agreement' });
    return { params: { id } };
  },
  'agreement.checkMachineAvailability': async () => ({ body: { startDate: '2026-04-01', endDate: '2027-03-31' } }),
  'agreement.agreementKpi': async () => ({}),
  'agreement.generatePdf': async () => ({ params: { id: await newLifecycleRecord(t, admin, 'agreement') } }),
  'agreement.generateClientId': async () => ({ params: { id: await newLifecycleRecord(t, admin, 'agreement') } }),

  'invoice.newInvoice': async () => ({}),
  'invoice.updateInvoice': async () => ({ body: { _id: await newLifecycleRecord(t, admin, 'invoice'), notes: 'Payable within 30 days' } }),
  'invoice.generatePdf': async () => ({ params: { id: await finalInvoice() } }),
  'invoice.invoiceEmail': async () => ({ body: { id: await finalInvoice(), to: 'accounts@talegaongears.in' } }),
  'invoice.cancelInvoice': async () => ({ body: { id: await finalInvoice(), reason: 'Raised on the wrong client' } }),
  'invoice.generateEInvoice': async () => ({ body: { id: await newLifecycleRecord(t, admin, 'invoice') } }),
  'invoice.generateInvoiceForBills': async () => {
    const bill = await ok('POST', pathOfModule('bills'), { ticketAlternateId: 'TKT-2026-000778', category: 'Spare Parts', description: 'Coupling insert', billDate: '2026-02-20', hsnSac: '4016', amountPaise: 145000 });
    return { body: { billIds: [String(bill._id)], invoiceDate: '2026-02-28', supplierGstin: '27AABCS1429B1ZU', placeOfSupply: '27', billToName: 'Talegaon Gears Pvt Ltd' } };
  },
  'invoice.finalizeInvoice': async () => ({ params: { id: await newLifecycleRecord(t, admin, 'invoice') } }),
  // A new credit note is pending approval already: the list call withdraws it to Draft.
  'credit-note.updateList': async () => ({ body: { ids: [await newLifecycleRecord(t, admin, 'credit-note')], status: 'Draft' } }),
  'credit-note.getCreditNoteItemsInvoiceItems': async () => {
    const creditNote = await ok('GET', `${pathOfModule('credit-note')}/getById/${await newLifecycleRecord(t, admin, 'credit-note')}`);
    return { params: { id: String(creditNote.invoiceId) } };
  },
  'credit-note.generatePdf': async () => ({ params: { id: await newLifecycleRecord(t, admin, 'credit-note') } }),
  'credit-note.approveReject': async () => ({ params: { id: await recordInState(t, admin, 'credit-note', 'Pending Approval') }, body: { status: 'Approved', approvalRemarks: 'Goodwill agreed' } }),
  'bills.updateList': async () => {
    const bill = await ok('POST', pathOfModule('bills'), { ticketAlternateId: 'TKT-2026-000779', category: 'Travel', description: 'Taxi to site', billDate: '2026-02-21', amountPaise: 60000 });
    return { body: { ids: [String(bill._id)], status: 'Rejected' } };
  },
  'payment.approve': async () => ({ body: { id: await newLifecycleRecord(t, admin, 'payment'), status: 'Approved', remarks: 'Seen in the bank statement' } }),
};

/** `module.call` keys for one module's requests. */
function prefixed<N extends ModuleWithCalls, R extends Partial<Record<CallOf<N>, () => Promise<Sent>>>>(module: N, byCall: R): { [C in keyof R & string as `${N}.${C}`]: R[C] } {
  return Object.fromEntries(Object.entries(byCall).map(([call, make]) => [`${module}.${call}`, make])) as { [C in keyof R & string as `${N}.${C}`]: R[C] };
}

describe('custom call replies', () => {
  it('has a successful request for each custom call of the catalogue, and for nothing else', () => {
    expect(Object.keys(requests).sort()).toEqual(customCalls.map((c) => c.key).sort());
  });

  it.each(customCalls.map((c) => [c.key, c] as const))('%s answers what its catalogue reply schema says', async (key, { def, call }) => {
    const sent = await requests[key]();
    const url = pathOf(def, call, sent.params) + (sent.query ? `?${sent.query}` : '');
    const res = await t.app.inject({
      method: call.method,
      url,
      headers: { token: (sent.who ?? admin).token, ...(sent.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      payload: sent.body === undefined ? undefined : JSON.stringify(sent.body),
    });
    expect(res.statusCode, `${call.method} ${url}: ${res.body.slice(0, 500)}`).toBeGreaterThanOrEqual(200);
    expect(res.statusCode, `${call.method} ${url}: ${res.body.slice(0, 500)}`).toBeLessThan(300);
    expect(replyDrift(call.reply, res.body), `${key}: ${res.body.slice(0, 500)}`).toBeUndefined();
  });
});

interface OpenApi {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: { type?: string } }> }> }>>;
}

describe('/api/docs', () => {
  let docs: Promise<OpenApi> | undefined;
  const openApi = (): Promise<OpenApi> =>
    (docs ??= t.call<OpenApi>(null, 'GET', '/api/docs/json').then((res) => {
      expect(res.status).toBe(200);
      return res.body;
    }));

  it.each(customCalls.map((c) => [c.key, c] as const))('%s: the OpenAPI document shows its reply schema', async (_key, { def, call }) => {
    const operation = (await openApi()).paths[openApiPath(def, call)]?.[call.method.toLowerCase()];
    expect(operation, `${call.method} ${openApiPath(def, call)}`).toBeDefined();
    const schema = operation?.responses?.['2XX']?.content?.['application/json']?.schema;
    expect(schema, JSON.stringify(operation?.responses)).toBeDefined();
    expect(schema?.type).toBe('object');
  });
});
