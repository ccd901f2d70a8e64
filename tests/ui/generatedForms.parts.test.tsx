/**
 * Every create form generated from the catalogue (issue 12's first test, tests/ui/support/generatedForms.ts), for
 * the parts area's modules (spare parts, suppliers, requisitions, purchase orders).
 */
import { describeCreateForms } from './support/generatedForms';

describeCreateForms('parts');
