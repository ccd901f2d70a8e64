/** Demo sites of a Pune industrial service company: locations, plants and units, extinguishers, documents. */
import { asset, assetType, documentModule, fileUpload, fireExtinguisher, location, masterConfig, organization } from '../../../src/contract/modules/assets';
import { renderPdf, header, paragraph } from '../../domain/billing/pdf';
import type { DemoSeedContext } from './context';
import { day, put } from './kit';

export async function seedAssets(ctx: DemoSeedContext): Promise<void> {
  const { ids } = ctx;
  const [bhosari, chakan, ranjangaon] = await put(ctx, location, [
    { name: 'Bhosari MIDC', code: 'BSR', city: 'Pune', state: 'Maharashtra', gstStateCode: '27', pincode: '411026' },
    { name: 'Chakan MIDC Phase II', code: 'CKN2', city: 'Chakan', state: 'Maharashtra', gstStateCode: '27', pincode: '410501' },
    { name: 'Ranjangaon MIDC', code: 'RJN', city: 'Ranjangaon', state: 'Maharashtra', gstStateCode: '27', pincode: '412220' },
  ]);
  const [orgType, plantType, bayType, utilityType] = await put(ctx, assetType, [
    { name: 'Company', kind: 'Organisation', description: 'A legal entity we serve' },
    { name: 'Manufacturing Plant', kind: 'Plant', description: 'A factory site' },
    { name: 'Machining Bay', kind: 'Unit', description: 'CNC machining cell' },
    { name: 'Utility Block', kind: 'Unit', description: 'Compressors, chillers, DG sets' },
  ]);
  await put(ctx, organization, [
    { name: 'Demo Industries Pvt Ltd', legalName: 'Demo Industries Private Limited', industry: 'Industrial equipment service and rental', address: 'Plot 14, MIDC Industrial Area, Bhosari', city: 'Pune', state: 'Maharashtra', pincode: '411026', contactEmail: 'contact@demo.local', contactPhone: '+91 20 4000 1234' },
  ]);
  const [org] = await put(ctx, asset, [{ name: 'Western Region Customers', kind: 'Organisation', assetTypeId: orgType?._id, code: 'WR', city: 'Pune', state: 'Maharashtra' }]);
  const [chakanPlant, bhosariPlant, ranjangaonPlant] = await put(ctx, asset, [
    { name: 'Kalyani Forge – Chakan Plant 1', kind: 'Plant', parentId: org?._id, assetTypeId: plantType?._id, locationId: chakan?._id, clientId: ids.clientKalyani, code: 'KFC-CKN1', address: 'Plot B-12, MIDC Phase II', city: 'Chakan', state: 'Maharashtra', pincode: '410501', latitude: 18.7606, longitude: 73.8636, accessUserIds: [ids.engineerUser] },
    { name: 'Deccan Auto Castings – Bhosari', kind: 'Plant', parentId: org?._id, assetTypeId: plantType?._id, locationId: bhosari?._id, clientId: ids.clientDeccan, code: 'DAC-BSR', address: 'J-Block, MIDC Bhosari', city: 'Pune', state: 'Maharashtra', pincode: '411026', latitude: 18.6298, longitude: 73.8476 },
    { name: 'Pune Polymers – Ranjangaon', kind: 'Plant', parentId: org?._id, assetTypeId: plantType?._id, locationId: ranjangaon?._id, clientId: ids.clientPolymers, code: 'PPL-RJN', city: 'Ranjangaon', state: 'Maharashtra', pincode: '412220' },
  ]);
  const units = await put(ctx, asset, [
    { name: 'Machining Bay 1', kind: 'Unit', parentId: chakanPlant?._id, assetTypeId: bayType?._id, clientId: ids.clientKalyani, code: 'KFC-MB1', city: 'Chakan' },
    { name: 'Compressor House', kind: 'Unit', parentId: chakanPlant?._id, assetTypeId: utilityType?._id, clientId: ids.clientKalyani, code: 'KFC-CH', city: 'Chakan' },
    { name: 'Chiller Plant Room', kind: 'Unit', parentId: bhosariPlant?._id, assetTypeId: utilityType?._id, clientId: ids.clientDeccan, code: 'DAC-CPR', city: 'Pune', accessUserIds: [ids.engineerUser] },
    { name: 'Moulding Shop', kind: 'Unit', parentId: ranjangaonPlant?._id, assetTypeId: bayType?._id, clientId: ids.clientPolymers, code: 'PPL-MS', city: 'Ranjangaon' },
    { name: 'Weaving Utilities', kind: 'Unit', clientId: ids.client, code: 'SRT-WU', city: 'Ahmedabad', state: 'Gujarat' },
  ]);
  ids.plantChakan = chakanPlant?._id ?? '';
  ids.plantBhosari = bhosariPlant?._id ?? '';
  ids.unitMachining = units[0]?._id ?? '';
  ids.unitCompressor = units[1]?._id ?? '';
  ids.unitChiller = units[2]?._id ?? '';
  ids.unitMoulding = units[3]?._id ?? '';
  ids.unitSunrise = units[4]?._id ?? '';

  await put(ctx, masterConfig, [
    { group: 'ticketCategory', key: 'ticketCategory.mechanical', value: 'Mechanical', order: 1 },
    { group: 'ticketCategory', key: 'ticketCategory.electrical', value: 'Electrical', order: 2 },
    { group: 'ticketCategory', key: 'ticketCategory.hydraulics', value: 'Hydraulics', order: 3 },
    { group: 'ticketCategory', key: 'ticketCategory.controls', value: 'CNC controls', order: 4 },
    { group: 'sla', key: 'sla.urgentHours', value: '4', description: 'Resolution promise for urgent calls', order: 1 },
    { group: 'sla', key: 'sla.highHours', value: '8', order: 2 },
  ]);

  await put(ctx, fireExtinguisher, [
    { serialNo: 'FE-CKN-0041', type: 'CO2', capacityKg: 4.5, assetId: units[1]?._id, locationNote: 'Compressor house entrance', manufacturer: 'Ceasefire', manufactureDate: day(-900), lastRefillDate: day(-200), nextRefillDue: day(165), lastInspectionDate: day(-20), hydroTestDue: day(900), status: 'In Service' },
    { serialNo: 'FE-CKN-0042', type: 'ABC Dry Powder', capacityKg: 6, assetId: units[0]?._id, locationNote: 'Machining bay, column C4', manufacturer: 'Safex', manufactureDate: day(-700), lastRefillDate: day(-380), nextRefillDue: day(-15), lastInspectionDate: day(-45), hydroTestDue: day(400), status: 'Due For Refill' },
    { serialNo: 'FE-BSR-0107', type: 'Mechanical Foam', capacityKg: 9, assetId: units[2]?._id, locationNote: 'Chiller room, near oil store', manufacturer: 'Minimax', manufactureDate: day(-400), lastRefillDate: day(-90), nextRefillDue: day(275), hydroTestDue: day(1400), status: 'In Service' },
    { serialNo: 'FE-BSR-0108', type: 'CO2', capacityKg: 2, assetId: units[2]?._id, locationNote: 'Control panel MCC-2', manufacturer: 'Ceasefire', manufactureDate: day(-2200), lastRefillDate: day(-300), nextRefillDue: day(65), hydroTestDue: day(-30), status: 'Expired' },
    { serialNo: 'FE-RJN-0012', type: 'Water', capacityKg: 9, assetId: units[3]?._id, locationNote: 'Moulding shop, raw material store', manufacturer: 'Kanex', manufactureDate: day(-500), lastRefillDate: day(-60), nextRefillDue: day(305), hydroTestDue: day(1000), status: 'In Service' },
    { serialNo: 'FE-RJN-0013', type: 'Clean Agent', capacityKg: 4, assetId: units[3]?._id, locationNote: 'Server and PLC room', manufacturer: 'Safex', manufactureDate: day(-150), lastRefillDate: day(-150), nextRefillDue: day(215), hydroTestDue: day(1600), status: 'In Service' },
  ]);

  // A real PDF behind the demo proposal's attachment, so the public page's download works.
  const datasheet = await renderPdf((doc) => {
    header(doc, { companyName: 'Demo Industries Pvt Ltd' }, 'ELGi EG-37 Screw Compressor – Data Sheet');
    paragraph(doc, 'Free air delivery 6.3 m³/min at 7.5 bar, 37 kW motor, IE3, integrated dryer, microprocessor controller. Rental includes quarterly preventive maintenance and 4-hour breakdown response within Pune district.');
  }, { title: 'EG-37 data sheet' });
  const [file] = await put(ctx, fileUpload, [
    { name: 'EG-37-datasheet.pdf', mimeType: 'application/pdf', contentBase64: datasheet.toString('base64'), url: '/files/demo/EG-37-datasheet.pdf', sizeBytes: datasheet.length },
  ]);
  ids.datasheetUrl = String(file?.url ?? '');
  await put(ctx, documentModule, [
    { title: 'ELGi EG-37 data sheet', category: 'Manual', url: ids.datasheetUrl, fileName: 'EG-37-datasheet.pdf', relatedModule: 'svc-machine-type', tags: ['compressor', 'rental'] },
    { title: 'Fire NOC – Chakan Plant 1', category: 'Certificate', url: '/files/demo/fire-noc-chakan.pdf', fileName: 'fire-noc-chakan.pdf', relatedModule: 'asset', relatedId: chakanPlant?._id, validUntil: day(240) },
  ]);
}
