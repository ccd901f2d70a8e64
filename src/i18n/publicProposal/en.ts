/**
 * The public proposal page's words (issue 34): the spec's English, held by the contract (src/contract/publicProposalTexts.ts)
 * because the server prints the same terms table in the proposal PDF and refuses a late decision with the same expiry
 * text. Added to the dictionary by the page that uses it (src/ui/screens/public/proposalWords.ts), so the first pages
 * that are not the proposal do not carry it; fr, zh and ja say the same keys beside this file.
 */
import { PUBLIC_PROPOSAL_ENGLISH } from '../../contract/publicProposalTexts';

export type PublicProposalTexts = typeof PUBLIC_PROPOSAL_ENGLISH;

export const publicProposalEn: PublicProposalTexts = PUBLIC_PROPOSAL_ENGLISH;
