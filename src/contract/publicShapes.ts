/**
 * The public proposal page's calls (document 2 §7 "Public proposal and customer page calls"; server/public/
 * proposal-routes.ts): routes, request and reply schemas declared once (src/contract/endpoints.ts). The page imports
 * only the types (`import type`), so it still loads no zod; the server mounts the routes from these declarations.
 */
import { z } from 'zod';
import { defineEndpoints } from './endpoints';
import { pdfReply } from './modules/replies';

import { PLATFORM_TEXTS_PATH, PUBLIC_PROPOSAL_PATH, PUBLIC_REQUEST_PATH, TEXTS_PATH } from './publicPaths';
import { saysOf } from './validationMessages';

export { PLATFORM_TEXTS_PATH, PUBLIC_PROPOSAL_PATH, PUBLIC_REQUEST_PATH, TEXTS_PATH };

const figure = z.number().nullable().optional();

/** The fields of a proposal the public page reads (the server's public projection). */
export const publicProposal = z.strictObject({
  _id: z.string(),
  alternateId: z.string().optional(),
  proposalName: z.string().optional(),
  machineType: z.union([z.looseObject({ _id: z.string(), machineName: z.string().optional(), alternateId: z.string().optional() }), z.string()]).nullable().optional(),
  contractTerm: figure,
  lockInPeriod: figure,
  noticePeriod: figure,
  monthlyRental: figure,
  /** A multiplier of the monthly rental. */
  securityDeposit: figure,
  /** Percent per year. */
  escalation: figure,
  /** YYYY-MM-DD. */
  proposalValidity: z.string().optional(),
  status: z.string().optional(),
  owner: z.union([z.looseObject({ _id: z.string(), name: z.string().optional() }), z.string()]).nullable().optional(),
  attachementDocument: z.array(z.looseObject({ url: z.string(), name: z.string().optional() })).optional(),
  totalViewTime: z.array(z.looseObject({ _id: z.string(), viewedAt: z.string().optional(), time: z.number().optional(), status: z.string().optional() })).optional(),
  acceptNote: z.string().optional(),
  declineNote: z.string().optional(),
});
export type PublicProposal = z.output<typeof publicProposal>;

const idField = z.string({ error: saysOf('id', 'required', { label: 'id' }) }).min(1, saysOf('id', 'required', { label: 'id' }));

/** The public proposal page's calls, each with the link's token (its record must be the one asked for). */
export const publicProposalEndpoints = defineEndpoints({
  /** Records a view and answers the proposal, with the view record the page's time goes to. */
  viewProposal: {
    method: 'PATCH',
    path: `${PUBLIC_PROPOSAL_PATH}/viewProposal`,
    body: z.object({ id: idField, status: z.string().optional() }),
    reply: publicProposal.extend({ viewRecordId: z.string() }),
  },
  /** Accepts (Won) or rejects (Lost) a final proposal. */
  acceptProposal: {
    method: 'PATCH',
    path: `${PUBLIC_PROPOSAL_PATH}/acceptProposal`,
    body: z.object({
      id: idField,
      type: z.enum(['Won', 'Lost'], { error: saysOf('type', 'either', { label: 'Type', either: ['Won', 'Lost'] }) }),
      acceptNote: z.string().max(2000, saysOf('acceptNote', 'tooLongPlural', { label: 'Accept notes' })).optional(),
      declineNote: z.string().max(2000, saysOf('declineNote', 'tooLongPlural', { label: 'Reject notes' })).optional(),
    }),
    reply: publicProposal,
  },
  /** The seconds spent on the page for one view. */
  updateViewTime: {
    method: 'PATCH',
    path: `${PUBLIC_PROPOSAL_PATH}/updateViewTime`,
    body: z.object({
      id: idField,
      _id: z.string({ error: saysOf('_id', 'required', { label: 'The view record id' }) }).min(1, saysOf('_id', 'required', { label: 'The view record id' })),
      time: z.coerce.number({ error: saysOf('time', 'notSeconds', { label: 'Time' }) }).nonnegative(saysOf('time', 'negative', { label: 'Time' })).max(7 * 24 * 3600, saysOf('time', 'tooLarge', { label: 'Time' })),
    }),
    reply: z.strictObject({ _id: z.string(), time: z.number() }),
  },
  /** The proposal as a PDF (base64). */
  generatePdf: {
    method: 'POST',
    path: `${PUBLIC_PROPOSAL_PATH}/generatePdf/:id`,
    params: z.object({ id: idField }),
    reply: pdfReply,
  },
});


