/**
 * Every create form generated from the catalogue (issue 12's first test, tests/ui/support/generatedForms.ts), for
 * the billing area's modules (invoices, credit notes, payments, clients, bills).
 */
import { describeCreateForms } from './support/generatedForms';

describeCreateForms('billing');
