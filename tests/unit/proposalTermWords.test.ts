/**
 * The terms table and the expiry text are written once (src/contract/publicProposalTerms.ts): in the spec's English
 * for the server (the proposal PDF, the refusal of a late decision), and in the person's language on the page, which
 * gives its words (issue 34). The server's English is pinned here, word for word.
 */
import { describe, expect, it } from 'vitest';
import { expiredText, termRows, type PublicProposal } from '../../src/contract/publicProposalTerms';
import { TERM_ENGLISH } from '../../src/contract/publicProposalTexts';
import { translator, loadDictionary } from '../../src/i18n/dictionaries';
import { publicProposalEn } from '../../src/i18n/publicProposal/en';

const proposal = {
  _id: 'prp-1',
  alternateId: 'PRP-2026-000007',
  proposalName: 'Compressed air on rent',
  status: 'Sent(Final)',
  machineType: { _id: 'mt-1', machineName: 'Screw Air Compressor GA37', alternateId: 'MT-2026-000003' },
  contractTerm: 24,
  lockInPeriod: 1,
  noticePeriod: 3,
  monthlyRental: 85000.5,
  securityDeposit: 2.5,
  escalation: 4,
} as PublicProposal;

const table = (rows: ReturnType<typeof termRows>) => rows.map((row) => `${row.label}: ${row.value}`);

describe('the terms table and the expiry text', () => {
  it("say the spec's English by default, as the server prints and answers them", () => {
    expect(table(termRows(proposal, 'Rs.'))).toEqual([
      'Machine Name: Screw Air Compressor GA37 (MT-2026-000003)',
      'Contract Term: 24 months',
      'Lock-in Period: 1 month',
      'Notice Period: 3 months post contract locking',
      'Monthly Rental: Rs. 85,000.50',
      'Security Deposit: Rs. 2,12,501.25 (2.5 × monthly rental)',
      'Escalation: 4% year on year',
    ]);
    expect(expiredText('2026-01-05')).toBe('Proposal Validatiy Expired on 05/01/2026');
  });

  it("are the English dictionary's own words", () => {
    expect(publicProposalEn.terms).toEqual(TERM_ENGLISH);
    expect(publicProposalEn.expired).toBe('Proposal Validatiy Expired on {{date}}');
  });

  it("say a page's words when it gives them: the same rows and amounts, in French", async () => {
    await loadDictionary('fr');
    const t = translator('fr');
    const rows = termRows(proposal, '₹', (key, values) => t(`publicProposal.terms.${key}`, values));
    expect(table(rows)).toEqual([
      'Nom de la machine: Screw Air Compressor GA37 (MT-2026-000003)',
      'Durée du contrat: 24 mois',
      'Période d’engagement: 1 mois',
      'Préavis: 3 mois après la fin de la période d’engagement',
      'Loyer mensuel: ₹ 85,000.50',
      'Dépôt de garantie: ₹ 2,12,501.25 (2.5 × loyer mensuel)',
      'Indexation: 4 % par an',
    ]);
  });
});
