/**
 * A record's lifecycle on its detail view (issue 11), for the service area's lifecycles
 * (tickets of every kind, maintenance plans) and those of any area no other file takes: see
 * tests/ui/support/lifecyclePanel.ts.
 */
import { describeLifecyclePanels } from './support/lifecyclePanel';

describeLifecyclePanels('service');
