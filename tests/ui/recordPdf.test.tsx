/**
 * "Download PDF" on a record's detail view, for a module whose catalogue has generatePdf (fire
 * extinguishers here): the call goes out with the record's id, the reply is saved under its file name,
 * and a failure is notified with the module's message while nothing is saved.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
const EXTINGUISHER = { _id: 'fe1', alternateId: 'FE-000007', serialNo: 'FE-PUN-0901', type: 'CO2', capacityKg: 4.5, nextRefillDue: '2026-09-30', status: 'In Service' };
const PDF_BASE64 = Buffer.from('%PDF-1.4 test').toString('base64');

let saved: Array<{ name: string; href: string }>;
let blobs: Blob[];

beforeEach(() => {
  saved = [];
  blobs = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), `blob:test/${blobs.length}`), revokeObjectURL: () => undefined }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  resetHarness();
});

async function openDetails(reply: { status?: number; body: unknown }) {
  storePreviousVisit(admin);
  const api = apiFor([admin]);
  api.on('GET', '/api/app/fire-extinguisher', { body: { data: [EXTINGUISHER], total: 1 } });
  api.on('POST', '/api/app/fire-extinguisher/generatePdf/:id', reply);
  api.on('GET', '/api/app/fire-extinguisher/getById/:id', { body: EXTINGUISHER });
  const app = renderApp(api, '/app/extinguisher-list');
  const user = userEvent.setup();
  await user.click((await screen.findAllByRole('button', { name: /^View / }))[0]!);
  return { app, user, button: await screen.findByRole('button', { name: 'Download PDF' }) };
}

describe('record PDF download', () => {
  it("asks for the record's PDF and saves it under the server's file name", async () => {
    const { app, user, button } = await openDetails({ body: { data: PDF_BASE64, fileName: 'FE-000007.pdf', mimeType: 'application/pdf' } });
    await user.click(button);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('FE-000007.pdf');
    expect(app.api.requestsTo('POST', '/api/app/fire-extinguisher/generatePdf/fe1')).toHaveLength(1);
    expect(blobs[0]!.type).toBe('application/pdf');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(text).toBe('%PDF-1.4 test');
  });

  it("shows the module's message when the PDF fails, and saves nothing", async () => {
    const { user, button } = await openDetails({ status: 500, body: {} });
    await user.click(button);
    expect(await screen.findByText('Failed to get fire extinguisher details')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });
});
