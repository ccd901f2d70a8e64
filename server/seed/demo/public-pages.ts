/**
 * Demo records of the public pages (issue 5): proposals in each state the customer page shows (a final one
 * to accept or reject, an expired one, a Won one, a draft one), two real PDF attachments, subscription
 * requests for the operator's list, and the platform's terms and privacy texts. Links are not seeded:
 * tokens exist only as hashes, so staff generate them from the proposal screen.
 */
import { fileUpload } from '../../../src/contract/modules/assets';
import { svcMachineType } from '../../../src/contract/modules/machines';
import { proposal, subscriptionRequest } from '../../../src/contract/modules/sales';
import { paragraph, renderPdf, sectionTitle } from '../../domain/billing/pdf';
import { publishText } from '../../domain/public/platform-texts';
import type { DemoSeedContext } from './context';
import { day, gstin, put } from './kit';

export const DEMO_PROPOSALS = {
  final: 'Compressed air on rent – Chakan Plant 2',
  expired: 'Process chiller rental – Ranjangaon unit',
  won: 'DG set rental – Hinjewadi Phase 3',
  draft: 'Vacuum pump rental – Talegaon',
} as const;

export const DEMO_ATTACHMENTS = [
  { url: '/files/demo/rental-terms.pdf', name: 'Rental terms and conditions.pdf' },
  { url: '/files/demo/ga37-datasheet.pdf', name: 'GA37 datasheet.pdf' },
] as const;

export const DEMO_SUBSCRIPTION_REQUEST = 'Nashik Precision Tools Pvt Ltd';

const TERMS_HTML = `<h2>Terms &amp; Conditions</h2>
<p>These terms govern the use of the FieldOps service by the subscribing organisation.</p>
<ol>
<li>The subscription is billed monthly per named user, with GST as applicable.</li>
<li>The subscriber keeps ownership of its data and may export it at any time.</li>
<li>Either party may end the subscription with 30 days' written notice.</li>
</ol>`;

const PRIVACY_HTML = `<h2>Privacy Policy</h2>
<p>We process the personal data of your users only to provide the service: names, e-mail addresses and
the records they create.</p>
<ul>
<li>Data is stored in India and is never sold.</li>
<li>Access is logged and limited to the staff who support your account.</li>
</ul>`;

async function attachmentPdf(title: string, lines: readonly string[]): Promise<string> {
  const buffer = await renderPdf(
    (doc) => {
      sectionTitle(doc, title);
      for (const line of lines) paragraph(doc, line);
    },
    { title, author: 'Demo Industries Pvt Ltd' },
  );
  return buffer.toString('base64');
}

export async function seedPublicPages(ctx: DemoSeedContext): Promise<void> {
  const [machine] = await put(ctx, svcMachineType, [
    { machineName: 'Screw Air Compressor GA37', manufacturer: 'ELGi Equipments', model: 'EG 37', category: 'Compressor', ratedPowerKw: 37, warrantyMonths: 18 },
  ]);
  const [terms, datasheet] = DEMO_ATTACHMENTS;
  await put(ctx, fileUpload, [
    {
      name: terms.name,
      mimeType: 'application/pdf',
      url: terms.url,
      contentBase64: await attachmentPdf('Rental terms and conditions', [
        'Rent is payable monthly in advance. Escalation applies on each anniversary of the start date.',
        'The lessee keeps the machine insured and lets the lessor service it as scheduled.',
      ]),
    },
    {
      name: datasheet.name,
      mimeType: 'application/pdf',
      url: datasheet.url,
      contentBase64: await attachmentPdf('GA37 screw compressor datasheet', ['Free air delivery 6.3 m³/min at 7 bar; motor 37 kW; noise 67 dB(A).']),
    },
  ]);
  const common = {
    machineType: machine?._id,
    contractTerm: 36,
    lockInPeriod: 12,
    noticePeriod: 3,
    monthlyRental: 85000,
    securityDeposit: 3,
    escalation: 5,
    owner: ctx.ids.adminUser,
    totalViewTime: [],
    notes: [],
    archived: false,
    bookmarked: false,
  };
  await put(ctx, proposal, [
    { ...common, proposalName: DEMO_PROPOSALS.final, proposalValidity: day(30), status: 'Sent(Final)', attachementDocument: [...DEMO_ATTACHMENTS], sentAt: new Date().toISOString() },
    { ...common, proposalName: DEMO_PROPOSALS.expired, monthlyRental: 120000.5, proposalValidity: day(-3), status: 'Sent(Final)', attachementDocument: [], escalation: undefined },
    { ...common, proposalName: DEMO_PROPOSALS.won, monthlyRental: 64000, securityDeposit: 2, proposalValidity: day(10), status: 'Won', acceptNote: 'Please schedule installation for next Monday.', attachementDocument: [] },
    { ...common, proposalName: DEMO_PROPOSALS.draft, lockInPeriod: undefined, monthlyRental: 42000, proposalValidity: day(20), status: 'Sent(Draft)', attachementDocument: [] },
  ]);
  // The platform's prospects are kept in the platform's own tenant, where its operator works (server/domain/admin/platform-tenant.ts).
  await put({ ...ctx, tenantId: ctx.ids.platformTenant ?? ctx.tenantId }, subscriptionRequest, [
    { companyName: DEMO_SUBSCRIPTION_REQUEST, gstNo: gstin('27AAFCN7811D1Z'), companyTeamSize: 25, address: 'Satpur MIDC / Nashik / 422007 / India', contactName: 'Vikram Deshmukh', email: 'vikram@nashikprecision.example', status: 'Pending' },
    { companyName: 'Aurangabad Auto Castings LLP', gstNo: gstin('27AAQFA2231K1Z'), companyTeamSize: 60, address: 'Waluj MIDC / Aurangabad / 431136 / India', status: 'Accepted' },
  ]);
  const existing = await ctx.db.query('select 1 from platform_texts limit 1');
  if (!existing.rowCount) {
    await publishText(ctx.db, 'terms', TERMS_HTML, ctx.ids.operatorUser ?? null);
    await publishText(ctx.db, 'privacy', PRIVACY_HTML, ctx.ids.operatorUser ?? null);
  }
}
