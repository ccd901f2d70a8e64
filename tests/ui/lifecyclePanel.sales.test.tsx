/**
 * A record's lifecycle on its detail view (issue 11), for the sales area's lifecycles
 * (leads, proposals, agreements, subscription requests): see tests/ui/support/lifecyclePanel.ts.
 */
import { describeLifecyclePanels } from './support/lifecyclePanel';

describeLifecyclePanels('sales');
