/**
 * The proposal's body (document 1 §2): the heading "Head Terms-Commercial Proposal" with the proposal
 * name, the terms table (seven rows with their units; rows without a value hidden), and the owner's name.
 */
import { Stack, Table, Text, Title } from '@mantine/core';
import { ownerName, termRows, type PublicProposal } from '../../../machines/flows/publicProposalTerms';

export const PROPOSAL_HEADING = 'Head Terms-Commercial Proposal';

export function ProposalTerms({ proposal }: { proposal: PublicProposal }) {
  const rows = termRows(proposal);
  const owner = ownerName(proposal.owner);
  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>
          {PROPOSAL_HEADING}
        </Title>
        <Text fw={600} size="lg" mt={4}>
          {proposal.proposalName}
        </Text>
      </div>
      <Table withTableBorder withColumnBorders verticalSpacing="sm" aria-label="Terms" layout="fixed">
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} data-term={row.key}>
              <Table.Th w="42%" scope="row" fw={600}>
                {row.label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {owner && (
        <Text size="sm">
          <Text span c="dimmed">
            Proposal owner:{' '}
          </Text>
          <Text span fw={600}>
            {owner}
          </Text>
        </Text>
      )}
    </Stack>
  );
}
