/**
 * Uploaded files: the bytes (base64) stay in the record but never in lists or reads (hidden); their type is read
 * from the bytes and must be a PDF or an image (./upload-types.ts); each file gets a url (/files/<id>/<name> unless one is given) by which attachments point at it. POST downloadFile
 * { path } answers { data: base64, name, mimeType } for the file at that url (or with that _id).
 */
import { fileUpload, type DownloadFileBody } from '../../../src/contract/modules/assets';
import { findFileBodyByUrlOrId } from '../../db/file-store';
import { newId } from '../../db/ids';
import type { ApiRecord } from '../../db/repository';
import { missingRecord, notFound } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { withDuplicateMapping } from '../records';
import type { CallContext, HandlersOf } from '../call-context';
import { asString } from '../records';
import { acceptedUploadType, fileAnswerHeaders, servedType } from './upload-types';

/** Bytes encoded by a base64 string. */
export function base64Size(content: string): number {
  const padding = content.endsWith('==') ? 2 : content.endsWith('=') ? 1 : 0;
  return Math.floor((content.length * 3) / 4) - padding;
}

async function createFile(ctx: CallContext): Promise<ApiRecord> {
  const body = ctx.req.body as Record<string, unknown>;
  const id = newId();
  const name = String(body.name);
  const url = asString(body.url) ?? `/files/${id}/${encodeURIComponent(name)}`;
  const content = String(body.contentBase64);
  // The type is what the bytes are, whatever the sender labelled them.
  const mimeType = await acceptedUploadType('contentBase64', content, 'document');
  const full = { ...body, mimeType, url, sizeBytes: base64Size(content) };
  const record = await withDuplicateMapping(fileUpload, full, () => ctx.repo.create(full, { id }));
  ctx.notify('create', record._id);
  ctx.reply.code(201);
  return record;
}

/** PUT /{id}: new bytes are checked and typed like a new file's; a label alone never changes the type. */
async function updateFile(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  const { mimeType: _label, sizeBytes: _size, ...patch } = ctx.req.body as Record<string, unknown>;
  const content = asString(patch.contentBase64);
  const typed = content ? { ...patch, mimeType: await acceptedUploadType('contentBase64', content, 'document'), sizeBytes: base64Size(content) } : patch;
  const record = await withDuplicateMapping(fileUpload, typed, () => ctx.repo.update(id, typed));
  if (!record) throw missingRecord('file-upload', id);
  ctx.notify('update', record._id);
  return record;
}

/** An absolute link (https://host/files/…) addresses the same file as its path. */
export function filePath(path: string): string {
  try {
    return /^https?:\/\//i.test(path) ? new URL(path).pathname : path;
  } catch {
    return path;
  }
}

async function downloadFile(ctx: CallContext): Promise<{ data: string; name: string; mimeType: string }> {
  const { path } = ctx.req.body as DownloadFileBody;
  const wanted = filePath(path);
  const body = await findFileBodyByUrlOrId(ctx.db, ctx.user.tenantId, path, wanted);
  if (!body || typeof body.contentBase64 !== 'string') throw notFound(refusal('noFileAt', { path }));
  const name = String(body.name ?? 'Download.pdf');
  void ctx.reply.headers(fileAnswerHeaders(name));
  return { data: body.contentBase64, name, mimeType: servedType(body.mimeType) };
}

export const fileUploadHandlers = {
  ops: { create: createFile, update: updateFile },
  calls: { downloadFile: { handler: downloadFile } },
} satisfies HandlersOf<'file-upload'>;
