/**
 * Machine modules (document 2 §7 "Machines, questions, checklists"): machine types with their manufacturer,
 * machine instances (QR code, bill of materials), checklist questions, their answers and checklists.
 */
import { z } from 'zod';
import { defineModule } from './define';
import { dataOf, idParams, listOf, storedRecord } from './replies';
import { bom } from '../machineShapes';
import { machineMetersReply, meterBody, meterReadingBody, meterReadingReply } from '../maintenanceShapes';
import { says } from '../validationMessages';

const id = (label: string) => z.string({ error: says('required', { label }) }).min(1, says('required', { label }));
const text = (label: string, max = 200) =>
  z.string({ error: says('required', { label }) }).trim().min(1, says('required', { label })).max(max, says('tooLong', { label }));
const optionalText = (label: string, max = 2000) => z.string().trim().max(max, says('tooLong', { label })).optional();
const isoDate = (label: string) => z.iso.date(says('notADate', { label }));
const isoDateTime = (label: string) => z.iso.datetime({ offset: true, message: says('notADateTime', { label }) });

export const MACHINE_CATEGORIES = ['CNC Machine', 'Compressor', 'Chiller', 'Injection Moulding', 'Press', 'Pump', 'Generator', 'Boiler', 'Other'] as const;

export const svcMachineType = defineModule({
  name: 'svc-machine-type',
  label: 'Machine Types',
  record: 'machine type',
  area: 'machines',
  path: '/api/app/svc-machine-type',
  feature: 'SVC_MACHINE',
  alternateId: { prefix: 'MT' },
  fields: z.object({
    machineName: text('Machine name', 160),
    manufacturer: text('Manufacturer', 120),
    model: optionalText('Model', 80),
    category: z.enum(MACHINE_CATEGORIES, { error: says('notValid', { label: 'Category' }) }).default('Other'),
    description: optionalText('Description', 2000),
    /** Rated power in kW, the usual sizing figure on the nameplate. */
    ratedPowerKw: z.coerce.number().nonnegative(says('negative', { label: 'Rated power' })).optional(),
    /** Months of manufacturer warranty from commissioning. */
    warrantyMonths: z.coerce.number().int().nonnegative().optional(),
    imageUrl: z.string().max(2000).optional(),
  }),
  example: { machineName: 'Vertical Machining Centre VMC-850', manufacturer: 'BFW', model: 'BMV 45 TC24', category: 'CNC Machine' },
  columns: ['alternateId', 'machineName', 'manufacturer', 'model', 'category'],
  messages: {
    list: 'Failed to get list of machine type',
    create: 'Failed to create machine type',
    update: 'Failed to update machine type',
    remove: 'Failed to delete machine type',
    getById: 'Failed to get machine type details',
  },
  calls: [
    {
      name: 'getManufacturerMachineData',
      method: 'GET',
      path: '/getManufacturerMachineData',
      privilege: 'VIEW',
      kind: 'list',
      project: ['_id', 'alternateId', 'machineName', 'manufacturer', 'model'],
      message: 'Failed to get list of machine type',
      cache: 'none',
    },
  ],
});

export const MACHINE_STATUSES = ['Running', 'Idle', 'Under Maintenance', 'Breakdown', 'Decommissioned', 'In Stock'] as const;

