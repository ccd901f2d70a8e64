/**
 * A record's lifecycle on its detail view (issue 11), for the billing area's lifecycles
 * (invoices, credit notes, payments): see tests/ui/support/lifecyclePanel.ts.
 */
import { describeLifecyclePanels } from './support/lifecyclePanel';

describeLifecyclePanels('billing');
