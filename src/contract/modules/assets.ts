/**
 * Asset modules (document 2 §7 "Organisation, assets, subscribers"): one asset concept typed by kind
 * (organisation, plant, unit, manage site), the organisation screen, asset types, locations, master
 * configuration, fire extinguishers, and the documents and uploaded files that hang off any record.
 */
import { z } from 'zod';
import { defineModule } from './define';
import { fileReply, idParams, pdfReply } from './replies';
import { says } from '../validationMessages';

const text = (label: string, max = 200) =>
  z.string({ error: says('required', { label }) }).trim().min(1, says('required', { label })).max(max, says('tooLong', { label }));
const optionalText = (label: string, max = 2000) => z.string().trim().max(max, says('tooLong', { label })).optional();
const isoDate = (label: string) => z.iso.date(says('notADate', { label }));
const PINCODE = /^[1-9][0-9]{5}$/;

export const ASSET_KINDS = ['Organisation', 'Plant', 'Unit', 'Manage Site'] as const;

export const asset = defineModule({
  name: 'asset',
  label: 'Manage Site',
  record: 'site',
  area: 'assets',
  path: '/api/app/asset',
  feature: 'SITE_MANAGE',
  alternateId: { prefix: 'AST' },
  // Document 2: the list is GET /list[?query]; GET [?query] is kept as the `listAll` call.
  routes: { list: { method: 'GET', path: '/list' } },
  fields: z.object({
    name: text('Name', 160),
    kind: z.enum(ASSET_KINDS, { error: says('notValid', { label: 'Kind' }) }),
    /** The asset this one sits in: a unit in a plant, a plant in an organisation. */
    parentId: z.string().optional(),
    assetTypeId: z.string().optional(),
    locationId: z.string().optional(),
    clientId: z.string().optional(),
    code: optionalText('Code', 40),
    address: optionalText('Address', 400),
    city: optionalText('City', 80),
    state: optionalText('State', 80),
    pincode: z.string().regex(PINCODE, says('digits', { label: 'Pin code', count: 6 })).optional(),
    latitude: z.coerce.number().min(-90).max(90).optional(),
    longitude: z.coerce.number().min(-180).max(180).optional(),
    /**
     * subscriber-user _ids allowed to see this asset and everything under it (getUnitListByUserAccess).
     * Users holding SITE_MANAGE see every asset regardless.
     */
    accessUserIds: z.array(z.string()).default([]),
    status: z.enum(['Active', 'Inactive'], { error: says('notValid', { label: 'Status' }) }).default('Active'),
  }),
  example: { name: 'Chakan Plant 2', kind: 'Plant', city: 'Chakan', state: 'Maharashtra', pincode: '410501' },
  references: { parentId: 'asset', assetTypeId: 'asset-type', locationId: 'location', clientId: 'client', accessUserIds: 'subscriber-user' },
  columns: ['alternateId', 'name', 'kind', 'parentId', 'city', 'status'],
  fixedMessages: ['list'],
  messages: {
    list: 'Failed to get list of asset',
    create: 'Failed to create asset',
    update: 'Failed to update asset',
    remove: 'Failed to delete asset',
    getById: 'Failed to get asset details',
  },
  calls: [
    { name: 'listAll', method: 'GET', path: '', privilege: 'VIEW', kind: 'list', message: 'Failed to get list of asset', cache: 'replace-list' },
    {
      name: 'assetWithAlternateId',
      method: 'GET',
      path: '/assetWithAlternateId',
      privilege: 'VIEW',
      kind: 'list',
      project: ['_id', 'alternateId', 'name', 'kind', 'parentId'],
      message: 'Failed to get list of asset',
      cache: 'none',
    },
  ],
});

export const organization = defineModule({
  name: 'organization',
  label: 'Organization',
  record: 'organization',
  area: 'assets',
  path: '/api/app/organization',
  feature: 'MANAGE_ORGANIZATION',
  fields: z.object({
    name: text('Organization name', 160),
    legalName: optionalText('Legal name', 200),
    industry: optionalText('Industry', 80),
    address: optionalText('Address', 400),
    city: optionalText('City', 80),
    state: optionalText('State', 80),
    pincode: z.string().regex(PINCODE, says('digits', { label: 'Pin code', count: 6 })).optional(),
    contactEmail: z.email(says('notValid', { label: 'Email' })).optional(),
    contactPhone: optionalText('Phone', 20),
    logoUrl: z.string().max(2000).optional(),
  }),
  example: { name: 'Sahyadri Engineering Works', industry: 'Industrial services', city: 'Pune', state: 'Maharashtra', pincode: '411019' },
  columns: ['name', 'industry', 'city', 'contactEmail'],
  // Document 2 §8: the organisation shows only its fixed texts.
  fixedMessages: ['list', 'create', 'update', 'remove', 'getById'],
  messages: {
    list: 'Failed to get list of organization',
    create: 'Failed to create organization',
    update: 'Failed to update organization',
    remove: 'Failed to delete organization',
    getById: 'Failed to get organization details',
  },
});

