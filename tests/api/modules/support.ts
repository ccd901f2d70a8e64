/** Helpers of the business-module API tests: a user with chosen features, dates, PDF checks. */
import { expect } from 'vitest';
import type { ApiBody, Reply, SignedIn, TestDb } from '../../helpers/test-db';

let counter = 0;

/** A new user holding one role with exactly these features. */
export async function userWith(t: TestDb, admin: SignedIn, features: Array<{ feature: string; privileges: string[] }>): Promise<SignedIn> {
  counter += 1;
  const name = `TEST_ROLE_${counter}_${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
  const role = await t.call(admin, 'POST', '/api/app/role', { name, features });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const email = `${name.toLowerCase()}@demo.local`;
  const user = await t.call(admin, 'POST', '/api/app/subscriber-user', { name: `User ${counter}`, email, password: 'Sample@2026', roles: [role.body._id] });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  return t.signIn(email, 'Sample@2026');
}

/** YYYY-MM-DD `days` from today (UTC calendar; tests keep a margin of a day or more). */
export function isoDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Asserts a `{ data: base64 }` reply holds a PDF document, and answers its bytes. */
export function expectPdf(res: Reply<ApiBody>): Buffer {
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  expect(res.body.mimeType).toBe('application/pdf');
  const bytes = Buffer.from(String(res.body.data), 'base64');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
  return bytes;
}

/** The first record of a list call whose `field` equals `value`. */
export async function findOne(t: TestDb, who: SignedIn, path: string, field: string, value: string): Promise<ApiBody> {
  const res = await t.call(who, 'GET', `${path}?${field}=${encodeURIComponent(value)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const found = res.body.data?.[0];
  if (!found) throw new Error(`No ${path} record with ${field} = ${value}`);
  return found as ApiBody;
}
