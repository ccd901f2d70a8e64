/** Intent functions of the subscriber details page: what its components send. */
import { useMemo } from 'react';
import type { EditableField, SubscriberDetailsActorRef } from '../../../machines/flows/subscriberDetails';

export interface SubscriberEvents {
  retry(): void;
  change(field: EditableField, value: string): void;
  blur(field: EditableField): void;
  openTerms(): void;
  openPrivacy(): void;
  accept(): void;
  decline(): void;
  closeModal(): void;
  submit(): void;
}

export function useSubscriberEvents(actor: SubscriberDetailsActorRef): SubscriberEvents {
  return useMemo(
    () => ({
      retry: () => actor.send({ type: 'subscriber.retry' }),
      change: (field, value) => actor.send({ type: 'subscriber.change', field, value }),
      blur: (field) => actor.send({ type: 'subscriber.blur', field }),
      openTerms: () => actor.send({ type: 'subscriber.openTerms' }),
      openPrivacy: () => actor.send({ type: 'subscriber.openPrivacy' }),
      accept: () => actor.send({ type: 'subscriber.accept' }),
      decline: () => actor.send({ type: 'subscriber.decline' }),
      closeModal: () => actor.send({ type: 'subscriber.closeModal' }),
      submit: () => actor.send({ type: 'subscriber.submit' }),
    }),
    [actor],
  );
}