export const assetType = defineModule({
  name: 'asset-type',
  label: 'Asset Types',
  record: 'site type',
  area: 'assets',
  path: '/api/app/asset-type',
  feature: 'ASSET_TYPE',
  fields: z.object({
    name: text('Name', 120),
    kind: z.enum(ASSET_KINDS, { error: says('notValid', { label: 'Kind' }) }),
    description: optionalText('Description', 500),
  }),
  unique: ['name'],
  example: { name: 'Paint Shop', kind: 'Unit', description: 'CNC machining cell inside a plant' },
  columns: ['name', 'kind', 'description'],
  messages: {
    list: 'Failed to get list of asset type',
    create: 'Failed to create asset type',
    update: 'Failed to update asset type',
    remove: 'Failed to delete asset type',
    getById: 'Failed to get asset type details',
    duplicate: 'Asset Type Already In use.',
  },
});

export const location = defineModule({
  name: 'location',
  label: 'Locations',
  record: 'location',
  area: 'assets',
  path: '/api/app/location',
  feature: 'LOCATION',
  fields: z.object({
    name: text('Name', 120),
    code: optionalText('Code', 20),
    city: text('City', 80),
    state: text('State', 80),
    /** Two-digit GST state code (27 Maharashtra): decides CGST+SGST or IGST on invoices. */
    gstStateCode: z.string().regex(/^[0-9]{2}$/, says('digits', { label: 'GST state code', count: 2 })).optional(),
    pincode: z.string().regex(PINCODE, says('digits', { label: 'Pin code', count: 6 })).optional(),
    country: z.string().trim().default('India'),
  }),
  example: { name: 'Chakan MIDC Phase II', code: 'CKN2', city: 'Chakan', state: 'Maharashtra', gstStateCode: '27', pincode: '410501' },
  columns: ['name', 'code', 'city', 'state', 'pincode'],
  fixedMessages: ['list'],
  messages: {
    list: 'Failed to get list of location',
    create: 'Failed to create location',
    update: 'Failed to update location',
    remove: 'Failed to delete location',
    getById: 'Failed to get location details',
  },
});

export const masterConfig = defineModule({
  name: 'master-config',
  label: 'Master Config',
  record: 'configuration value',
  area: 'assets',
  path: '/api/app/master-config',
  feature: 'MASTER_CONFIG',
  fields: z.object({
    /** Group of values, such as ticketCategory or expenseCategory; the list is filtered by ?group=. */
    group: text('Group', 60),
    key: text('Key', 80),
    value: text('Value', 500),
    description: optionalText('Description', 500),
    order: z.coerce.number().int().default(0),
    active: z.boolean().default(true),
  }),
  unique: ['key'],
  example: { group: 'ticketCategory', key: 'ticketCategory.pneumatics', value: 'Pneumatics', order: 5 },
  columns: ['group', 'key', 'value', 'order', 'active'],
  fixedMessages: ['list'],
  messages: {
    list: 'Failed to get list of Master Config',
    create: 'Failed to create Master Config',
    update: 'Failed to update Master Config',
    remove: 'Failed to delete Master Config',
    getById: 'Failed to get Master Config details',
    duplicate: 'Master Config Key Already In use.',
  },
});

export const EXTINGUISHER_TYPES = ['ABC Dry Powder', 'CO2', 'Water', 'Mechanical Foam', 'Clean Agent', 'Wet Chemical'] as const;

export const fireExtinguisher = defineModule({
  name: 'fire-extinguisher',
  label: 'Fire Extinguishers',
  record: 'fire extinguisher',
  area: 'assets',
  path: '/api/app/fire-extinguisher',
  feature: 'FIRE_EXTINGUISHER',
  alternateId: { prefix: 'FE' },
  fields: z.object({
    serialNo: text('Serial number', 60),
    type: z.enum(EXTINGUISHER_TYPES, { error: says('notValid', { label: 'Type' }) }),
    capacityKg: z.coerce.number({ error: says('notANumber', { label: 'Capacity' }) }).positive(says('notPositive', { label: 'Capacity' })),
    assetId: z.string().optional(),
    locationNote: optionalText('Location', 200),
    manufacturer: optionalText('Manufacturer', 120),
    /** IS 15683 / IS 2190 markings. */
    isiMarked: z.boolean().default(true),
    manufactureDate: isoDate('Manufacture date').optional(),
    lastRefillDate: isoDate('Last refill date').optional(),
    nextRefillDue: isoDate('Next refill due'),
    lastInspectionDate: isoDate('Last inspection date').optional(),
    hydroTestDue: isoDate('Hydro test due').optional(),
    status: z.enum(['In Service', 'Due For Refill', 'Expired', 'Condemned'], { error: says('notValid', { label: 'Status' }) }).default('In Service'),
    remarks: optionalText('Remarks', 1000),
  }),
  unique: ['serialNo'],
  example: { serialNo: 'FE-PUN-0901', type: 'CO2', capacityKg: 4.5, locationNote: 'Compressor room door', nextRefillDue: '2026-09-30' },
  references: { assetId: 'asset' },
  columns: ['alternateId', 'serialNo', 'type', 'capacityKg', 'locationNote', 'nextRefillDue', 'status'],
  messages: {
    list: 'Failed to get list of fire extinguisher',
    create: 'Failed to create fire extinguisher',
    update: 'Failed to update fire extinguisher',
    remove: 'Failed to delete fire extinguisher',
    getById: 'Failed to get fire extinguisher details',
    duplicate: 'Serial Number Already In use.',
  },
  calls: [
    { name: 'generatePdf', method: 'POST', path: '/generatePdf/:id', privilege: 'VIEW', kind: 'custom', message: 'Failed to get fire extinguisher details', cache: 'none', params: idParams, reply: pdfReply },
  ],
});

