/**
 * The lifecycle steps a list offers on its rows (issue 11): approve and reject on pending credit notes, payments,
 * requisitions and spare-part requests, acknowledge and close on system tickets, send to purchase on an approved
 * requisition (the index's `inList`). Which steps a row offers is decided by the same pure machine the server
 * uses, from the row and the person's privileges; taking one opens the record's workflow actor (as the record
 * view does), which reads the record, sends the step and notifies the outcome: the dialog when the step needs
 * words or a confirmation, the server's refusal when someone moved first.
 */
import { Button } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { ModuleDef } from '../../../contract/modules';
import { notify } from '../../../api/notify';
import { allowedEvents, declaredEvents, lifecycleOf, refusalMessage, type Lifecycle } from '../../../machines/lifecycles/index';
import { useLifecycleCaller } from '../../data/lifecycleCaller';
import { useRecordWorkflow } from '../../data/resources';
import { useModuleFields } from './catalogueWords';
import { recordName, type Row } from './listView';
import { DESTRUCTIVE, SECONDARY, StepDialog, useStepAsking } from './StepDialog';
import { stepName } from './stepName';
import { useLocale, useT } from '../../../i18n';
import { wordValues } from '../../../i18n/messageWords';

/** The view / edit / delete buttons' width, and what each step button adds to a row's actions. */
export const ACTIONS_BASE_PX = 132;
const STEP_BUTTON_PX = 96;

/** The width a module's row actions need: room for the most steps any one state offers on a row. */
export function rowActionsWidth(def: ModuleDef): number | undefined {
  const lifecycle = lifecycleOf(def.name);
  if (!lifecycle) return undefined;
  const most = Math.max(0, ...declaredPerState(lifecycle).map((events) => events.filter((e) => lifecycle.events[e]?.inList).length));
  return most === 0 ? undefined : ACTIONS_BASE_PX + most * STEP_BUTTON_PX;
}

function declaredPerState(lifecycle: Lifecycle): string[][] {
  return Object.keys(lifecycle.machine.config.states ?? {}).map((state) => declaredEvents(lifecycle, state));
}

/** `onStepTaken`: called once a step was sent and its outcome is known (the header's inbox asks its count again). */
export function RowSteps({ def, row, onStepTaken }: { def: ModuleDef; row: Row; onStepTaken?: () => void }) {
  const caller = useLifecycleCaller();
  const t = useT();
  const lifecycle = lifecycleOf(def.name);
  const [taking, setTaking] = useState<string | null>(null);
  if (!lifecycle || !caller) return null;
  const offered = allowedEvents(lifecycle, row, caller).filter((event) => lifecycle.events[event]?.inList);
  if (offered.length === 0) return null;
  const name = recordName(row);
  return (
    <>
      {offered.map((event) => (
        <Button
          key={event}
          size="compact-xs"
          variant={SECONDARY.includes(event) ? 'light' : 'filled'}
          color={DESTRUCTIVE.includes(event) ? 'red' : undefined}
          aria-label={`${stepName(t, lifecycle, event)} ${name}`}
          loading={taking === event}
          disabled={taking !== null}
          onClick={() => setTaking(event)}
        >
          {stepName(t, lifecycle, event)}
        </Button>
      ))}
      {taking && <RowStep def={def} lifecycle={lifecycle} row={row} event={taking} onDone={() => setTaking(null)} onSent={onStepTaken} />}
    </>
  );
}

/** One step from a row: the record read by its workflow, the step taken (or its dialog shown), then gone. */
function RowStep({ def, lifecycle, row, event, onDone, onSent }: { def: ModuleDef; lifecycle: Lifecycle; row: Row; event: string; onDone: () => void; onSent?: () => void }) {
  const t = useT();
  const locale = useLocale();
  const workflow = useRecordWorkflow(def, row._id);
  const { asking, setAsking, take, submit, cancel } = useStepAsking(lifecycle, workflow);
  const fields = useModuleFields(def);
  const phase = useRef<'reading' | 'asking' | 'sent'>('reading');
  const { record, status } = workflow;

  useEffect(() => {
    if (phase.current === 'reading' && status === 'ready' && record) {
      // The server's answer for the record as it is now: someone may have moved it since the list was read.
      if (!record.allowedEvents.includes(event)) {
        const refused = refusalMessage(lifecycle, record, recordName(row), record.allowedEvents);
        notify({ message: refused.message, words: refused.words, color: 'yellow' });
        onDone();
        return;
      }
      phase.current = 'asking';
      take(event);
    } else if (phase.current === 'reading' && status === 'failed') {
      const failed = workflow.error;
      notify({ message: failed?.message ?? `${lifecycle.noun} ${recordName(row)} could not be read`, color: 'red', ...(failed?.words ? { words: failed.words } : {}) });
      onDone();
    } else if (phase.current === 'asking' && status === 'stepping') {
      phase.current = 'sent';
    } else if (phase.current === 'sent' && (status === 'ready' || status === 'failed')) {
      // The workflow has notified the outcome (the new status, or the refusal).
      onSent?.();
      onDone();
    }
  }, [status, record, event, lifecycle, row, take, onDone, onSent, workflow.error]);

  if (!asking) return null;
  return (
    <StepDialog
      lifecycle={lifecycle}
      fields={fields}
      asking={asking}
      workflow={workflow}
      recordName={`${wordValues(t, locale, { noun: lifecycle.noun, module: def.name }).noun as string} ${recordName(row)}`}
      recordId={String(row._id)}
      onChange={setAsking}
      onCancel={() => {
        cancel();
        onDone();
      }}
      onSubmit={submit}
    />
  );
}
