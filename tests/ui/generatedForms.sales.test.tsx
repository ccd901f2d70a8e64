/**
 * Every create form generated from the catalogue (issue 12's first test, tests/ui/support/generatedForms.ts), for
 * the sales area's modules (leads, proposals, agreements, subscription requests).
 */
import { describeCreateForms } from './support/generatedForms';

describeCreateForms('sales');
