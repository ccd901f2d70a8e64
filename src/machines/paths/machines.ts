/**
 * Every machine QA's paths are made from (issue 15): each lifecycle of the index (one entry per machine, even
 * when several modules share it) and each workflow machine of the client. The command and the explorer list
 * these and nothing else, so a new machine is one line here: every screen flow the session spawns
 * (screenActors.ts) is among them.
 */
import type { AnyStateMachine } from 'xstate';
import { bomTreeMachine } from '../flows/bomTree';
import { calendarMachine } from '../calendar/machine';
import { changePasswordMachine } from '../flows/changePassword';
import { createDashboardMachine } from '../flows/dashboard';
import { dashboardLayoutMachine } from '../flows/dashboardLayout';
import { headerLogoMachine } from '../flows/headerLogo';
import { liveReadingsMachine } from '../flows/liveReadings';
import { lowStockMachine } from '../flows/lowStock';
import { machineMetersMachine } from '../flows/machineMeters';
import { machineScannerMachine } from '../flows/machineScanner';
import { machineSummaryMachine } from '../flows/machineSummary';
import { partLedgerMachine } from '../flows/partLedger';
import { planScheduleMachine } from '../flows/planSchedule';
import { platformTextsMachine } from '../flows/platformTexts';
import { poReceiptsMachine } from '../flows/poReceipts';
import { preferencesMachine } from '../flows/preferences';
import { publicProposalMachine } from '../flows/publicProposal';
import { qaPathsMachine } from '../flows/qaPaths';
import { qrEncoderMachine } from '../flows/qrEncoder';
import { recordWorkflowMachine } from '../flows/recordWorkflow';
import { sensorSeriesMachine } from '../flows/sensorSeries';
import { signatureMachine } from '../flows/signature';
import { subscriberDetailsMachine } from '../flows/subscriberDetails';
import { subscriptionRequestMachine } from '../flows/subscriptionRequest';
import { LIFECYCLES, stepsMachineOf, type Lifecycle } from '../lifecycles/index';
import { machineCardMachine } from '../machineCard/machine';
import { newTicketMachine } from '../newTicket/machine';
import { signedStepMachine } from '../signedStep/machine';
import { resourceMachine } from '../resource';
import { sessionMachine } from '../sessionMachine';

export interface PathMachine {
  id: string;
  kind: 'lifecycle' | 'workflow';
  machine: AnyStateMachine;
  /** For a lifecycle: the index entries (modules) that use this machine. */
  lifecycles: readonly Lifecycle[];
}

function lifecycleMachines(): PathMachine[] {
  const byMachine = new Map<AnyStateMachine, Lifecycle[]>();
  // The steps alone: an edit or a delete leaves the record where it is (src/machines/lifecycles/recordRules.ts).
  for (const lifecycle of LIFECYCLES) {
    const steps = stepsMachineOf(lifecycle.machine);
    byMachine.set(steps, [...(byMachine.get(steps) ?? []), lifecycle]);
  }
  return [...byMachine].map(([machine, lifecycles]) => ({ id: machine.id, kind: 'lifecycle', machine, lifecycles }));
}

const WORKFLOWS: readonly AnyStateMachine[] = [
  sessionMachine,
  resourceMachine,
  // Behind every record view's steps (the lifecycle panel): loading the record, a step, a refusal, the history.
  recordWorkflowMachine,
  publicProposalMachine,
  subscriberDetailsMachine,
  subscriptionRequestMachine,
  changePasswordMachine,
  signatureMachine,
  preferencesMachine,
  // The dashboards share one machine, made per dashboard around its loader; the loader is never run here.
  createDashboardMachine(() => Promise.reject(new Error('not loaded for paths'))),
  dashboardLayoutMachine,
  bomTreeMachine,
  liveReadingsMachine,
  machineScannerMachine,
  machineSummaryMachine,
  machineMetersMachine,
  planScheduleMachine,
  platformTextsMachine,
  qrEncoderMachine,
  sensorSeriesMachine,
  qaPathsMachine,
  calendarMachine,
  machineCardMachine,
  newTicketMachine,
  signedStepMachine,
  headerLogoMachine,
  lowStockMachine,
  partLedgerMachine,
  poReceiptsMachine,
];

export function pathMachines(): PathMachine[] {
  return [...lifecycleMachines(), ...WORKFLOWS.map((machine) => ({ id: machine.id, kind: 'workflow' as const, machine, lifecycles: [] }))];
}
