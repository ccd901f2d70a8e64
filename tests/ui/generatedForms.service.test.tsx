/**
 * Every create form generated from the catalogue (issue 12's first test, tests/ui/support/generatedForms.ts), for the
 * service area's modules (tickets, activities, expenses, maintenance plans, the resource calendar); and the check
 * that the generated forms, all files together, cover every module with a create screen.
 */
import { describe, expect, it } from 'vitest';
import { createTargets, describeCreateForms, KNOWN_BROKEN } from './support/generatedForms';

describe('every create form, generated from the catalogue', () => {
  it('covers every module with a create screen', () => {
    expect(createTargets.length).toBeGreaterThanOrEqual(40);
    expect(Object.keys(KNOWN_BROKEN).every((name) => createTargets.some((t) => t.def.name === name))).toBe(true);
  });
});

describeCreateForms('service');
