/** /public/businessProposal: the proposal page inside the public link frame (see PublicPageFrame.tsx). */
import { BusinessProposalPage } from './BusinessProposalPage';
import { PublicPage } from './PublicPageFrame';

export function BusinessProposalScreen() {
  return (
    <PublicPage page="businessProposal">
      <BusinessProposalPage />
    </PublicPage>
  );
}
