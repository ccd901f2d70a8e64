/**
 * /auth/subscription-request: a prospective subscriber's request (document 1 §2 and §5) with the spec's
 * labels and messages. The terms and the privacy policy are accepted as on the public subscriber details
 * page: read-only boxes whose links open the texts in modals (TextModal). Every value, message and state
 * comes from the page's `subscriptionRequest` actor, which the session runs while the page is open (there is no
 * signed-in session yet, but the session owns every actor); the sign-in frame holds SubscriptionRequestPanel, which shows it.
 */
// The whole of Mantine's styles for the sign-up page (the entry has only the first pages', ui/styles/mantineFirstPages.css).
import '@mantine/core/styles.css';
import { subscriptionRequestMachine } from '../../../machines/flows/subscriptionRequest';
import { useScreenActor } from '../../../machines/useScreenActor';
import { AuthLayout } from './AuthLayout';
import { SubscriptionRequestPanel } from './SubscriptionRequestPanel';

export interface SubscriptionRequestScreenProps {
  /** Another logic with other I/O actors (tests). */
  logic?: typeof subscriptionRequestMachine;
}

export function SubscriptionRequestScreen({ logic = subscriptionRequestMachine }: SubscriptionRequestScreenProps) {
  const actor = useScreenActor('subscriptionRequest', logic, undefined);
  return <AuthLayout>{actor && <SubscriptionRequestPanel actor={actor} />}</AuthLayout>;
}
