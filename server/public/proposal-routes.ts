/**
 * The public proposal calls (document 2 §7 "Public proposal and customer page calls"), each opened only
 * by the proposal link's token for its own proposal:
 * - PATCH /api/public/business-proposal/viewProposal { id, status? } → the proposal + viewRecordId
 * - PATCH /api/public/business-proposal/acceptProposal { id, type: Won | Lost, acceptNote | declineNote }
 * - PATCH /api/public/business-proposal/updateViewTime { time (seconds), _id (view record), id }
 * - POST  /api/public/business-proposal/generatePdf/{id} → { data: base64 PDF, fileName, mimeType }
 *   (the spec gives no path for the customer's PDF; this mirrors the staff call)
 * - POST  /api/app/file-upload/downloadFile { path } with `public-request`: one of the proposal's
 *   attachments → { data: base64, name, mimeType }. Without `public-request` the same path is the staff
 *   call of the catalogue; a route constraint on the header tells the two apart before any access check.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileReply } from '../../src/contract/modules/replies';
import { findFileBodyByUrl } from '../db/file-store';
import type { Db } from '../db/pool';
import { decideProposal, readProposal, updateViewTime, viewProposal } from '../domain/public/public-proposal';
import { filePath } from '../domain/assets/files';
import { fileAnswerHeaders, servedType } from '../domain/assets/upload-types';
import { proposalPdf } from '../domain/sales/proposal-pdf';
import { badRequest, notFound } from '../http/errors';
import { unworded } from '../../src/contract/messageWords';
import { refusal } from '../../src/contract/refusalMessages';
import { plainJson } from '../http/plain-json';
import type { EndpointAnswer } from '../../src/contract/endpoints';
import { publicProposalEndpoints as endpoints } from '../../src/contract/publicShapes';
import type { RealtimeHub } from '../realtime/hub';
import { requireLink, requireLinkToken, requireSameRecord } from './public-access';
import { VIEW_TIME_BEACON_PATH } from '../../src/contract/publicPaths';

const PUBLIC = { access: { kind: 'public' as const } };
const tags = ['public'];

/** What the handler of a public proposal call answers: its reply schema's input (src/contract/publicShapes.ts). */
type Answer<K extends keyof typeof endpoints> = Promise<EndpointAnswer<(typeof endpoints)[K]>>;
/** A beacon's body: updateViewTime's, with the link's token. */
const beaconBody = endpoints.updateViewTime.body.extend({ token: z.string({ error: 'token: The link token is missing' }).min(1, 'token: The link token is missing') });

function parseJson(text: unknown): unknown {
  try {
    return typeof text === 'string' ? JSON.parse(text) : text;
  } catch {
    return undefined;
  }
}

const downloadBody = z.object({ path: z.string({ error: 'path: path is required' }).min(1, 'path: path is required').max(2000) });

/** Header constraint: requests carrying `public-request` reach the public twin of a staff route. */
export const PUBLIC_REQUEST_CONSTRAINT = 'publicRequest';

export function registerPublicRequestConstraint(app: FastifyInstance): void {
  if (app.hasConstraintStrategy(PUBLIC_REQUEST_CONSTRAINT)) return;
  app.addConstraintStrategy({
    name: PUBLIC_REQUEST_CONSTRAINT,
    storage: () => {
      const handlers = new Map<string, unknown>();
      return {
        get: (value: string) => (handlers.get(value) ?? null) as never,
        set: (value: string, store: unknown) => void handlers.set(value, store),
      };
    },
    deriveConstraint: (request) => (request.headers['public-request'] !== undefined ? 'yes' : 'no'),
    mustMatchWhenDerived: false,
  });
}