export const svcMachineInstance = defineModule({
  name: 'svc-machine-instances',
  label: 'Machine Instances',
  record: 'machine',
  area: 'machines',
  path: '/api/app/svc-machine-instances',
  feature: 'SVC_MACHINE_INSTANCE',
  alternateId: { prefix: 'MI' },
  // Document 1 §4: the delete reply carries the removed id inside `data`.
  deleteIdInData: true,
  fields: z.object({
    machineTypeId: id('Machine type'),
    serialNo: text('Serial number', 80),
    name: optionalText('Name', 160),
    assetId: z.string().optional(),
    clientId: z.string().optional(),
    installationDate: isoDate('Installation date').optional(),
    warrantyUntil: isoDate('Warranty until').optional(),
    status: z.enum(MACHINE_STATUSES, { error: says('notValid', { label: 'Status' }) }).default('Running'),
    runningHours: z.coerce.number().nonnegative(says('negative', { label: 'Running hours' })).optional(),
    /** PNG data URL written by generate-qr-code/{id}. */
    qrCode: z.string().optional(),
    /** The URL the QR code encodes (the machine-scanning screen for this machine). */
    qrPayload: z.string().optional(),
    qrGeneratedAt: isoDateTime('QR generated at').optional(),
  }),
  unique: ['serialNo'],
  example: { machineTypeId: 'mt-demo', serialNo: 'BFW-45-30990', name: 'VMC Bay 3', status: 'Running' },
  references: { machineTypeId: 'svc-machine-type', assetId: 'asset', clientId: 'client' },
  columns: ['alternateId', 'name', 'serialNo', 'machineTypeId', 'assetId', 'status'],
  messages: {
    list: 'Failed to get list of machine instance',
    create: 'Failed to create machine instance',
    update: 'Failed to update machine instance',
    remove: 'Failed to delete machine instance',
    getById: 'Failed to get machine instance details',
    duplicate: 'Serial Number Already In use.',
  },
  calls: [
    // The machines picker (src/contract/pickerReads.ts): the engineer raising a spare-part request names the machine
    // the parts are for (JOBS.md, engineer 3) by its number, name and serial plate, without the machine master's
    // client, asset, warranty, status and meters, which stay SVC_MACHINE_INSTANCE's to list and keep.
    {
      name: 'getMachinesToPick',
      method: 'GET',
      path: '/getMachinesToPick',
      privilege: 'VIEW',
      kind: 'list',
      project: ['_id', 'alternateId', 'name', 'serialNo'],
      pickerFor: ['request-spare'],
      message: 'Failed to get list of machine instance',
      cache: 'none',
    },
    // Stores a PNG data URL of a QR code that opens the machine-scanning screen for the machine; reply the machine.
    {
      name: 'generateQrCode',
      method: 'PATCH',
      path: '/generate-qr-code/:id',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to update machine instance',
      cache: 'merge',
      params: idParams,
      reply: storedRecord,
    },
    {
      name: 'getBomFromMachine',
      method: 'GET',
      path: '/getBomFromMachine/:id',
      privilege: 'VIEW',
      kind: 'custom',
      message: 'Failed to get machine instance details',
      cache: 'none',
      params: idParams,
      reply: dataOf(bom),
    },
    // Designed here: the machine's meters (running hours, cycles) with their latest readings.
    {
      name: 'getMeters',
      method: 'GET',
      path: '/meters/:id',
      privilege: 'VIEW',
      kind: 'custom',
      message: 'Failed to get machine instance details',
      cache: 'none',
      params: idParams,
      reply: machineMetersReply,
    },
    // Adding a meter (or mapping a sensor's parameter to it) changes the machine: UPDATE. Answers the machine's meters.
    {
      name: 'addMeter',
      method: 'POST',
      path: '/meters/:id',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to update machine instance',
      cache: 'none',
      params: idParams,
      body: meterBody,
      reply: machineMetersReply,
    },
    // A reading is what whoever stands at the machine sees on its counter (the engineer on the machine card), so
    // it is as open as the card itself (VIEW); it never lowers the meter except as a reset with its reason, and a
    // reading that crosses a plan's threshold raises that plan's ticket.
    {
      name: 'addMeterReading',
      method: 'POST',
      path: '/meter-reading/:id',
      privilege: 'VIEW',
      kind: 'custom',
      message: 'Failed to update machine instance',
      cache: 'none',
      params: idParams,
      body: meterReadingBody,
      reply: meterReadingReply,
    },
  ],
});

export const ANSWER_TYPES = ['Yes/No', 'Text', 'Number', 'Single Choice', 'Multiple Choice', 'Photo'] as const;

export const questions = defineModule({
  name: 'questions',
  label: 'Questions',
  record: 'question',
  area: 'machines',
  path: '/api/app/questions',
  feature: 'QUESTIONS',
  fields: z.object({
    question: text('Question', 500),
    /** svc-machine-type _ids the question applies to (the list shows their machine names). */
    machineTypes: z.array(z.string().min(1)).default([]),
    answerType: z.enum(ANSWER_TYPES, { error: says('notValid', { label: 'Answer type' }) }).default('Yes/No'),
    options: z.array(z.string().trim().min(1)).default([]),
    /** For Number answers: the acceptable range; outside it the answer is flagged. */
    minValue: z.coerce.number().optional(),
    maxValue: z.coerce.number().optional(),
    unit: optionalText('Unit', 20),
    mandatory: z.boolean().default(true),
    order: z.coerce.number().int().default(0),
  }),
  example: { question: 'Spindle vibration (mm/s)', answerType: 'Number', minValue: 0, maxValue: 4.5, unit: 'mm/s' },
  references: { machineTypes: 'svc-machine-type' },
  columns: ['question', 'answerType', 'machineTypes', 'mandatory', 'order'],
  messages: {
    list: 'Failed to get list of questions',
    create: 'Failed to create question',
    update: 'Failed to update question',
    remove: 'Failed to delete question',
    getById: 'Failed to get question details',
  },
  calls: [
    // The machine types (alternateId, machineName, manufacturer), each with how many questions apply to it.
    {
      name: 'getMachineType',
      method: 'GET',
      path: '/getMachineType',
      privilege: 'VIEW',
      kind: 'custom',
      message: 'Failed to get list of machine type',
      cache: 'none',
      reply: listOf(storedRecord.extend({ questionCount: z.number().int().nonnegative() })),
    },
  ],
});

