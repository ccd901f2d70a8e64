/** Demo spare parts (prices in rupees, as paise), the BOMs, stock history, requests, requisitions and POs. */
import { associationOfMachineParts, purchaseOrder, purchaseOrderRequisition, requestSpare, sparePartInventory, supplier } from '../../../src/contract/modules/parts';
import { poTotals } from '../../domain/parts/po-totals';
import { postMovement, type Movement, type MovementCause } from '../../domain/parts/stock';
import type { DemoSeedContext } from './context';
import { at, day, gstin, put, type Body } from './kit';

export async function seedParts(ctx: DemoSeedContext): Promise<void> {
  const { ids } = ctx;
  const suppliers = await put(ctx, supplier, [
    { name: 'Bharat Bearings Pvt Ltd', gstNo: gstin('27AACCB5112L1Z'), contactPerson: 'Nitin Gokhale', email: 'sales@bharatbearings.in', phone: '+91 20 2712 4410', city: 'Pune', state: 'Maharashtra', paymentTermsDays: 45, categories: ['Bearings', 'Seals'] },
    { name: 'Airtech Compressor Spares', gstNo: gstin('33AAFCA7720J1Z'), contactPerson: 'K. Senthil', email: 'orders@airtechspares.in', phone: '+91 422 257 9911', city: 'Coimbatore', state: 'Tamil Nadu', paymentTermsDays: 30, categories: ['Compressor spares', 'Filters'] },
    { name: 'Maharashtra Hydraulics & Seals', gstNo: gstin('27AAGFM3391D1Z'), contactPerson: 'Sameer Joshi', phone: '+91 98230 44120', city: 'Pune', state: 'Maharashtra', categories: ['Hydraulics', 'Seals'] },
    { name: 'Refcool Engineers', gstNo: gstin('27AAHFR6650B1Z'), contactPerson: 'Prakash Pawar', phone: '+91 98220 76310', city: 'Pune', state: 'Maharashtra', categories: ['Chiller spares', 'Refrigerant'] },
  ]);
  const [bearings, airtech, hydraulics, refcool] = suppliers.map((s) => s._id);
  const partRows: Body[] = [
    { partNumber: 'BRG-7014-C', partName: 'Angular contact bearing 7014 C P4 (spindle)', hsnCode: '8482', unitPricePaise: 1850000, stockQty: 4, reorderLevel: 2, reorderQty: 4, binLocation: 'R1-A3', supplierId: bearings, leadTimeDays: 21 },
    { partNumber: 'BLT-HTD-8M', partName: 'Spindle drive belt HTD 8M-1200', hsnCode: '4010', unitPricePaise: 420000, stockQty: 3, reorderLevel: 2, binLocation: 'R1-B1', supplierId: bearings },
    { partNumber: 'CPL-SPD-48', partName: 'Coupling spider insert 48 Sh A', hsnCode: '4016', unitPricePaise: 145000, stockQty: 10, reorderLevel: 4, binLocation: 'R1-B4', supplierId: hydraulics },
    { partNumber: 'WLO-68-5L', partName: 'Way lube oil ISO VG 68, 5 L', unit: 'Litre', hsnCode: '2710', unitPricePaise: 98000, stockQty: 25, reorderLevel: 10, binLocation: 'OIL-1', supplierId: hydraulics },
    { partNumber: 'ELG-OF-37', partName: 'Oil filter element EG 37', hsnCode: '8421', unitPricePaise: 365000, stockQty: 1, reorderLevel: 3, reorderQty: 6, binLocation: 'R2-A1', supplierId: airtech, leadTimeDays: 10 },
    { partNumber: 'ELG-AF-37', partName: 'Air filter element EG 37', hsnCode: '8421', unitPricePaise: 298000, stockQty: 5, reorderLevel: 3, binLocation: 'R2-A2', supplierId: airtech },
    { partNumber: 'ELG-SEP-37', partName: 'Air-oil separator EG 37', hsnCode: '8421', unitPricePaise: 1240000, stockQty: 2, reorderLevel: 1, binLocation: 'R2-A3', supplierId: airtech },
    { partNumber: 'ELG-OIL-20L', partName: 'AirLube compressor oil, 20 L', unit: 'Litre', hsnCode: '2710', unitPricePaise: 1480000, stockQty: 60, reorderLevel: 40, binLocation: 'OIL-2', supplierId: airtech },
    { partNumber: 'VOL-R134A-13', partName: 'Refrigerant R-134a, 13.6 kg cylinder', hsnCode: '2903', unitPricePaise: 1650000, stockQty: 3, reorderLevel: 2, binLocation: 'GAS-1', supplierId: refcool },
    { partNumber: 'VOL-CTRL-PCB', partName: 'Chiller controller PCB (Carel pCO5)', hsnCode: '8537', unitPricePaise: 6850000, stockQty: 0, reorderLevel: 1, binLocation: 'R3-C1', supplierId: refcool, leadTimeDays: 30 },
    { partNumber: 'FMM-HTR-BAND', partName: 'Barrel heater band 150 T (ceramic)', hsnCode: '8516', unitPricePaise: 560000, stockQty: 6, reorderLevel: 4, binLocation: 'R3-A2' },
    { partNumber: 'FMM-SEAL-KIT', partName: 'Clamp cylinder seal kit 150 T', unit: 'Set', hsnCode: '4016', unitPricePaise: 890000, stockQty: 2, reorderLevel: 1, binLocation: 'R3-A4', supplierId: hydraulics },
  ];
  // Stock is the ledger's (issue 32): the parts start empty and their history below brings them to today's stock.
  const parts = await put(ctx, sparePartInventory, partRows.map((p) => ({ unit: 'Nos', gstRate: 18, ...p, stockQty: 0, stockValuePaise: 0 })));
  const part = (n: string): string => parts.find((p) => p.partNumber === n)?._id ?? '';
  ids.partBearing = part('BRG-7014-C');
  ids.partOilFilter = part('ELG-OF-37');
  ids.partCoupling = part('CPL-SPD-48');

  await put(ctx, associationOfMachineParts, [
    { machineTypeId: ids.mtVmc, partId: part('BRG-7014-C'), quantity: 2, assembly: 'Spindle', critical: true },
    { machineTypeId: ids.mtVmc, partId: part('BLT-HTD-8M'), quantity: 1, assembly: 'Spindle', critical: true },
    { machineTypeId: ids.mtVmc, partId: part('CPL-SPD-48'), quantity: 1, assembly: 'Axis drives' },
    { machineTypeId: ids.mtVmc, partId: part('WLO-68-5L'), quantity: 2, assembly: 'Lubrication' },
    { machineTypeId: ids.mtLathe, partId: part('WLO-68-5L'), quantity: 1, assembly: 'Lubrication' },
    { machineTypeId: ids.mtCompressor, partId: part('ELG-OF-37'), quantity: 1, assembly: 'Oil circuit', critical: true },
    { machineTypeId: ids.mtCompressor, partId: part('ELG-AF-37'), quantity: 1, assembly: 'Intake' },
    { machineTypeId: ids.mtCompressor, partId: part('ELG-SEP-37'), quantity: 1, assembly: 'Oil circuit', critical: true },
    { machineTypeId: ids.mtCompressor, partId: part('ELG-OIL-20L'), quantity: 20, assembly: 'Oil circuit' },
    { machineTypeId: ids.mtChiller, partId: part('VOL-R134A-13'), quantity: 1, assembly: 'Refrigerant circuit' },
    { machineTypeId: ids.mtChiller, partId: part('VOL-CTRL-PCB'), quantity: 1, assembly: 'Controls', critical: true },
    { machineTypeId: ids.mtMoulding, partId: part('FMM-HTR-BAND'), quantity: 5, assembly: 'Injection unit' },
    { machineTypeId: ids.mtMoulding, partId: part('FMM-SEAL-KIT'), quantity: 1, assembly: 'Clamp unit', critical: true },
    // CP-02 runs a synthetic oil: a machine-specific line besides its type's BOM.
    { machineTypeId: ids.mtCompressor, machineInstanceId: ids.miCp02, partId: part('ELG-OIL-20L'), quantity: 20, assembly: 'Oil circuit (synthetic)' },
  ]);

  await put(ctx, requestSpare, [
    { ticketAlternateId: ids.ticketVmcAlt, machineInstanceId: ids.miVmc, requestedBy: ids.engineerUser, raisedBy: ids.engineerUser, items: [{ partId: part('BRG-7014-C'), quantity: 2 }, { partId: part('BLT-HTD-8M'), quantity: 1 }], neededBy: day(2), status: 'Approved', statusRemarks: 'Approved by stores' },
    { machineInstanceId: ids.miCp02, requestedBy: ids.engineerUser, raisedBy: ids.engineerUser, items: [{ partId: part('ELG-OF-37'), quantity: 2 }], neededBy: day(5), status: 'Requested' },
    { machineInstanceId: ids.miMoulding, requestedBy: ids.engineerUser, raisedBy: ids.engineerUser, items: [{ partId: part('FMM-HTR-BAND'), quantity: 2 }], neededBy: day(-3), status: 'Issued', statusChangedAt: at(-4), statusChangedBy: ids.adminUser },
  ]);

  const requisitions = await put(ctx, purchaseOrderRequisition, [
    { title: 'Compressor oil filters – reorder', requestedBy: ids.adminUser, raisedBy: ids.adminUser, department: 'Stores', lines: [{ partId: part('ELG-OF-37'), quantity: 6, estimatedUnitPricePaise: 365000 }], requiredBy: day(10), status: 'Approved', justification: 'Below reorder level (1 in stock, level 3)', reviewedBy: ids.adminUser, reviewedAt: at(-1) },
    { title: 'Chiller controller spare', requestedBy: ids.engineerUser, raisedBy: ids.engineerUser, department: 'Service', lines: [{ partId: part('VOL-CTRL-PCB'), quantity: 1, estimatedUnitPricePaise: 6850000 }], requiredBy: day(20), status: 'Submitted', justification: 'No stock; CH-01 AMC needs a spare on the shelf' },
    { title: 'Spindle bearings for Q2 overhauls', requestedBy: ids.engineerUser, raisedBy: ids.engineerUser, department: 'Service', lines: [{ partId: part('BRG-7014-C'), quantity: 4 }], requiredBy: day(45), status: 'Draft' },
  ]);
  const poLines = (lines: Body[]): Body => poTotals(lines);
  const orders = await put(ctx, purchaseOrder, [
    { supplierId: airtech, requisitionIds: [requisitions[0]?._id], orderDate: day(-1), expectedDelivery: day(9), deliveryAddress: 'Demo Industries stores, Plot 14, MIDC Bhosari, Pune 411026', paymentTerms: '30 days from invoice', status: 'Draft', ...poLines([{ partId: part('ELG-OF-37'), description: 'Oil filter element EG 37', hsnCode: '8421', quantity: 6, unitPricePaise: 352000, gstRate: 18, receivedQty: 0 }]) },
    { supplierId: bearings, orderDate: day(-48), expectedDelivery: day(-38), paymentTerms: '45 days', status: 'Received', ...poLines([{ partId: part('BRG-7014-C'), hsnCode: '8482', quantity: 6, unitPricePaise: 1790000, gstRate: 18, receivedQty: 6 }, { partId: part('CPL-SPD-48'), hsnCode: '4016', quantity: 12, unitPricePaise: 139000, gstRate: 18, receivedQty: 12 }]) },
  ]);

  // Stock history ending at today's stock, every movement through the ledger (server/domain/parts/stock.ts): an
  // opening balance, then for some parts a receipt at the supplier's price and what was issued since.
  const price = (partNumber: string): number => Number(partRows.find((p) => p.partNumber === partNumber)?.unitPricePaise ?? 0);
  const recent: Record<string, readonly [received: number, issued: number, reference: string]> = {
    'BRG-7014-C': [6, 2, ids.ticketVmcAlt ?? 'Spindle overhaul'],
    'ELG-OF-37': [4, 3, 'PM compressors'],
    'CPL-SPD-48': [12, 2, ids.ticketVmcAlt ?? 'Spindle overhaul'],
    'WLO-68-5L': [30, 5, 'Consumption'],
  };
  const movements: Array<{ movement: Movement; cause?: MovementCause }> = [];
  // The spindle bearings and couplings came on the received order above, line by line, at its prices.
  const receivedPo = orders[1];
  const poLine: Record<string, { line: number; unitCostPaise: number }> = { 'BRG-7014-C': { line: 0, unitCostPaise: 1790000 }, 'CPL-SPD-48': { line: 1, unitCostPaise: 139000 } };
  for (const row of partRows) {
    const partNumber = String(row.partNumber);
    const partId = part(partNumber);
    const [received, issued, reference] = recent[partNumber] ?? [0, 0, ''];
    // The controller PCB's last one was damaged in transit and written off at the last count.
    const writtenOff = partNumber === 'VOL-CTRL-PCB' ? 1 : 0;
    const opening = Number(row.stockQty) - received + issued + writtenOff;
    const ordered = poLine[partNumber];
    if (opening > 0) movements.push({ movement: { partId, type: 'Adjustment', quantity: opening, date: day(-60), reference: 'Stock count', remarks: 'Opening balance', unitCostPaise: price(partNumber) } });
    if (received > 0 && ordered && receivedPo) {
      const name = String(receivedPo.alternateId ?? receivedPo._id);
      movements.push({ movement: { partId, type: 'Receipt', quantity: received, unitCostPaise: ordered.unitCostPaise, date: day(-40), reference: name, purchaseOrderId: receivedPo._id }, cause: { module: purchaseOrder.name, id: receivedPo._id, line: ordered.line, name } });
    } else if (received > 0) {
      movements.push({ movement: { partId, type: 'Receipt', quantity: received, unitCostPaise: price(partNumber), date: day(-40), reference: `GRN-${1100 + movements.length}` } });
    }
    if (issued > 0) movements.push({ movement: { partId, type: 'Issue', quantity: issued, date: day(-6), reference } });
    if (writtenOff > 0) movements.push({ movement: { partId, type: 'Adjustment', quantity: -writtenOff, date: day(-12), reference: 'Stock count', remarks: 'Damaged in transit, written off' } });
  }
  const by = { user: { _id: ids.adminUser ?? 'seed', tenantId: ctx.tenantId } };
  for (const { movement, cause } of movements) await postMovement(by, ctx.db, movement, cause);
}
