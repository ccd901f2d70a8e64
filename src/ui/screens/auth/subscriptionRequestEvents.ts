/** Intent functions of the sign-up page: what its components send. */
import { useMemo } from 'react';
import type { SubscriptionRequestActorRef } from '../../../machines/flows/subscriptionRequest';
import type { SubscriberField } from '../../../contract/subscriberDetailsRules';

export interface SubscriptionRequestEvents {
  change(field: SubscriberField, value: string): void;
  blur(field: SubscriberField): void;
  openTerms(): void;
  openPrivacy(): void;
  accept(): void;
  decline(): void;
  closeModal(): void;
  submit(): void;
}

export function useSubscriptionRequestEvents(actor: SubscriptionRequestActorRef): SubscriptionRequestEvents {
  return useMemo(
    () => ({
      change: (field, value) => actor.send({ type: 'subscription.change', field, value }),
      blur: (field) => actor.send({ type: 'subscription.blur', field }),
      openTerms: () => actor.send({ type: 'subscription.openTerms' }),
      openPrivacy: () => actor.send({ type: 'subscription.openPrivacy' }),
      accept: () => actor.send({ type: 'subscription.accept' }),
      decline: () => actor.send({ type: 'subscription.decline' }),
      closeModal: () => actor.send({ type: 'subscription.closeModal' }),
      submit: () => actor.send({ type: 'subscription.submit' }),
    }),
    [actor],
  );
}