const answer = z.object({
  questionId: id('Question'),
  answer: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
  remarks: optionalText('Remarks', 1000),
  photoUrl: z.string().max(2000).optional(),
  /** Set by the server when a Number answer falls outside the question's range. */
  outOfRange: z.boolean().optional(),
});

/** PATCH editChecklistQuestions { id, answers, status? }: answers merged into one checklist by question. */
const editChecklistBody = z.object({
  id: z.string().min(1, says('required', { label: 'id' })),
  answers: z
    .array(
      z.object({
        questionId: z.string().min(1, says('required', { label: 'questionId' })),
        answer: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
        remarks: z.string().trim().max(1000).optional(),
        photoUrl: z.string().max(2000).optional(),
      }),
    )
    .min(1, says('giveAnswer')),
  status: z.enum(['Draft', 'Submitted'], { error: says('either', { label: 'Status', either: ['Draft', 'Submitted'] }) }).optional(),
});
export type EditChecklistBody = z.infer<typeof editChecklistBody>;

/** One filled checklist: a technician's answers for one machine on one visit. */
export const questionAnswer = defineModule({
  name: 'question-answer',
  label: 'Checklist Answers',
  record: 'checklist answer',
  area: 'machines',
  path: '/api/app/question-answer',
  feature: 'CHECKLIST',
  fields: z.object({
    checklistId: z.string().optional(),
    machineInstanceId: id('Machine'),
    ticketAlternateId: z.string().max(40).optional(),
    answeredBy: z.string().optional(),
    answeredAt: isoDateTime('Answered at').optional(),
    answers: z.array(answer).default([]),
    status: z.enum(['Draft', 'Submitted', 'Reviewed'], { error: says('notValid', { label: 'Status' }) }).default('Draft'),
  }),
  example: { machineInstanceId: 'mi-demo', ticketAlternateId: 'TKT-2026-000001' },
  references: { checklistId: 'checklist-view', machineInstanceId: 'svc-machine-instances', answeredBy: 'subscriber-user' },
  columns: ['machineInstanceId', 'checklistId', 'answeredBy', 'answeredAt', 'status'],
  messages: {
    list: 'Failed to get list of question answer',
    create: 'Failed to create question answer',
    update: 'Failed to update question answer',
    remove: 'Failed to delete question answer',
    getById: 'Failed to get question answer details',
  },
  calls: [
    // Body { id, answers: [{ questionId, answer, remarks }] }: merges answers into one checklist by question; reply the checklist.
    {
      name: 'editChecklistQuestions',
      method: 'PATCH',
      path: '/editChecklistQuestions',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to update question answer',
      cache: 'merge',
      body: editChecklistBody,
      reply: storedRecord,
    },
  ],
});

/** A checklist template: which questions are asked, for which machine type, how often. */
export const checklistView = defineModule({
  name: 'checklist-view',
  label: 'Checklists',
  record: 'checklist',
  area: 'machines',
  path: '/api/app/checklist-view',
  feature: 'CHECKLIST',
  fields: z.object({
    name: text('Checklist name', 160),
    machineTypeId: z.string().optional(),
    questionIds: z.array(z.string().min(1)).min(1, says('addQuestion')),
    frequency: z.enum(['Every Visit', 'Daily', 'Weekly', 'Monthly', 'Quarterly', 'Yearly'], { error: says('notValid', { label: 'Frequency' }) }).default('Every Visit'),
    active: z.boolean().default(true),
  }),
  example: { name: 'VMC daily start-up checks', questionIds: ['q-demo'], frequency: 'Daily' },
  references: { machineTypeId: 'svc-machine-type', questionIds: 'questions' },
  columns: ['name', 'machineTypeId', 'frequency', 'active'],
  messages: {
    list: 'Failed to get list of checklist',
    create: 'Failed to create checklist',
    update: 'Failed to update checklist',
    remove: 'Failed to delete checklist',
    getById: 'Failed to get checklist details',
  },
});

export const machineModules = [svcMachineType, svcMachineInstance, questions, questionAnswer, checklistView] as const;