export const DOCUMENT_CATEGORIES = ['Manual', 'Drawing', 'Certificate', 'Contract', 'Report', 'Photo', 'Other'] as const;

export const documentModule = defineModule({
  name: 'document',
  label: 'Documents',
  record: 'document',
  area: 'admin',
  path: '/api/app/document',
  feature: 'DOCUMENT',
  fields: z.object({
    title: text('Title', 200),
    category: z.enum(DOCUMENT_CATEGORIES, { error: says('notValid', { label: 'Category' }) }).default('Other'),
    /** The file-upload url of the stored bytes. */
    url: text('File', 2000),
    fileName: optionalText('File name', 200),
    /** Which record the document belongs to (module name and _id). */
    relatedModule: optionalText('Related module', 60),
    // Any module's record (named by relatedModule), so not a reference the form could pick: named for what it holds.
    relatedId: z.string().optional().meta({ title: 'Related Record' }),
    tags: z.array(z.string().trim().min(1)).default([]),
    validUntil: isoDate('Valid until').optional(),
  }),
  example: { title: 'VMC-850 operator manual', category: 'Manual', url: '/api/app/file-upload/file/demo-manual.pdf', fileName: 'vmc-850-manual.pdf' },
  columns: ['title', 'category', 'fileName', 'relatedModule', 'validUntil'],
  messages: {
    list: 'Failed to get list of document',
    create: 'Failed to create document',
    update: 'Failed to update document',
    remove: 'Failed to delete document',
    getById: 'Failed to get document details',
  },
});

/** 5 MB of file content, as base64 (4/3 of the bytes). */
const MAX_UPLOAD_BASE64 = Math.ceil((5 * 1024 * 1024 * 4) / 3) + 4;

/** POST downloadFile { path }. */
const downloadBody = z.object({ path: z.string({ error: says('filePathRequired') }).trim().min(1, says('filePathRequired')).max(2000) });
export type DownloadFileBody = z.infer<typeof downloadBody>;

export const fileUpload = defineModule({
  name: 'file-upload',
  label: 'File Uploads',
  record: 'file',
  area: 'admin',
  path: '/api/app/file-upload',
  feature: 'FILE_UPLOAD',
  fields: z.object({
    name: text('File name', 200),
    mimeType: z.string().regex(/^[a-z]+\/[a-zA-Z0-9.+-]+$/, says('notValid', { label: 'Mime type' })).default('application/pdf'),
    /** The file's bytes, base64; kept in the record (files are small: manuals, photos, signed PDFs). */
    contentBase64: z
      .string({ error: says('required', { label: 'File content' }) })
      .min(1, says('required', { label: 'File content' }))
      .max(MAX_UPLOAD_BASE64, says('fileTooLarge'))
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, says('notBase64')),
    /** The path the file is addressed by (attachments' url); defaults to /files/<name>. */
    url: z.string().max(2000).optional(),
    sizeBytes: z.coerce.number().int().nonnegative().optional(),
  }),
  // Lists and reads never carry the bytes; downloadFile does.
  hidden: ['contentBase64'],
  unique: ['url'],
  // A 1×1 PNG: the server takes PDFs and images only, typed from their bytes (server/domain/assets/upload-types.ts).
  example: { name: 'pixel.png', mimeType: 'image/png', contentBase64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', url: '/files/pixel.png' },
  columns: ['name', 'mimeType', 'sizeBytes', 'url'],
  messages: {
    list: 'Failed to get list of file upload',
    create: 'Failed to upload file',
    update: 'Failed to update file upload',
    duplicate: 'A file with this url already exists.',
    remove: 'Failed to delete file upload',
    getById: 'Failed to get file upload details',
  },
  calls: [
    // Body { path }: the url of an attachment (or an absolute link to it, or the file's _id); reply { data: base64, name, mimeType }.
    {
      name: 'downloadFile',
      method: 'POST',
      path: '/downloadFile',
      privilege: 'VIEW',
      kind: 'custom',
      message: 'Something went wrong while downloading file. Please try again!',
      cache: 'none',
      body: downloadBody,
      reply: fileReply,
    },
  ],
});

export const assetModules = [asset, organization, assetType, location, masterConfig, fireExtinguisher, documentModule, fileUpload] as const;