/** What the subscriber details page reads of a subscription request. */
export const publicRequest = z.strictObject({
  _id: z.string(),
  companyName: z.string(),
  gstNo: z.string(),
  companyTeamSize: z.union([z.number(), z.string()]),
  address: z.string(),
  status: z.string(),
});
export type PublicRequest = z.output<typeof publicRequest>;

/** A sign-up's or a confirmation's fields, as loose as the spec's page sends them (the server checks each). */
const loose = z.union([z.string(), z.number(), z.boolean(), z.null()]).optional();
const detailsBody = z.object({
  companyName: loose,
  gstNo: loose,
  companyTeamSize: loose,
  address: loose,
  termsAndConditions: loose,
  privacyPolicy: loose,
  _id: z.string().optional(),
  status: z.string().optional(),
  contactName: loose,
  email: loose,
  phone: loose,
});
const requestIdParams = z.object({ id: z.string().min(1, saysOf('id', 'required', { label: 'id' })) });

/** Sign-up and the subscriber details page's calls, and the texts they show (the spec's reply shapes). */
export const publicSubscriptionEndpoints = defineEndpoints({
  /** Sign-up: a new subscription request (201). */
  signUp: { method: 'POST', path: PUBLIC_REQUEST_PATH, body: detailsBody, reply: publicRequest },
  /** The request the page's link opens. */
  getById: { method: 'GET', path: `${PUBLIC_REQUEST_PATH}/getById/:id`, params: requestIdParams, reply: publicRequest },
  /** Confirms the details and accepts the terms and the privacy policy. */
  confirm: { method: 'PUT', path: `${PUBLIC_REQUEST_PATH}/:id`, params: requestIdParams, body: detailsBody, reply: publicRequest },
  /** The latest terms and conditions: its version's _id and its text. */
  latestTerms: {
    method: 'GET',
    path: `${TEXTS_PATH}/getLatestTandC`,
    reply: z.strictObject({ _id: z.string().nullable(), termsAndConditions: z.string().nullable() }),
  },
  /** The latest privacy policy (the spec keeps its text in `termsAndConditions`). */
  latestPrivacy: {
    method: 'GET',
    path: `${TEXTS_PATH}/getLatestPrivacyPolicy`,
    reply: z.strictObject({ privacyPolicyData: z.strictObject({ _id: z.string(), termsAndConditions: z.string() }).nullable() }),
  },
});


/** The platform's texts a prospect accepts: the terms and conditions, and the privacy policy. */
export const TEXT_KINDS = ['terms', 'privacy'] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

/** One published version of a platform text (sanitised HTML). */
export const platformText = z.strictObject({
  _id: z.string(),
  kind: z.enum(TEXT_KINDS),
  html: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type PlatformText = z.output<typeof platformText>;

/** The platform operator's editor of the texts (SUBSCRIPTION_REQUESTS_LIST, the operator only). */
export const platformTextEndpoints = defineEndpoints({
  /** The latest version of each text. */
  latest: { method: 'GET', path: PLATFORM_TEXTS_PATH, reply: z.strictObject({ terms: platformText.nullable(), privacy: platformText.nullable() }) },
  /** Publishes a new version of one text. */
  publish: {
    method: 'PUT',
    path: `${PLATFORM_TEXTS_PATH}/:kind`,
    params: z.object({ kind: z.enum(TEXT_KINDS, { error: saysOf('kind', 'either', { label: 'Kind', either: ['terms', 'privacy'] }) }) }),
    body: z.object({ html: z.string({ error: saysOf('html', 'required', { label: 'Text' }) }).max(200_000, saysOf('html', 'tooLong', { label: 'Text' })) }),
    reply: platformText,
  },
});
