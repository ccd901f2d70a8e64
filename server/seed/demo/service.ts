/** Demo service work: tickets of every kind in several states, PM plans, expenses, logs, the calendar. */
import { actionNote, discussion, expense, feActivity, feedback, preventiveMaintenance, resourceView, serviceExpense, serviceProvider, svcTicket, svcTicketComment, ticket, workLog } from '../../../src/contract/modules/service';
import { slaDueAt } from '../../domain/service/sla';
import type { DemoSeedContext } from './context';
import { at, day, gstin, put, type Body } from './kit';

function withSla(body: Body): Body {
  return { ...body, slaDueAt: slaDueAt(body.priority, new Date(String(body.reportedAt))) };
}

export async function seedService(ctx: DemoSeedContext): Promise<void> {
  const { ids } = ctx;
  const engineer = ids.engineerUser;
  const svc = await put(ctx, svcTicket, [
    { ticketType: 'Breakdown Maintenance', title: 'VMC M-03 spindle overheating, alarm 2003', description: 'Spindle temperature alarm after 40 minutes of roughing; noise from front bearing.', priority: 'Urgent', status: 'In Progress', clientId: ids.clientKalyani, assetId: ids.unitMachining, machineInstanceId: ids.miVmc, assignedTo: engineer, reportedBy: 'Shift supervisor, Chakan', contactPhone: '+91 98220 45110', reportedAt: at(-1, -5) },
    { ticketType: 'Breakdown Maintenance', title: 'CP-02 high vibration trip', priority: 'High', status: 'Assigned', clientId: ids.clientKalyani, assetId: ids.unitCompressor, machineInstanceId: ids.miCp02, assignedTo: engineer, reportedBy: 'System alarm', reportedAt: at(0, -19) },
    { ticketType: 'Breakdown Maintenance', title: 'Chiller CH-01 low suction pressure', priority: 'Medium', status: 'Resolved', clientId: ids.clientDeccan, assetId: ids.unitChiller, machineInstanceId: ids.miChiller, assignedTo: engineer, reportedAt: at(-6), resolvedAt: at(-5, -2), resolution: 'Refrigerant leak at service valve fixed; charged 4.2 kg R-134a', rootCause: 'Loose flare nut on service valve' },
    { ticketType: 'Breakdown Maintenance', title: 'Turning cell T-02 turret indexing fault', priority: 'High', status: 'Closed', clientId: ids.clientKalyani, assetId: ids.unitMachining, machineInstanceId: ids.miLathe, assignedTo: engineer, reportedAt: at(-14), resolvedAt: at(-13), closedAt: at(-12), resolution: 'Turret clamp proximity switch replaced and re-aligned' },
    { ticketType: 'Installation and Commissioning', title: 'Commission rental compressor R-07 at Pune Polymers', priority: 'Medium', status: 'Open', clientId: ids.clientPolymers, assetId: ids.unitMoulding, machineInstanceId: ids.miRental, reportedAt: at(-1) },
    { ticketType: 'Installation and Commissioning', title: 'IMM-150 Line 2 installation', priority: 'Low', status: 'Closed', clientId: ids.clientPolymers, assetId: ids.unitMoulding, machineInstanceId: ids.miMoulding, assignedTo: engineer, reportedAt: at(-300), resolvedAt: at(-296), closedAt: at(-295), resolution: 'Installed, levelled and trial run with customer mould' },
    { ticketType: 'Pre-Sale Maintenance', title: 'Pre-delivery inspection, compressor R-07', priority: 'Medium', status: 'On Hold', machineInstanceId: ids.miRental, assignedTo: engineer, reportedAt: at(-3), description: 'Waiting for separator element from Airtech.' },
    { ticketType: 'Action', title: 'Replace worn coupling inserts on VMC axis drives', priority: 'Low', status: 'Open', clientId: ids.clientKalyani, assetId: ids.unitMachining, machineInstanceId: ids.miVmc2, reportedAt: at(-2) },
  ].map(withSla));
  ids.ticketVmc = svc[0]?._id ?? '';
  ids.ticketVmcAlt = String(svc[0]?.alternateId ?? '');
  ids.ticketChillerAlt = String(svc[2]?.alternateId ?? '');
  ids.ticketCp02Alt = String(svc[1]?.alternateId ?? '');

  await put(ctx, ticket, [
    { category: 'Complaint', source: 'Client Portal', title: 'Air-jet loom compressor pressure dropping', priority: 'Urgent', status: 'Assigned', clientId: ids.client, assetId: ids.unitSunrise, assignedTo: engineer, reportedBy: 'Meera Shah', reportedAt: at(0, -3) },
    { category: 'Query', source: 'Client Portal', title: 'Quotation for annual maintenance of 3 compressors', priority: 'Low', status: 'Open', clientId: ids.client, reportedBy: 'Meera Shah', reportedAt: at(-4) },
    { category: 'Service', source: 'Client Portal', title: 'Dryer drain valve replacement', priority: 'Medium', status: 'Closed', clientId: ids.client, assignedTo: engineer, reportedAt: at(-20), resolvedAt: at(-19), closedAt: at(-18), resolution: 'Zero-loss drain valve fitted' },
    { category: 'Service', source: 'Operator', title: 'Coolant leak near pump housing, M-04', priority: 'High', status: 'Open', clientId: ids.clientKalyani, machineInstanceId: ids.miVmc2, reportedBy: 'Operator, Bay 1', reportedAt: at(0, -6) },
    { category: 'Service', source: 'Phone', title: 'Moulding machine barrel zone 3 not heating', priority: 'Urgent', status: 'Open', clientId: ids.clientPolymers, machineInstanceId: ids.miMoulding, reportedAt: at(0, -1) },
    { category: 'Installation', source: 'Email', title: 'Shift chiller CH-01 to new plant room', priority: 'Medium', status: 'In Progress', clientId: ids.clientDeccan, assignedTo: engineer, reportedAt: at(-7) },
    { category: 'Service', source: 'Web', title: 'Yearly calibration of pressure gauges', priority: 'Low', status: 'Resolved', clientId: ids.clientKalyani, assignedTo: engineer, reportedAt: at(-10), resolvedAt: at(-8), resolution: 'Calibrated 14 gauges, certificates uploaded' },
    { category: 'Other', source: 'Web', title: 'Duplicate call raised by mistake', priority: 'Low', status: 'Cancelled', reportedAt: at(-9) },
  ].map(withSla));

  await put(ctx, preventiveMaintenance, [
    { title: 'Compressor 2000-hour service (CP-01)', machineInstanceId: ids.miCp01, assetId: ids.unitCompressor, checklistId: ids.checklistCompressor, frequency: 'Quarterly', startDate: day(-180), nextDueDate: day(4), lastDoneDate: day(-86), assignedTo: engineer, status: 'Scheduled', estimatedHours: 3 },
    { title: 'Compressor 2000-hour service (CP-02)', machineInstanceId: ids.miCp02, assetId: ids.unitCompressor, checklistId: ids.checklistCompressor, frequency: 'Quarterly', startDate: day(-180), nextDueDate: day(-2), lastDoneDate: day(-92), assignedTo: engineer, status: 'Overdue', estimatedHours: 3 },
    { title: 'Chiller condenser tube cleaning', machineInstanceId: ids.miChiller, assetId: ids.unitChiller, frequency: 'Half-Yearly', startDate: day(-365), nextDueDate: day(20), lastDoneDate: day(-162), status: 'Scheduled', estimatedHours: 6 },
    { title: 'VMC ballscrew backlash check', machineInstanceId: ids.miVmc2, assetId: ids.unitMachining, frequency: 'Monthly', startDate: day(-120), nextDueDate: day(-1), lastDoneDate: day(-31), assignedTo: engineer, status: 'Completed', estimatedHours: 1.5, instructions: 'Dial gauge at 3 positions per axis; compensate in parameter 1851 if above 8 µm.' },
  ]);

  await put(ctx, actionNote, [
    { ticketId: ids.ticketVmc, note: 'Order spindle bearings 7014 C P4 (2 Nos) – requested from stores', actionType: 'Corrective', owner: engineer, dueDate: day(1), status: 'Done' },
    { ticketId: ids.ticketVmc, note: 'Check spindle chiller flow before re-start', actionType: 'Preventive', owner: engineer, dueDate: day(2), status: 'Open' },
    { ticketId: svc[7]?._id, note: 'Schedule during Sunday shutdown', actionType: 'Follow-up', owner: ids.adminUser, dueDate: day(5), status: 'Open' },
  ]);

  await put(ctx, expense, [
    { ticketAlternateId: ids.ticketVmcAlt, category: 'Travel', description: 'Bhosari to Chakan, company car, 38 km', amountPaise: 45600, expenseDate: day(-1), incurredBy: engineer, status: 'Approved' },
    { ticketAlternateId: ids.ticketVmcAlt, category: 'Food', description: 'Lunch during overtime', amountPaise: 18000, expenseDate: day(-1), incurredBy: engineer, status: 'Submitted' },
    { ticketAlternateId: ids.ticketChillerAlt, category: 'Local Conveyance', description: 'Auto rickshaw with refrigerant cylinder', amountPaise: 32000, expenseDate: day(-6), incurredBy: engineer, status: 'Reimbursed' },
    { ticketAlternateId: ids.ticketChillerAlt, category: 'Material', description: 'Flare nuts and copper tube', amountPaise: 54000, expenseDate: day(-6), incurredBy: engineer, status: 'Approved' },
    { ticketAlternateId: ids.ticketCp02Alt, category: 'Travel', description: 'Pune to Chakan', amountPaise: 45600, expenseDate: day(0), incurredBy: engineer, status: 'Submitted' },
  ]);
  await put(ctx, serviceExpense, [
    { ticketAlternateId: ids.ticketVmcAlt, serviceType: 'Labour', description: 'Spindle cartridge overhaul', quantity: 6, ratePaise: 95000, hsnSac: '998719' },
    { ticketAlternateId: ids.ticketVmcAlt, serviceType: 'Visit Charge', quantity: 1, ratePaise: 150000, hsnSac: '998719' },
    { ticketAlternateId: ids.ticketChillerAlt, serviceType: 'Labour', description: 'Leak test and charging', quantity: 3, ratePaise: 85000, hsnSac: '998719' },
  ]);
  await put(ctx, discussion, [
    { ticketId: ids.ticketVmc, message: 'Customer can release the machine only after the second shift (22:00).', author: ids.adminUser },
    { ticketId: ids.ticketVmc, message: 'Bearings reach Chakan by 11:00 tomorrow; plan the rebuild for the night shift.', author: engineer },
    { ticketId: svc[1]?._id, message: 'Vibration trend shows a step change at 02:10 – likely coupling or motor bearing.', author: engineer },
  ]);
  await put(ctx, svcTicketComment, [
    { ticketId: ids.ticketVmc, comment: 'Front bearing noise confirmed with stethoscope; rear bearing fine.', author: engineer },
    { ticketId: ids.ticketVmc, comment: 'Warranty expired: charge as per AMC rate card.', author: ids.adminUser, internal: true },
    { ticketId: svc[2]?._id, comment: 'Leak found at service valve flare.', author: engineer },
  ]);
  await put(ctx, workLog, [
    { ticketId: ids.ticketVmc, engineer, startedAt: at(-1, -3), endedAt: at(-1, -1), activity: 'Diagnosis: spindle run-out 12 µm, front bearing noisy', hours: 2 },
    { ticketId: ids.ticketVmc, engineer, startedAt: at(0, -4), endedAt: at(0, -1), activity: 'Dismantled spindle cartridge, cleaned housing', hours: 3 },
    { ticketId: svc[2]?._id, engineer, startedAt: at(-6, 2), endedAt: at(-6, 5), activity: 'Leak test with nitrogen, found flare leak', hours: 3 },
    { ticketId: svc[2]?._id, engineer, startedAt: at(-5, -4), endedAt: at(-5, -2), activity: 'Evacuated, charged 4.2 kg R-134a, trial run', hours: 2 },
    { ticketId: svc[3]?._id, engineer, startedAt: at(-13, -3), endedAt: at(-13, 0), activity: 'Replaced turret clamp proximity switch', hours: 3 },
  ]);
  await put(ctx, feedback, [
    { ticketId: svc[2]?._id, rating: 5, comments: 'Quick turnaround, chiller back before the day shift', givenBy: 'Utility in-charge, Deccan Auto Castings', wouldRecommend: true },
    { ticketId: svc[3]?._id, rating: 3, comments: 'Fixed, but the engineer came four hours late', givenBy: 'Production manager, Kalyani Forge', wouldRecommend: true },
  ]);
  await put(ctx, feActivity, [
    { engineer, activityType: 'Travel', ticketAlternateId: ids.ticketVmcAlt, startAt: at(-1, -4), endAt: at(-1, -3), remarks: 'Bhosari → Chakan', latitude: 18.6298, longitude: 73.8476 },
    { engineer, activityType: 'Repair', ticketAlternateId: ids.ticketVmcAlt, assetId: ids.unitMachining, startAt: at(-1, -3), endAt: at(-1, -1), latitude: 18.7606, longitude: 73.8636 },
    { engineer, activityType: 'Site Visit', ticketAlternateId: ids.ticketCp02Alt, assetId: ids.unitCompressor, startAt: at(0, -2), remarks: 'Vibration survey on CP-02' },
    { engineer: ids.adminUser, activityType: 'Meeting', startAt: at(-3, -2), endAt: at(-3, -1), remarks: 'AMC review with Kalyani Forge purchase team' },
  ]);
  await put(ctx, resourceView, [
    { resource: engineer, title: `Spindle rebuild ${ids.ticketVmcAlt}`, start: at(0, 2), end: at(0, 8), ticketAlternateId: ids.ticketVmcAlt, allocationType: 'Ticket', colour: '#e8590c' },
    { resource: engineer, title: 'PM: CP-01 2000-hour service', start: at(4, 1), end: at(4, 4), allocationType: 'Preventive Maintenance', colour: '#17bcff' },
    { resource: engineer, title: 'Commission R-07 at Pune Polymers', start: at(2, 1), end: at(2, 7), allocationType: 'Installation', colour: '#2f9e44' },
    { resource: engineer, title: 'ELGi service training, Coimbatore', start: at(9), end: at(11), allocationType: 'Training', colour: '#7048e8' },
    { resource: ids.adminUser, title: 'Leave', start: at(6), end: at(7), allocationType: 'Leave', colour: '#868e96' },
  ]);
  await put(ctx, serviceProvider, [
    { name: 'Deccan Electricals', gstNo: gstin('27AAGFD4417K1Z'), panNo: 'AAGFD4417K', contactPerson: 'Suresh Kulkarni', email: 'service@deccanelectricals.in', phone: '+91 98221 30455', address: 'Shop 7, Landewadi, Bhosari, Pune 411039', services: ['Motor rewinding', 'Panel wiring', 'Thermography'] },
    { name: 'Shree Crane & Rigging Services', gstNo: gstin('27ABCFS9081P1Z'), contactPerson: 'Vijay Bhosale', phone: '+91 98900 11872', address: 'Chakan–Talegaon Road, Chakan 410501', services: ['Machine shifting', 'Crane hire'], status: 'Active' },
  ]);
}
