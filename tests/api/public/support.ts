/** Helpers of the public-page API tests: seeded proposals by name, links, and calls made with a link token. */
import { expect } from 'vitest';
import type { ApiBody, Reply, SignedIn, TestDb } from '../../helpers/test-db';

export interface ParsedLink {
  url: URL;
  token: string;
  acbS: string | null;
  zyxP: string | null;
}

export function parseLink(link: string): ParsedLink {
  const url = new URL(link);
  return { url, token: url.searchParams.get('token') ?? '', acbS: url.searchParams.get('acbS'), zyxP: url.searchParams.get('zyxP') };
}

export async function recordNamed(t: TestDb, who: SignedIn, path: string, field: string, value: string): Promise<Record<string, unknown> & { _id: string }> {
  const res = await t.call(who, 'GET', `${path}?${field}=${encodeURIComponent(value)}`);
  expect(res.status).toBe(200);
  const found = res.body.data?.[0];
  if (!found) throw new Error(`No record with ${field} = ${value}`);
  return found as Record<string, unknown> & { _id: string };
}

export async function proposalLink(t: TestDb, who: SignedIn, id: string): Promise<ParsedLink> {
  const res = await t.call(who, 'PATCH', '/api/app/proposal/generatePublicLink', { id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return parseLink(String(res.body.link));
}

/** A public call as the page makes it: the link token in `token`, and `public-request`. */
export function publicCall<T = ApiBody>(t: TestDb, token: string | null, method: string, url: string, body?: unknown): Promise<Reply<T>> {
  return t.call<T>(token, method, url, body, { 'public-request': 'true' });
}

export const PROPOSAL_API = '/api/public/business-proposal';

/** Creates a proposal of the demo's GA37 machine type and sends it with `status`. */
export async function sentProposal(t: TestDb, who: SignedIn, status: 'Sent(Draft)' | 'Sent(Final)', extra: Record<string, unknown> = {}): Promise<string> {
  const machine = await recordNamed(t, who, '/api/app/svc-machine-type', 'machineName', 'Screw Air Compressor GA37');
  const created = await t.call(who, 'POST', '/api/app/proposal', {
    proposalName: `Test proposal ${Math.random().toString(36).slice(2, 8)}`,
    machineType: machine._id,
    contractTerm: 24,
    monthlyRental: 50000,
    securityDeposit: 2,
    proposalValidity: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
    ...extra,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = String(created.body._id);
  const sent = await t.call(who, 'PATCH', '/api/app/proposal/sendProposal', { id, status });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return id;
}

export { pdfText } from '../../helpers/pdf-text';

/** The PDF without what changes from one rendering to the next: its creation date and the file id made from it. */
export function withoutStamps(pdf: Buffer): string {
  return pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '(D:date)')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, '/ID [id]');
}
