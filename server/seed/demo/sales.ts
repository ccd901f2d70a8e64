/** Demo sales pipeline: leads in every stage, proposals (one final and open to accept), agreements. */
import { agreement, lead, proposal, proposalActivity, subscriptionRequest, subscriptionRequestQa } from '../../../src/contract/modules/sales';
import { newId } from '../../db/ids';
import type { DemoSeedContext } from './context';
import { at, day, gstin, put, type Body } from './kit';

function note(text: string, by: string, daysAgo: number): Body {
  const id = newId();
  return { _id: id, noteId: id, note: text, createdAt: at(-daysAgo), createdBy: by };
}

export async function seedSales(ctx: DemoSeedContext): Promise<void> {
  const { ids } = ctx;
  const owner = ids.adminUser;
  const leads = await put(ctx, lead, [
    { title: 'Rental of 2 screw compressors', companyName: 'Kalyani Forge Components', contactName: 'Anand Deshpande', email: 'anand.d@kalyaniforge.in', phone: '+91 98220 45110', city: 'Chakan', source: 'Existing Client', leadStage: 'Won', expectedValuePaise: 408000000, expectedCloseDate: day(-30), owner, machineTypeIds: [ids.mtCompressor], notes: [note('Signed after site survey; 36-month term.', 'Asha Kulkarni', 32)], stageHistory: [{ from: 'Negotiation', to: 'Won', at: at(-31), by: 'Asha Kulkarni' }] },
    { title: 'Chiller AMC for two plants', companyName: 'Deccan Auto Castings', contactName: 'Rahul Jadhav', city: 'Pune', source: 'Referral', leadStage: 'Negotiation', expectedValuePaise: 96000000, expectedCloseDate: day(15), owner, machineTypeIds: [ids.mtChiller], notes: [note('Wants 4-hour response on Sundays as well.', 'Asha Kulkarni', 3)] },
    { title: 'Compressor on rent for new moulding line', companyName: 'Pune Polymers LLP', contactName: 'Farhan Shaikh', city: 'Ranjangaon', source: 'Website', leadStage: 'Proposal Sent', expectedValuePaise: 30600000, expectedCloseDate: day(10), owner, machineTypeIds: [ids.mtCompressor] },
    { title: 'VMC retrofit and spindle rebuild programme', companyName: 'Sai Precision Engineering', city: 'Bhosari', source: 'Trade Show', leadStage: 'Qualified', expectedValuePaise: 125000000, expectedCloseDate: day(40), owner, machineTypeIds: [ids.mtVmc] },
    { title: 'Turnkey compressed-air audit', companyName: 'Shivneri Auto Parts', contactName: 'Pooja Kale', city: 'Talegaon', source: 'Cold Call', leadStage: 'Contacted', expectedValuePaise: 18000000, owner },
    { title: 'Cooling tower and chiller rental (summer)', companyName: 'Mahalaxmi Dairy', city: 'Baramati', source: 'Website', leadStage: 'New', expectedValuePaise: 42000000, owner },
    { title: 'Injection moulding machine AMC', companyName: 'Crystal Packaging', city: 'Shirwal', source: 'Partner', leadStage: 'Lost', leadStatusReason: 'Chose the OEM service contract (price)', expectedValuePaise: 22000000, owner, stageHistory: [{ from: 'Negotiation', to: 'Lost', reason: 'Chose the OEM service contract (price)', at: at(-8), by: 'Asha Kulkarni' }] },
    { title: 'Textile mill compressor upgrade', companyName: 'Sunrise Textiles Pvt Ltd', contactName: 'Meera Shah', city: 'Ahmedabad', source: 'Existing Client', leadStage: 'Qualified', expectedValuePaise: 64000000, owner, machineTypeIds: [ids.mtCompressor] },
  ]);
  const attachments = [{ url: ids.datasheetUrl || '/files/demo/EG-37-datasheet.pdf', name: 'EG-37-datasheet.pdf' }];
  const proposals = await put(ctx, proposal, [
    { proposalName: 'Screw compressor rental – Pune Polymers Ranjangaon', machineType: ids.mtCompressor, contractTerm: 36, lockInPeriod: 12, noticePeriod: 3, monthlyRental: 85000, securityDeposit: 3, escalation: 5, proposalValidity: day(21), status: 'Sent(Final)', owner, leadId: leads[2]?._id, clientName: 'Pune Polymers LLP', clientEmail: 'farhan@punepolymers.in', attachementDocument: attachments, sentAt: at(-2), totalViewTime: [{ _id: newId(), viewedAt: at(-1, -4), time: 184, status: 'View' }] },
    { proposalName: 'Chiller AMC – Deccan Auto Castings (draft terms)', machineType: ids.mtChiller, contractTerm: 24, noticePeriod: 2, monthlyRental: 40000, escalation: 4, proposalValidity: day(30), status: 'Sent(Draft)', owner, leadId: leads[1]?._id, clientName: 'Deccan Auto Castings', sentAt: at(-3), totalViewTime: [{ _id: newId(), viewedAt: at(-2), time: 95, status: 'View' }, { _id: newId(), viewedAt: at(-1), time: 240, status: 'View' }] },
    { proposalName: 'Compressor rental – Kalyani Forge Chakan', machineType: ids.mtCompressor, contractTerm: 36, lockInPeriod: 12, noticePeriod: 3, monthlyRental: 85000, securityDeposit: 3, escalation: 5, proposalValidity: day(-25), status: 'Won', owner, leadId: leads[0]?._id, clientName: 'Kalyani Forge Components', acceptNote: 'Accepted as discussed; please start from the 1st.', bookmarked: true, sentAt: at(-40), totalViewTime: [{ _id: newId(), viewedAt: at(-38), time: 420, status: 'View' }] },
    { proposalName: 'VMC spindle rebuild programme – Sai Precision', machineType: ids.mtVmc, contractTerm: 12, monthlyRental: 60000, proposalValidity: day(45), status: 'Draft', owner, leadId: leads[3]?._id, clientName: 'Sai Precision Engineering', notes: [{ _id: newId(), note: 'Add the optional spare spindle cartridge price', createdAt: at(-1), createdBy: 'Asha Kulkarni' }] },
    { proposalName: 'Moulding machine AMC – Crystal Packaging', machineType: ids.mtMoulding, contractTerm: 12, monthlyRental: 18000, proposalValidity: day(-10), status: 'Lost', owner, leadId: leads[6]?._id, clientName: 'Crystal Packaging', declineNote: 'Going with the OEM contract this year.', archived: true, sentAt: at(-20) },
  ]);
  ids.proposalFinal = proposals[0]?._id ?? '';
  const activity: Body[] = [];
  for (const p of proposals) {
    activity.push({ proposalId: p._id, type: 'Created', description: `Proposal ${String(p.alternateId)} created`, actor: 'Asha Kulkarni', at: at(-45) });
    if (p.status !== 'Draft') activity.push({ proposalId: p._id, type: 'Sent', description: `Sent as ${p.status === 'Sent(Draft)' ? 'Sent(Draft)' : 'Sent(Final)'}`, actor: 'Asha Kulkarni', at: String(p.sentAt ?? at(-3)) });
    for (const v of (p.totalViewTime as Body[] | undefined) ?? []) activity.push({ proposalId: p._id, type: 'Viewed', description: `Viewed for ${String(v.time)} s`, actor: String(p.clientName ?? 'Customer'), at: String(v.viewedAt) });
  }
  activity.push({ proposalId: proposals[2]?._id, type: 'Accepted', description: 'Accepted as discussed; please start from the 1st.', actor: 'Kalyani Forge Components', at: at(-35) });
  activity.push({ proposalId: proposals[4]?._id, type: 'Rejected', description: 'Going with the OEM contract this year.', actor: 'Crystal Packaging', at: at(-12) });
  activity.push({ proposalId: proposals[0]?._id, type: 'Call', description: 'Explained the escalation clause to Farhan; decision expected this week.', actor: 'Asha Kulkarni', at: at(-1, -2) });
  await put(ctx, proposalActivity, activity);

  await put(ctx, agreement, [
    { proposalId: proposals[2]?._id, clientName: 'Kalyani Forge Components', clientGstNo: ids.gstKalyani, clientAddress: 'Plot B-12, MIDC Phase II, Chakan, Pune 410501', clientEmail: 'accounts@kalyaniforge.in', clientId: ids.clientKalyani, machineInstanceIds: [ids.miCp01, ids.miCp02], startDate: day(-30), endDate: day(1064), contractTerm: 36, lockInPeriod: 12, noticePeriod: 3, monthlyRentalPaise: 17000000, securityDepositPaise: 51000000, escalation: 5, billingCycle: 'Monthly', status: 'Active', signedAt: at(-32), terms: 'Rental includes quarterly PM and 4-hour breakdown response. Consumables (oil, filters) billed at actuals.' },
    { clientName: 'Pune Polymers LLP', clientGstNo: ids.gstPolymers, clientAddress: 'Gat 1120, Ranjangaon MIDC, Pune 412220', machineInstanceIds: [ids.miRental], startDate: day(14), endDate: day(1108), contractTerm: 36, lockInPeriod: 12, noticePeriod: 3, monthlyRentalPaise: 8500000, securityDepositPaise: 25500000, escalation: 5, status: 'Draft', proposalId: proposals[0]?._id },
  ]);

  // Prospects are the platform's, kept in its own tenant (server/domain/admin/platform-tenant.ts).
  const platform = { ...ctx, tenantId: ctx.ids.platformTenant ?? ctx.tenantId };
  const requests = await put(platform, subscriptionRequest, [
    { companyName: 'Satara Sugar Machinery Works', gstNo: gstin('27AAHFS7811D1Z'), companyTeamSize: 25, address: 'MIDC Satara / Satara / 415004 / India', contactName: 'Kiran Wagh', email: 'kiran@sataramachinery.example', status: 'Link Sent' },
    { companyName: 'Coimbatore Pumps & Motors', gstNo: gstin('33AACCC6024H1Z'), companyTeamSize: 60, address: 'SIDCO Kurichi / Coimbatore / 641021 / India', status: 'On-Board', termsAndConditions: true, privacyPolicy: true },
    { companyName: 'Kolhapur Foundry Cluster', gstNo: gstin('27AAMFK1190Q1Z'), companyTeamSize: 12, address: 'Shiroli MIDC / Kolhapur / 416122 / India', status: 'Rejected' },
  ]);
  await put(platform, subscriptionRequestQa, [
    { subscriptionRequestId: requests[0]?._id, question: 'How many plants will use the product?', answer: 'Two: Satpur and Sinnar', askedBy: 'Neha Joshi', answeredAt: at(-2) },
    { subscriptionRequestId: requests[0]?._id, question: 'Do you need sensor integration?', askedBy: 'Neha Joshi' },
    { subscriptionRequestId: requests[1]?._id, question: 'Preferred go-live date?', answer: 'First week of next month', askedBy: 'Neha Joshi', answeredAt: at(-5) },
  ]);
}
