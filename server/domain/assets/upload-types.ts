/**
 * What an uploaded file is, read from its bytes (`file-type`), never from the name or the type the sender wrote, and
 * whether the field it came in accepts it (issue 35, item 8). A photo or a signature is an image; a document is a
 * PDF or an image. Markup is refused everywhere: an HTML page or an SVG (which may carry scripts) would run in the
 * product's origin if a browser were ever led to render it.
 */
import { fileTypeFromBuffer } from 'file-type';
import { refusal, type PhraseKey } from '../../../src/contract/refusalMessages';
import { invalid } from '../errors';

/** What a field holds: `image` for photos and signatures, `document` for files (PDF or image). */
export type UploadKind = 'image' | 'document';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
const ACCEPTED: Record<UploadKind, ReadonlySet<string>> = {
  image: new Set(IMAGE_TYPES),
  document: new Set(['application/pdf', ...IMAGE_TYPES]),
};
/** What each field accepts, as a part of the refusal's sentence (src/contract/refusalMessages.ts). */
const ACCEPTED_WORDS: Record<UploadKind, PhraseKey> = {
  image: 'phraseAcceptsImage',
  document: 'phraseAcceptsDocument',
};

/** The first bytes of a text file, to name markup that file-type (which reads binary signatures) does not. */
function markupOf(bytes: Uint8Array): PhraseKey | undefined {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('utf8').replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (/<svg[\s>]/.test(head)) return 'phraseUploadSvg';
  if (/^<!doctype html|<html[\s>]|<script[\s>]|<body[\s>]|<iframe[\s>]|<head[\s>]/.test(head)) return 'phraseUploadHtml';
  if (head.startsWith('<?xml')) return 'phraseUploadXml';
  return undefined;
}

/**
 * The file's real type when `field` accepts it; otherwise 400 naming the field and saying what the file is and what
 * is accepted there. `kind` is the field's allow-list.
 */
export async function acceptedUploadType(field: string, contentBase64: string, kind: UploadKind): Promise<string> {
  const bytes = Buffer.from(contentBase64, 'base64');
  const found = await fileTypeFromBuffer(bytes);
  if (found && ACCEPTED[kind].has(found.mime)) return found.mime;
  // Markup first: file-type calls an SVG behind an XML declaration plain XML.
  const markup = markupOf(bytes);
  const acceptedPhrase = ACCEPTED_WORDS[kind];
  if (!markup && found) throw invalid(field, refusal('uploadOfType', { ext: found.ext.toUpperCase(), mime: found.mime, acceptedPhrase }));
  throw invalid(field, refusal('uploadNotAccepted', { whatPhrase: markup ?? 'phraseUploadUnknown', acceptedPhrase }));
}

/**
 * The type to serve a stored file as: its own when it is one the product accepts, else plain bytes, so a file stored
 * before these checks (or a mislabelled one) is never handed to a browser as a page.
 */
export function servedType(stored: unknown): string {
  return typeof stored === 'string' && ACCEPTED.document.has(stored) ? stored : 'application/octet-stream';
}

/**
 * Headers of an answer carrying a stored file: a browser sent straight to it saves it (never renders it), and does
 * not guess a type other than the one named (helmet's `nosniff` is set on every answer too; set here as well so a
 * file's answer never depends on that).
 */
export function fileAnswerHeaders(name: string): Record<string, string> {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return {
    'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'x-content-type-options': 'nosniff',
  };
}
