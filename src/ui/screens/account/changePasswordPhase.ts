/**
 * The change-password flow's phase, read by the form (./ChangePasswordForm.tsx) and by the header's user menu,
 * which closes the dialog once it has succeeded. Apart from the form so the header does not load the form (its
 * inputs) with every page (issue 18): the form loads when the dialog is first opened.
 */
import type { ChangePasswordActorRef } from '../../../machines/flowRefs';

export type ChangePasswordPhase = 'idle' | 'submitting' | 'succeeded' | 'failed';

export const selectPhase = (s: ReturnType<ChangePasswordActorRef['getSnapshot']> | undefined): ChangePasswordPhase => (s ? (s.value as ChangePasswordPhase) : 'idle');
