/**
 * Demo clients (with valid GSTINs) and billing: GST invoices computed by the same engine as the API
 * (intra-state CGST+SGST for Maharashtra clients, IGST for the Gujarat client), an e-invoice, bills and a
 * supplementary invoice, payments and credit notes in each state.
 */
import { bills, client, clientMaster, clientSpoc, creditNote, invoice, invoiceItemMaster, payment } from '../../../src/contract/modules/billing';
import { computeDocument, type LineInput } from '../../../src/contract/gst';
import { eInvoiceFor } from '../../domain/billing/e-invoice';
import { paymentStatusOf } from '../../../src/contract/settlement';
import { repo } from '../../db/repository';
import type { DemoSeedContext } from './context';
import { DEMO_GSTIN } from '../demo-tenant';
import { at, day, gstin, put, type Body } from './kit';

/** Clients first: sites, machines and tickets point at them. */
export async function seedClients(ctx: DemoSeedContext): Promise<void> {
  const { ids } = ctx;
  ids.gstKalyani = gstin('27AABCK3320M1Z');
  ids.gstDeccan = gstin('27AADCD5618R1Z');
  ids.gstPolymers = gstin('27AAKFP2294G1Z');
  const [kalyani, deccan, polymers] = await put(ctx, client, [
    { companyName: 'Kalyani Forge Components Pvt Ltd', gstNo: ids.gstKalyani, industry: 'Forging and machining', address: 'Plot B-12, MIDC Phase II, Chakan, Pune 410501', city: 'Chakan', state: 'Maharashtra', email: 'accounts@kalyaniforge.in', phone: '+91 2135 662 100' },
    { companyName: 'Deccan Auto Castings Pvt Ltd', gstNo: ids.gstDeccan, industry: 'Ferrous castings', address: 'J-118, MIDC Bhosari, Pune 411026', city: 'Pune', state: 'Maharashtra', email: 'purchase@deccancastings.in' },
    { companyName: 'Pune Polymers LLP', gstNo: ids.gstPolymers, industry: 'Plastic moulding', address: 'Gat 1120, Ranjangaon MIDC, Pune 412220', city: 'Ranjangaon', state: 'Maharashtra', email: 'farhan@punepolymers.in' },
  ]);
  ids.clientKalyani = kalyani?._id ?? '';
  ids.clientDeccan = deccan?._id ?? '';
  ids.clientPolymers = polymers?._id ?? '';
  await put(ctx, clientMaster, [
    { clientId: ids.clientKalyani, legalName: 'Kalyani Forge Components Private Limited', gstNo: ids.gstKalyani, panNo: 'AABCK3320M', stateCode: '27', billingAddress: 'Plot B-12, MIDC Phase II, Chakan, Pune 410501', paymentTermsDays: 30, creditLimitPaise: 1500000000, email: 'accounts@kalyaniforge.in' },
    { clientId: ids.clientDeccan, legalName: 'Deccan Auto Castings Private Limited', gstNo: ids.gstDeccan, stateCode: '27', billingAddress: 'J-118, MIDC Bhosari, Pune 411026', paymentTermsDays: 45 },
    { clientId: ids.clientPolymers, legalName: 'Pune Polymers LLP', gstNo: ids.gstPolymers, stateCode: '27', billingAddress: 'Gat 1120, Ranjangaon MIDC, Pune 412220', paymentTermsDays: 30 },
    { clientId: ids.client, legalName: 'Sunrise Textiles Private Limited', gstNo: '24AAKCS4821M1Z3', stateCode: '24', billingAddress: 'Survey 112, Naroda GIDC, Ahmedabad, Gujarat 382330', paymentTermsDays: 30 },
  ]);
  await put(ctx, clientSpoc, [
    { clientId: ids.clientKalyani, name: 'Anand Deshpande', designation: 'Maintenance Head', email: 'anand.d@kalyaniforge.in', phone: '+91 98220 45110', primary: true, escalationLevel: 1 },
    { clientId: ids.clientKalyani, name: 'Sunita Rao', designation: 'Purchase Manager', email: 'sunita.rao@kalyaniforge.in', phone: '+91 98230 11223', escalationLevel: 2 },
    { clientId: ids.clientDeccan, name: 'Rahul Jadhav', designation: 'Utilities In-charge', phone: '+91 97654 33012', primary: true },
    { clientId: ids.clientPolymers, name: 'Farhan Shaikh', designation: 'Plant Head', email: 'farhan@punepolymers.in', phone: '+91 99700 21455', primary: true },
    { clientId: ids.client, name: 'Meera Shah', designation: 'Maintenance Head', email: 'client@demo.local', phone: '+91 98250 22003', primary: true },
  ]);
  // Read through the module's schema, as the API's create does, so each item holds its defaults (active, unit): the
  // list's Active column was blank for every seeded item.
  await put(ctx, invoiceItemMaster, [
    { itemName: 'Compressor rental (per machine, per month)', hsnSac: '997314', kind: 'Service', unit: 'MON', ratePaise: 8500000, gstRate: 18 },
    { itemName: 'Breakdown visit charge', hsnSac: '998719', kind: 'Service', ratePaise: 150000, gstRate: 18 },
    { itemName: 'Service engineer labour (per hour)', hsnSac: '998719', kind: 'Service', unit: 'HRS', ratePaise: 95000, gstRate: 18 },
    { itemName: 'Preventive maintenance visit', hsnSac: '998719', kind: 'Service', ratePaise: 350000, gstRate: 18 },
    { itemName: 'Refrigerant R-134a (per kg)', hsnSac: '2903', kind: 'Goods', unit: 'KGS', ratePaise: 135000, gstRate: 18 },
    { itemName: 'Zero-loss drain valve', hsnSac: '8481', kind: 'Goods', ratePaise: 1250000, gstRate: 18 },
  ].map((item) => invoiceItemMaster.fields.parse(item)));
}

