/**
 * Every create form generated from the catalogue (issue 12's first test, tests/ui/support/generatedForms.ts), for
 * the modules of administration (users, roles, features, privileges), assets (sites, organisations, extinguishers)
 * and machines (types, instances, questions).
 */
import { describeCreateForms } from './support/generatedForms';

describeCreateForms('adminAssets');
