/**
 * Prospective subscribers (document 1 §2 "Public subscriber details page", §4, §5; document 2 §7):
 * - the sign-up page creates a request (status Pending);
 * - the platform operator sends the subscriber-details link (status Link Sent);
 * - the prospect confirms the details and accepts the terms and the privacy policy (status Accepted).
 *
 * Requests belong to the platform's own tenant (server/domain/admin/platform-tenant.ts), where the platform
 * operator's account is (the demo's operator@demo.local). That is where the operator's
 * subscription-request list (SUBSCRIPTION_REQUESTS_LIST) reads them, with the ordinary tenant scoping.
 */
import { subscriptionRequest } from '../../../src/contract/modules/sales';
import {
  isSubscribed,
  validateSubscriber,
  type SubscriberErrors,
  type SubscriberValues,
} from '../../../src/contract/subscriberDetailsRules';
import { readPlatformTenant } from '../../db/platform-tenant-store';
import { inTransaction, type Db, type Queryable } from '../../db/pool';
import { repo, type ApiRecord } from '../../db/repository';
import { conflict, DomainError, invalid, missingRecord, unavailable } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { validationSaying } from '../../../src/contract/validationMessages';
import type { RealtimeHub } from '../../realtime/hub';
import { transitionIn } from '../lifecycle';
import { customerOnLink, partyContext } from '../step-context';
import type { LinkGrant } from './link-tokens';
import { latestText, textById, type TextKind } from './platform-texts';
import type { PublicRequest } from '../../../src/contract/publicShapes';

/** The platform's own tenant, where its operator manages the prospects (server/domain/admin/platform-tenant.ts). */
export async function platformTenant(db: Queryable): Promise<string> {
  const tenantId = await readPlatformTenant(db);
  if (tenantId === undefined) throw unavailable(refusal('signUpsClosed'));
  return tenantId;
}

/** What the public page reads of a request (src/contract/publicShapes.ts). */
export type { PublicRequest };

export function publicRequest(record: ApiRecord | (Record<string, unknown> & { _id: string })): PublicRequest {
  return {
    _id: record._id,
    companyName: String(record.companyName ?? ''),
    gstNo: String(record.gstNo ?? ''),
    companyTeamSize: (record.companyTeamSize as number | string | undefined) ?? '',
    address: String(record.address ?? ''),
    status: String(record.status ?? 'Pending'),
  };
}

export interface DetailsBody {
  companyName?: unknown;
  gstNo?: unknown;
  companyTeamSize?: unknown;
  address?: unknown;
  termsAndConditions?: unknown;
  privacyPolicy?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '');

/** The first failing rule as a 400 naming its field, with the form's own message. */
function firstError(errors: SubscriberErrors): DomainError | undefined {
  for (const field of ['companyName', 'gstNo', 'companyTeamSize', 'address'] as const) {
    if (errors[field]) return invalid(field, validationSaying(errors[field] as string));
  }
  return undefined;
}

/**
 * An acceptance is `true` or the _id of the text version accepted (which must exist); stored as that
 * version's _id, so it is known later which wording was accepted.
 */
async function acceptedVersion(db: Queryable, kind: TextKind, value: unknown): Promise<string | null> {
  // With no text published there is nothing to accept (the page disables both buttons).
  if (value === true) return (await latestText(db, kind))?._id ?? null;
  if (typeof value === 'string' && value) return (await textById(db, kind, value))?._id ?? null;
  return null;
}

interface Checked {
  values: SubscriberValues;
  termsAndConditions: string;
  privacyPolicy: string;
}

async function checkDetails(db: Queryable, body: DetailsBody, companyName: string): Promise<Checked> {
  const values: SubscriberValues = { companyName, gstNo: text(body.gstNo).trim(), companyTeamSize: text(body.companyTeamSize).trim(), address: text(body.address).trim() };
  const terms = await acceptedVersion(db, 'terms', body.termsAndConditions);
  const privacy = await acceptedVersion(db, 'privacy', body.privacyPolicy);
  const errors = validateSubscriber(values, { termsAndConditions: terms !== null, privacyPolicy: privacy !== null });
  const fieldError = firstError(errors);
  if (fieldError) throw fieldError;
  if (errors.acceptance) throw invalid(terms === null ? 'termsAndConditions' : 'privacyPolicy', validationSaying(errors.acceptance));
  return { values, termsAndConditions: terms as string, privacyPolicy: privacy as string };
}

/** Sign-up (POST /api/public/public-subscription-request). */
export async function signUp(db: Queryable, hub: RealtimeHub, body: DetailsBody & { contactName?: unknown; email?: unknown; phone?: unknown }): Promise<PublicRequest> {
  const checked = await checkDetails(db, body, text(body.companyName).trim());
  const tenantId = await platformTenant(db);
  const record = await repo(db, subscriptionRequest, tenantId).create({
    ...checked.values,
    companyTeamSize: Number(checked.values.companyTeamSize),
    status: 'Pending',
    termsAndConditions: checked.termsAndConditions,
    privacyPolicy: checked.privacyPolicy,
    ...(text(body.contactName) ? { contactName: text(body.contactName).trim().slice(0, 120) } : {}),
    ...(text(body.email) ? { email: text(body.email).trim().slice(0, 200) } : {}),
    ...(text(body.phone) ? { phone: text(body.phone).trim().slice(0, 20) } : {}),
  });
  hub.recordChanged(tenantId, { module: subscriptionRequest.name, op: 'create', _id: record._id });
  return publicRequest(record);
}

async function requireRequest(db: Queryable, grant: LinkGrant): Promise<ApiRecord> {
  const record = await repo(db, subscriptionRequest, grant.tenantId).getById(grant.recordId);
  if (!record) throw missingRecord('subscription-request', grant.recordId);
  return record;
}

export async function readRequest(db: Queryable, grant: LinkGrant): Promise<PublicRequest> {
  return publicRequest(await requireRequest(db, grant));
}

/**
 * The prospect's confirmation (PUT /api/public/public-subscription-request/{id}): the details checked again here,
 * both texts accepted, and the lifecycle's "confirm" step taken as the prospect (status Accepted), with the details,
 * in one transaction. The company name is read-only on the page and stays.
 */
export async function confirmDetails(db: Db, hub: RealtimeHub, grant: LinkGrant, body: DetailsBody & { status?: unknown }): Promise<PublicRequest> {
  if (body.status !== 'Accepted') throw invalid('status', refusal('statusMustBeAccepted'));
  const current = await requireRequest(db, grant);
  if (isSubscribed(String(current.status))) throw conflict(refusal('requestAlready', { status: String(current.status) }));
  const checked = await checkDetails(db, body, String(current.companyName ?? ''));
  const prospect = partyContext({ db, hub, def: subscriptionRequest, tenantId: grant.tenantId, caller: customerOnLink('Prospect (details link)') });
  await inTransaction(db, async (tx) => {
    await transitionIn(tx, prospect, grant.recordId, { event: 'confirm' });
    await repo(tx, subscriptionRequest, grant.tenantId).update(grant.recordId, {
      gstNo: checked.values.gstNo,
      companyTeamSize: Number(checked.values.companyTeamSize),
      address: checked.values.address,
      termsAndConditions: checked.termsAndConditions,
      privacyPolicy: checked.privacyPolicy,
    });
  });
  hub.recordChanged(grant.tenantId, { module: subscriptionRequest.name, op: 'update', _id: grant.recordId });
  return publicRequest(await requireRequest(db, grant));
}
