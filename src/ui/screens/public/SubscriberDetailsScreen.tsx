/** /public/subscriber-details: the subscriber details form inside the public link frame (see PublicPageFrame.tsx). */
// The whole of Mantine's styles for the subscriber details page (the entry has only the first pages', ui/styles/mantineFirstPages.css).
import '@mantine/core/styles.css';
import { PublicPage } from './PublicPageFrame';
import { SubscriberDetailsPage } from './SubscriberDetailsPage';

export function SubscriberDetailsScreen() {
  return (
    <PublicPage page="subscriberDetails">
      <SubscriberDetailsPage />
    </PublicPage>
  );
}
