/**
 * Prospective subscribers and the texts they accept (document 2 §7 "Subscription requests"):
 * - POST /api/public/public-subscription-request: the sign-up page (/auth/subscription-request) creates a
 *   request; no token, rate-limited harder than the rest (the spec shows no path for it).
 * - GET  /api/public/public-subscription-request/getById/{id} and PUT …/{id}: the subscriber-details page,
 *   opened only by that request's link token.
 * - GET  /api/public/public-terms-and-conditions/getLatestTandC → { _id, termsAndConditions }, and
 *   GET  …/getLatestPrivacyPolicy → { privacyPolicyData: { _id, termsAndConditions } } (the spec's reply
 *   shapes; the privacy call's path is not shown). Public texts: no token.
 * - GET /api/saas/platform-texts and PUT /api/saas/platform-texts/{terms|privacy} { html }: the platform
 *   operator's editor; each save is a new version.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/pool';
import { latestText, plainText, publishText } from '../domain/public/platform-texts';
import { confirmDetails, readRequest, signUp } from '../domain/public/subscription-requests';
import { currentUser, type Access } from '../http/access';
import { badRequest, forbidden } from '../http/errors';
import { refusal } from '../../src/contract/refusalMessages';
import { validation } from '../../src/contract/validationMessages';
import type { RealtimeHub } from '../realtime/hub';
import type { EndpointAnswer } from '../../src/contract/endpoints';
import { platformTextEndpoints, publicSubscriptionEndpoints as endpoints } from '../../src/contract/publicShapes';
import { plainJson } from '../http/plain-json';
import { requireLink, requireSameRecord } from './public-access';

const PUBLIC = { access: { kind: 'public' as const } };
const tags = ['public'];

/** Sign-ups per address: enough for a typo or two, not for filling the operator's list with junk. */
export const SIGN_UP_LIMIT = { max: 10, timeWindow: 60 * 60_000 };

/** What the handler of a public subscription call answers: its reply schema's input (src/contract/publicShapes.ts). */
type Answer<K extends keyof typeof endpoints> = Promise<EndpointAnswer<(typeof endpoints)[K]>>;

export async function subscriptionRoutes(app: FastifyInstance, deps: { db: Db; hub: RealtimeHub }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, hub } = deps;
  api.post(endpoints.signUp.path, { config: { ...PUBLIC, rateLimit: SIGN_UP_LIMIT }, serializerCompiler: plainJson, schema: { body: endpoints.signUp.body, response: { '2xx': endpoints.signUp.reply }, tags, summary: 'Sign-up: a new subscription request' } }, async (request, reply): Answer<'signUp'> => {
    const created = await signUp(db, hub, request.body);
    reply.code(201);
    return created;
  });

  api.get(endpoints.getById.path, { config: PUBLIC, serializerCompiler: plainJson, schema: { params: endpoints.getById.params, response: { '2xx': endpoints.getById.reply }, tags, summary: 'Subscriber details page: the request its link opens' } }, async (request): Answer<'getById'> => {
    const grant = await requireLink(db, request, 'subscription-request');
    requireSameRecord(grant, request.params.id, 'subscription-request');
    return readRequest(db, grant);
  });

  api.put(endpoints.confirm.path, { config: PUBLIC, serializerCompiler: plainJson, schema: { params: endpoints.confirm.params, body: endpoints.confirm.body, response: { '2xx': endpoints.confirm.reply }, tags, summary: 'Subscriber details page: confirm details, accept terms and privacy' } }, async (request): Answer<'confirm'> => {
    const grant = await requireLink(db, request, 'subscription-request');
    requireSameRecord(grant, request.params.id, 'subscription-request');
    if (request.body._id !== undefined && request.body._id !== request.params.id) throw badRequest('_id', refusal('notTheRequestInPath'));
    return confirmDetails(db, hub, grant, request.body);
  });

  api.get(endpoints.latestTerms.path, { config: PUBLIC, serializerCompiler: plainJson, schema: { response: { '2xx': endpoints.latestTerms.reply }, tags, summary: 'The latest terms and conditions' } }, async (): Answer<'latestTerms'> => {
    const terms = await latestText(db, 'terms');
    return { _id: terms?._id ?? null, termsAndConditions: terms?.html ?? null };
  });
  api.get(endpoints.latestPrivacy.path, { config: PUBLIC, serializerCompiler: plainJson, schema: { response: { '2xx': endpoints.latestPrivacy.reply }, tags, summary: 'The latest privacy policy' } }, async (): Answer<'latestPrivacy'> => {
    const privacy = await latestText(db, 'privacy');
    return { privacyPolicyData: privacy ? { _id: privacy._id, termsAndConditions: privacy.html } : null };
  });

  // The operator's editor: the subscription-request feature, and only the platform operator.
  const operator = (privilege: 'VIEW' | 'UPDATE'): { access: Access } => ({ access: { kind: 'privilege', feature: 'SUBSCRIPTION_REQUESTS_LIST', privilege } });
  const onlyOperator = (request: Parameters<typeof currentUser>[0]) => {
    if (!currentUser(request).isOperator) throw forbidden(refusal('operatorTermsTexts'));
  };
  const texts = platformTextEndpoints;
  api.get(texts.latest.path, { config: operator('VIEW'), serializerCompiler: plainJson, schema: { response: { '2xx': texts.latest.reply }, tags: ['saas'], summary: 'Operator: the latest terms and privacy texts' } }, async (request): Promise<EndpointAnswer<typeof texts.latest>> => {
    onlyOperator(request);
    return { terms: await latestText(db, 'terms'), privacy: await latestText(db, 'privacy') };
  });
  api.put(
    texts.publish.path,
    { config: operator('UPDATE'), serializerCompiler: plainJson, schema: { params: texts.publish.params, body: texts.publish.body, response: { '2xx': texts.publish.reply }, tags: ['saas'], summary: 'Operator: publish a new version of the terms or the privacy text' } },
    async (request): Promise<EndpointAnswer<typeof texts.publish>> => {
      onlyOperator(request);
      const user = currentUser(request);
      if (!plainText(request.body.html)) throw badRequest('html', validation('required', { label: 'Text' }));
      return publishText(db, request.params.kind, request.body.html, user._id);
    },
  );
}
