/** Demo machines: CNC machining centres and lathes, screw compressors, chillers, a moulding machine. */
import { checklistView, questionAnswer, questions, svcMachineInstance, svcMachineType } from '../../../src/contract/modules/machines';
import type { DemoSeedContext } from './context';
import { at, day, put } from './kit';

export async function seedMachines(ctx: DemoSeedContext): Promise<void> {
  const { ids } = ctx;
  const [vmc, lathe, compressor, chiller, moulding] = await put(ctx, svcMachineType, [
    { machineName: 'Vertical Machining Centre VMC-850', manufacturer: 'BFW', model: 'BMV 45 TC24', category: 'CNC Machine', ratedPowerKw: 11, warrantyMonths: 12, description: '850 × 450 mm table, 24-tool ATC, Fanuc 0i-MF' },
    { machineName: 'CNC Turning Centre LT-20', manufacturer: 'Ace Micromatic', model: 'LT-20 C', category: 'CNC Machine', ratedPowerKw: 11, warrantyMonths: 12 },
    { machineName: 'Screw Compressor EG-37', manufacturer: 'ELGi', model: 'EG 37', category: 'Compressor', ratedPowerKw: 37, warrantyMonths: 24, description: '6.3 m³/min at 7.5 bar' },
    { machineName: 'Water-cooled Screw Chiller 60 TR', manufacturer: 'Voltas', model: 'WCS-60', category: 'Chiller', ratedPowerKw: 48, warrantyMonths: 18 },
    { machineName: 'Injection Moulding Machine 150 T', manufacturer: 'Ferromatik Milacron', model: 'Magna T 150', category: 'Injection Moulding', ratedPowerKw: 22, warrantyMonths: 12 },
  ]);
  ids.mtVmc = vmc?._id ?? '';
  ids.mtLathe = lathe?._id ?? '';
  ids.mtCompressor = compressor?._id ?? '';
  ids.mtChiller = chiller?._id ?? '';
  ids.mtMoulding = moulding?._id ?? '';

  const machines = await put(ctx, svcMachineInstance, [
    { machineTypeId: ids.mtVmc, serialNo: 'BFW-45-22817', name: 'VMC Bay 1 / M-03', assetId: ids.unitMachining, clientId: ids.clientKalyani, installationDate: day(-820), warrantyUntil: day(-455), status: 'Breakdown', runningHours: 14820 },
    { machineTypeId: ids.mtVmc, serialNo: 'BFW-45-23104', name: 'VMC Bay 1 / M-04', assetId: ids.unitMachining, clientId: ids.clientKalyani, installationDate: day(-610), status: 'Running', runningHours: 10233 },
    { machineTypeId: ids.mtLathe, serialNo: 'AMS-LT20-77120', name: 'Turning cell T-02', assetId: ids.unitMachining, clientId: ids.clientKalyani, installationDate: day(-1100), status: 'Running', runningHours: 21007 },
    { machineTypeId: ids.mtCompressor, serialNo: 'ELGI-EG37-5531', name: 'Compressor CP-01', assetId: ids.unitCompressor, clientId: ids.clientKalyani, installationDate: day(-420), warrantyUntil: day(310), status: 'Running', runningHours: 8120 },
    { machineTypeId: ids.mtCompressor, serialNo: 'ELGI-EG37-5532', name: 'Compressor CP-02', assetId: ids.unitCompressor, clientId: ids.clientKalyani, installationDate: day(-420), warrantyUntil: day(310), status: 'Under Maintenance', runningHours: 8055 },
    { machineTypeId: ids.mtCompressor, serialNo: 'ELGI-EG37-6120', name: 'Rental pool compressor R-07', status: 'In Stock', runningHours: 310 },
    { machineTypeId: ids.mtChiller, serialNo: 'VOL-WCS60-1180', name: 'Chiller CH-01', assetId: ids.unitChiller, clientId: ids.clientDeccan, installationDate: day(-760), status: 'Running', runningHours: 17400 },
    { machineTypeId: ids.mtMoulding, serialNo: 'FMM-T150-3391', name: 'IMM-150 Line 2', assetId: ids.unitMoulding, clientId: ids.clientPolymers, installationDate: day(-300), warrantyUntil: day(65), status: 'Idle', runningHours: 5120 },
    // The client user's company (Sunrise Textiles) has machines of its own: he raises tickets for them by name.
    { machineTypeId: ids.mtCompressor, serialNo: 'ELGI-EG37-7014', name: 'Weaving air compressor AC-1', assetId: ids.unitSunrise, clientId: ids.client, installationDate: day(-200), warrantyUntil: day(530), status: 'Running', runningHours: 3410 },
    { machineTypeId: ids.mtChiller, serialNo: 'VOL-WCS60-1322', name: 'Humidification chiller HC-2', assetId: ids.unitSunrise, clientId: ids.client, installationDate: day(-380), status: 'Running', runningHours: 6900 },
  ]);
  ids.miVmc = machines[0]?._id ?? '';
  ids.miVmc2 = machines[1]?._id ?? '';
  ids.miLathe = machines[2]?._id ?? '';
  ids.miCp01 = machines[3]?._id ?? '';
  ids.miCp02 = machines[4]?._id ?? '';
  ids.miRental = machines[5]?._id ?? '';
  ids.miChiller = machines[6]?._id ?? '';
  ids.miMoulding = machines[7]?._id ?? '';

  const qs = await put(ctx, questions, [
    { question: 'Spindle vibration (mm/s)', machineTypes: [ids.mtVmc, ids.mtLathe], answerType: 'Number', minValue: 0, maxValue: 4.5, unit: 'mm/s', order: 1 },
    { question: 'Way lube oil level OK?', machineTypes: [ids.mtVmc, ids.mtLathe], answerType: 'Yes/No', order: 2 },
    { question: 'Discharge pressure (bar)', machineTypes: [ids.mtCompressor], answerType: 'Number', minValue: 6.5, maxValue: 7.8, unit: 'bar', order: 1 },
    { question: 'Oil filter differential pressure (bar)', machineTypes: [ids.mtCompressor], answerType: 'Number', minValue: 0, maxValue: 1.2, unit: 'bar', order: 2 },
    { question: 'Condenser approach temperature (°C)', machineTypes: [ids.mtChiller], answerType: 'Number', minValue: 0, maxValue: 3, unit: '°C', order: 1 },
    { question: 'Photo of control panel', machineTypes: [ids.mtVmc, ids.mtCompressor, ids.mtChiller], answerType: 'Photo', mandatory: false, order: 9 },
  ]);
  const [vmcChecklist, compressorChecklist] = await put(ctx, checklistView, [
    { name: 'VMC daily start-up checks', machineTypeId: ids.mtVmc, questionIds: [qs[0]?._id, qs[1]?._id, qs[5]?._id], frequency: 'Daily' },
    { name: 'Compressor monthly PM', machineTypeId: ids.mtCompressor, questionIds: [qs[2]?._id, qs[3]?._id], frequency: 'Monthly' },
  ]);
  ids.checklistCompressor = compressorChecklist?._id ?? '';
  await put(ctx, questionAnswer, [
    { checklistId: vmcChecklist?._id, machineInstanceId: ids.miVmc2, answeredBy: ids.engineerUser, answeredAt: at(-1, -3), status: 'Submitted', answers: [{ questionId: qs[0]?._id, answer: 2.1, outOfRange: false }, { questionId: qs[1]?._id, answer: 'Yes', outOfRange: false }] },
    { checklistId: compressorChecklist?._id, machineInstanceId: ids.miCp02, answeredBy: ids.engineerUser, answeredAt: at(-2, -5), status: 'Submitted', answers: [{ questionId: qs[2]?._id, answer: 7.2, outOfRange: false }, { questionId: qs[3]?._id, answer: 1.6, outOfRange: true, remarks: 'Oil filter choked: replaced' }] },
  ]);
}