export async function proposalRoutes(app: FastifyInstance, deps: { db: Db; hub: RealtimeHub }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, hub } = deps;
  api.patch(endpoints.viewProposal.path, { config: PUBLIC, serializerCompiler: plainJson, schema: { body: endpoints.viewProposal.body, response: { '2xx': endpoints.viewProposal.reply }, tags, summary: 'Customer: record a view and read the proposal' } }, async (request): Answer<'viewProposal'> => {
    const grant = await requireLink(db, request, 'proposal');
    requireSameRecord(grant, request.body.id, 'proposal');
    return viewProposal(db, hub, grant);
  });

  api.patch(endpoints.acceptProposal.path, { config: PUBLIC, serializerCompiler: plainJson, schema: { body: endpoints.acceptProposal.body, response: { '2xx': endpoints.acceptProposal.reply }, tags, summary: 'Customer: accept (Won) or reject (Lost) a final proposal' } }, async (request): Answer<'acceptProposal'> => {
    const grant = await requireLink(db, request, 'proposal');
    requireSameRecord(grant, request.body.id, 'proposal');
    return decideProposal(db, hub, grant, request.body);
  });

  api.patch(endpoints.updateViewTime.path, { config: PUBLIC, serializerCompiler: plainJson, schema: { body: endpoints.updateViewTime.body, response: { '2xx': endpoints.updateViewTime.reply }, tags, summary: 'Customer: seconds spent on the page for one view' } }, async (request): Answer<'updateViewTime'> => {
    const grant = await requireLink(db, request, 'proposal');
    requireSameRecord(grant, request.body.id, 'proposal');
    return updateViewTime(db, grant, request.body._id, request.body.time);
  });

  // The page's time as it goes out of sight or away (issue 33): `navigator.sendBeacon` sends plain text and no headers,
  // so the link's token is in the body. Same checks and the same store as updateViewTime; nothing to answer.
  api.post(
    VIEW_TIME_BEACON_PATH,
    { config: PUBLIC, schema: { body: z.string().max(2000), tags, summary: "Customer: seconds spent on the page for one view, sent by the page's beacon (text/plain JSON with the token)" } },
    async (request, reply) => {
      const sent = beaconBody.safeParse(parseJson(request.body));
      if (!sent.success) throw badRequest(String(sent.error.issues[0]?.path[0] ?? 'body'), unworded(sent.error.issues[0]?.message ?? 'Not a view-time report', "a page's beacon, whose answer no one reads"));
      const grant = await requireLinkToken(db, sent.data.token, 'proposal');
      requireSameRecord(grant, sent.data.id, 'proposal');
      await updateViewTime(db, grant, sent.data._id, sent.data.time);
      return reply.code(204).send();
    },
  );

  api.post(
    endpoints.generatePdf.path,
    { config: PUBLIC, serializerCompiler: plainJson, schema: { params: endpoints.generatePdf.params, response: { '2xx': endpoints.generatePdf.reply }, tags, summary: 'Customer: the proposal as a PDF (base64)' } },
    async (request): Answer<'generatePdf'> => {
      const grant = await requireLink(db, request, 'proposal');
      requireSameRecord(grant, request.params.id, 'proposal');
      return proposalPdf(db, grant.tenantId, await readProposal(db, grant));
    },
  );

  api.post(
    '/api/app/file-upload/downloadFile',
    {
      config: PUBLIC,
      constraints: { [PUBLIC_REQUEST_CONSTRAINT]: 'yes' },
      // The staff call's reply (the catalogue's file-upload downloadFile), which /api/docs shows for this path.
      schema: { body: downloadBody, response: { '2xx': fileReply }, tags, summary: "Customer: one of the proposal's attachments (base64); needs public-request" },
      serializerCompiler: plainJson,
    },
    async (request, reply) => {
      const grant = await requireLink(db, request, 'proposal');
      const proposal = await readProposal(db, grant);
      const { path } = request.body;
      // Only what the proposal lists: a token never reaches the tenant's other files.
      const attachment = (proposal.attachementDocument ?? []).find((doc) => doc.url === path);
      if (!attachment) throw notFound(refusal('proposalNoAttachment', { path }));
      const body = await findFileBodyByUrl(db, grant.tenantId, path, filePath(path));
      if (typeof body?.contentBase64 !== 'string') throw notFound(refusal('fileNotStored', { path }));
      const name = attachment.name ?? String(body.name ?? 'Download.pdf');
      void reply.headers(fileAnswerHeaders(name));
      return { data: body.contentBase64, name, mimeType: servedType(body.mimeType ?? 'application/pdf') };
    },
  );
}
