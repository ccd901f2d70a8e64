/**
 * A record's lifecycle on its detail view (issue 11), for the parts area's lifecycles (purchase orders, their
 * requisitions, spare-part requests): see tests/ui/support/lifecyclePanel.ts. And a step the server refuses with 409:
 * its reason shown and the record read again.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIFECYCLES } from '../../src/machines/lifecycles/index';
import { describeLifecyclePanels, openRecord } from './support/lifecyclePanel';

describeLifecyclePanels('parts');

describe('a refused step', () => {
  const lifecycle = LIFECYCLES.find((l) => l.module === 'purchase-order-requisition')!;

  it('shows the server’s reason and reads the record again', async () => {
    const { app, user, panel } = await openRecord(lifecycle, 'Draft', { refuse: true });
    const reads = app.api.requestsTo('GET', '/api/app/purchase-order-requisition/getById/r1').length;
    await user.click(within(panel).getByRole('button', { name: 'Submit for review' }));
    // The first notice loads the notifications module: the configured wait (tests/setup/ui.ts) is the time a slow
    // machine needs, longer than the 4 s this once asked for.
    expect(await screen.findByText('Requisition DOC-2026-000001 is Draft: you may not change it now')).toBeTruthy();
    await waitFor(() => expect(app.api.requestsTo('GET', '/api/app/purchase-order-requisition/getById/r1').length).toBeGreaterThan(reads));
  });
});
