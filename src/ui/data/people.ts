/**
 * The people a person field's picker offers (issue 39 item 2): the module's `people` call
 * (src/contract/modules/peoplePicker.ts) answers who may do the work, for the record when one is named, with their
 * load today. Read when the picker opens on a field, again when the record changes.
 */
import { useEffect, useState } from 'react';
import { moduleNamed } from '../../contract/modules';
import { findCall, moduleCalls } from '../../api/calls';
import { toErrorPayload } from '../../api/http';
import { useT } from '../../i18n';

export interface PeopleChoices {
  /** `label`: the person's name, as the chosen value reads; `description`: as the open list reads, with their load today. */
  options: Array<{ value: string; label: string; description: string }>;
  loading: boolean;
  error: string | null;
}

const NONE: PeopleChoices = { options: [], loading: false, error: null };

/** The choices of person field `field` of module `module` (empty module: nothing is asked). */
export function usePeopleToPick(module: string, field: string, recordId?: string): PeopleChoices {
  const t = useT();
  const [state, setState] = useState<PeopleChoices>(module ? { ...NONE, loading: true } : NONE);
  useEffect(() => {
    if (!module) return;
    let current = true;
    const def = moduleNamed(module);
    setState((s) => ({ ...s, loading: true, error: null }));
    moduleCalls(def)
      .call('people', { params: { field }, ...(recordId ? { query: { recordId } } : {}) })
      .then((reply) => {
        if (!current) return;
        const { data } = reply as { data: Array<{ _id: string; name: string; openTickets: number; visitsToday: number }> };
        setState({ options: data.map((p) => ({ value: p._id, label: p.name, description: t('form.personLoad', { name: p.name, open: p.openTickets, visits: p.visitsToday }) })), loading: false, error: null });
      })
      .catch((error: unknown) => {
        if (current) setState({ options: [], loading: false, error: toErrorPayload(error).message ?? findCall(def, 'people').message });
      });
    return () => {
      current = false;
    };
  }, [module, field, recordId, t]);
  return state;
}
