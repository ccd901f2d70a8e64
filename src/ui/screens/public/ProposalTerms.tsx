/**
 * The proposal's body (document 1 §2): the heading "Head Terms-Commercial Proposal" with the proposal
 * name (the public page shows the heading itself, while the proposal loads too: BusinessProposalPage.tsx), the terms table (seven rows with their units; rows without a value hidden), and the owner's name,
 * in the person's language. The table is a plain one styled by ProposalTerms.module.css, not Mantine's Table
 * (see there why).
 */
import { Stack, Text, Title } from '@mantine/core';
import { ownerName, termRows, type PublicProposal } from '../../../contract/publicProposalTerms';
import { useT } from '../../../i18n';
import { sayTerm } from './proposalWords';
import classes from './ProposalTerms.module.css';

export function ProposalTerms({ proposal, withHeading = true }: { proposal: PublicProposal; withHeading?: boolean }) {
  const t = useT();
  const rows = termRows(proposal, '₹', sayTerm(t));
  const owner = ownerName(proposal.owner);
  return (
    <Stack gap="md">
      <div>
        {withHeading && <ProposalHeading />}
        <Text fw={600} size="lg" mt={withHeading ? 4 : 0}>
          {proposal.proposalName}
        </Text>
      </div>
      <table className={classes.table} aria-label={t('publicProposal.termsTable')}>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-term={row.key}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {owner && (
        <Text size="sm">
          <Text span c="dimmed">
            {t('publicProposal.owner')}{' '}
          </Text>
          <Text span fw={600}>
            {owner}
          </Text>
        </Text>
      )}
    </Stack>
  );
}

/** The proposal's heading, the same words wherever a proposal is shown. */
export function ProposalHeading({ mb }: { mb?: number }) {
  const t = useT();
  return (
    <Title order={2} fz={{ base: 'h3', sm: 'h2' }} mb={mb}>
      {t('publicProposal.heading')}
    </Title>
  );
}