function priced(body: Body & { items: LineInput[]; placeOfSupply: string }): Body {
  const { items, totals } = computeDocument(body.items, DEMO_GSTIN, body.placeOfSupply);
  return { ...body, supplierGstin: DEMO_GSTIN, supplierName: 'Demo Industries Pvt Ltd', items, ...totals };
}

export async function seedBilling(ctx: DemoSeedContext): Promise<void> {
  const { ids } = ctx;
  const billRows = await put(ctx, bills, [
    { ticketAlternateId: ids.ticketVmcAlt, category: 'Spare Parts', description: 'Spindle bearings 7014 C P4 (2 Nos)', vendor: 'Bharat Bearings Pvt Ltd', billNo: 'BB/2425/1182', billDate: day(-2), hsnSac: '8482', amountPaise: 3700000, gstRate: 18, status: 'Invoiced' },
    { ticketAlternateId: ids.ticketVmcAlt, category: 'Third-Party Service', description: 'Spindle dynamic balancing', vendor: 'Deccan Electricals', billNo: 'DE-771', billDate: day(-1), hsnSac: '998719', amountPaise: 850000, gstRate: 18, status: 'Invoiced' },
    { ticketAlternateId: ids.ticketChillerAlt, category: 'Consumables', description: 'Refrigerant R-134a 4.2 kg', vendor: 'Refcool Engineers', billDate: day(-6), hsnSac: '2903', amountPaise: 567000, gstRate: 18, status: 'Open' },
    { ticketAlternateId: ids.ticketChillerAlt, category: 'Travel', description: 'Engineer travel, 2 visits', billDate: day(-5), amountPaise: 96000, gstRate: 18, billable: true, status: 'Open' },
  ]);
  const common = { invoiceType: 'Tax Invoice', paidPaise: 0, creditedPaise: 0, paymentStatus: 'Unpaid', emailLog: [] };
  const [rental, sunrise, , supplementary] = await put(ctx, invoice, [
    priced({ ...common, invoiceDate: day(-20), dueDate: day(10), clientId: ids.clientKalyani, billToName: 'Kalyani Forge Components Pvt Ltd', billToGstin: ids.gstKalyani, billToAddress: 'Plot B-12, MIDC Phase II, Chakan, Pune 410501', placeOfSupply: '27', status: 'Final', finalizedAt: at(-20), items: [
      { description: 'Rental: screw compressors CP-01 and CP-02, first month', hsnSac: '997314', quantity: 2, unit: 'MON', ratePaise: 8500000, discountPaise: 0, gstRate: 18 } as LineInput & Body,
      { description: 'Quarterly PM visit', hsnSac: '998719', quantity: 1, unit: 'NOS', ratePaise: 350000, discountPaise: 50000, gstRate: 18 } as LineInput & Body,
    ] }),
    priced({ ...common, invoiceDate: day(-17), dueDate: day(13), clientId: ids.client, billToName: 'Sunrise Textiles Pvt Ltd', billToGstin: '24AAKCS4821M1Z3', billToAddress: 'Survey 112, Naroda GIDC, Ahmedabad, Gujarat 382330', placeOfSupply: '24', status: 'Final', finalizedAt: at(-17), items: [
      { description: 'Zero-loss drain valve', hsnSac: '8481', quantity: 1, unit: 'NOS', ratePaise: 1250000, discountPaise: 0, gstRate: 18 } as LineInput & Body,
      { description: 'Service engineer labour', hsnSac: '998719', quantity: 2.5, unit: 'HRS', ratePaise: 95000, discountPaise: 0, gstRate: 18 } as LineInput & Body,
    ] }),
    priced({ ...common, invoiceDate: day(0), dueDate: day(45), clientId: ids.clientDeccan, billToName: 'Deccan Auto Castings Pvt Ltd', billToGstin: ids.gstDeccan, placeOfSupply: '27', status: 'Draft', ticketAlternateId: ids.ticketChillerAlt, items: [
      { description: 'Leak test and charging (labour)', hsnSac: '998719', quantity: 3, unit: 'HRS', ratePaise: 85000, discountPaise: 0, gstRate: 18 } as LineInput & Body,
      { description: 'Refrigerant R-134a', hsnSac: '2903', quantity: 4.2, unit: 'KGS', ratePaise: 135000, discountPaise: 0, gstRate: 18 } as LineInput & Body,
    ] }),
    priced({ ...common, invoiceType: 'Supplementary', invoiceDate: day(-1), dueDate: day(29), clientId: ids.clientKalyani, billToName: 'Kalyani Forge Components Pvt Ltd', billToGstin: ids.gstKalyani, placeOfSupply: '27', status: 'Final', finalizedAt: at(-1), ticketAlternateId: ids.ticketVmcAlt, billIds: [billRows[0]?._id, billRows[1]?._id], items: [
      { description: 'Spare Parts: Spindle bearings 7014 C P4 (2 Nos) (Bharat Bearings Pvt Ltd)', hsnSac: '8482', quantity: 1, unit: 'NOS', ratePaise: 3700000, discountPaise: 0, gstRate: 18 } as LineInput & Body,
      { description: 'Third-Party Service: Spindle dynamic balancing (Deccan Electricals)', hsnSac: '998719', quantity: 1, unit: 'NOS', ratePaise: 850000, discountPaise: 0, gstRate: 18 } as LineInput & Body,
    ] }),
  ]);
  const invoices = repo(ctx.db, invoice, ctx.tenantId);
  const bill = repo(ctx.db, bills, ctx.tenantId);
  for (const b of billRows.slice(0, 2)) await bill.update(b._id, { invoiceId: supplementary?._id });
  await invoices.update(String(rental?._id), { eInvoice: eInvoiceFor({ supplierGstin: DEMO_GSTIN, documentType: 'INV', documentNumber: String(rental?.alternateId), documentDate: String(rental?.invoiceDate) }, new Date(Date.now() - 20 * 86_400_000)) });

  const rentalTotal = Number(rental?.grandTotalPaise);
  const sunriseTotal = Number(sunrise?.grandTotalPaise);
  await put(ctx, payment, [
    { invoiceId: sunrise?._id, amountPaise: sunriseTotal, paymentDate: day(-5), mode: 'NEFT', referenceNo: 'SBIN52026000441', status: 'Approved', raisedBy: ids.clerkUser, approvedBy: ids.adminUser, approvedAt: at(-4) },
    { invoiceId: rental?._id, amountPaise: 10000000, tdsPaise: 340000, paymentDate: day(-3), mode: 'RTGS', referenceNo: 'HDFCR52026031012345', status: 'Approved', raisedBy: ids.clerkUser, approvedBy: ids.adminUser, approvedAt: at(-2), remarks: 'Part payment; TDS u/s 194-I deducted at 2%' },
    { invoiceId: rental?._id, amountPaise: 5000000, paymentDate: day(0), mode: 'UPI', referenceNo: 'UPI/6021/998812', status: 'Pending', raisedBy: ids.clerkUser },
  ]);
  const [approvedNote] = await put(ctx, creditNote, [
    priced({ invoiceId: rental?._id, creditNoteDate: day(-10), reason: 'Deficiency In Service', billToName: 'Kalyani Forge Components Pvt Ltd', billToGstin: ids.gstKalyani, placeOfSupply: '27', status: 'Approved', raisedBy: ids.clerkUser, approvedBy: ids.adminUser, approvedAt: at(-9), approvalRemarks: 'Response time missed on one call', items: [{ description: 'PM visit charge waived', hsnSac: '998719', quantity: 1, ratePaise: 100000, discountPaise: 0, gstRate: 18, invoiceLineIndex: 1 } as LineInput & Body] }),
    priced({ invoiceId: rental?._id, creditNoteDate: day(0), reason: 'Post-Sale Discount', billToName: 'Kalyani Forge Components Pvt Ltd', billToGstin: ids.gstKalyani, placeOfSupply: '27', status: 'Pending Approval', raisedBy: ids.clerkUser, remarks: 'Loyalty discount agreed in AMC review', items: [{ description: 'Rental discount 2%', hsnSac: '997314', quantity: 1, ratePaise: 340000, discountPaise: 0, gstRate: 18, invoiceLineIndex: 0 } as LineInput & Body] }),
  ]);
  const rentalPaid = 10000000 + 340000;
  const rentalCredited = Number(approvedNote?.grandTotalPaise);
  await invoices.update(String(rental?._id), { paidPaise: rentalPaid, creditedPaise: rentalCredited, paymentStatus: paymentStatusOf(rentalTotal, rentalPaid, rentalCredited) });
  await invoices.update(String(sunrise?._id), { paidPaise: sunriseTotal, paymentStatus: 'Paid' });
}
