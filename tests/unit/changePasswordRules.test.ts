/** The password rule (issue 35): at least 10 characters and hard to guess (zxcvbn), the same on both sides. */
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE_MESSAGE, personalWords } from '../../src/contract/passwordPolicy';
import { passwordProblem } from '../../src/contract/passwordStrength';
import { validateChangePassword } from '../../src/machines/flows/changePassword';

const RULE_TEXT = PASSWORD_RULE_MESSAGE;

describe('password rule', () => {
  it('says what it checks, and not upper or lower case, which it does not check', () => {
    expect(RULE_TEXT).toMatch(/10 to 128 characters/);
    expect(RULE_TEXT).toMatch(/common passwords/);
    expect(RULE_TEXT).not.toMatch(/uppercase|lowercase/);
  });
  it.each(['Demo-Admin-2026', 'Spindle-Rebuild-7', 'Fresh#2024', 'correct horse battery', 'Lathe-Tractor'])('accepts %s', (password) => {
    expect(passwordProblem(password)).toBeUndefined();
  });
  it.each([
    ['too short, though strong-looking', 'Xq7#pL2!v', 'length'],
    ['too long', 'Xq7#pL2!v'.repeat(15), 'length'],
    ['the issue\'s digits and a special', '12345678!', 'length'],
    ['the issue\'s repeat', 'aaaaaaaaa1!', 'guessable'],
    ['the old demo password, lengthened', 'Admin@12345', 'guessable'],
    ['a keyboard walk', 'qwertyuiop12', 'guessable'],
    ['a common password', 'Password123', 'guessable'],
    ['a sequence', 'abcdefghijk', 'guessable'],
  ])('refuses a password %s', (_, password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });
  it("counts the person's own e-mail and name as guessed early", () => {
    expect(passwordProblem('Kiran@2026')).toBeUndefined();
    expect(passwordProblem('Kiran@2026', personalWords('kiran.desai@demo.local', 'Kiran Desai'))).toBe('guessable');
  });
});

describe('validateChangePassword', () => {
  it('passes a complete, matching form', () => {
    expect(validateChangePassword({ oldPassword: 'x', newPassword: 'Fresh#2024', confirmPassword: 'Fresh#2024' })).toEqual({});
  });
  it('reports a password the form found guessable with the rule', () => {
    expect(validateChangePassword({ oldPassword: 'x', newPassword: 'Password123', confirmPassword: 'Password123' }, true)).toEqual({ newPassword: RULE_TEXT });
  });
  it('reports every field of an empty form with the spec texts', () => {
    expect(validateChangePassword({ oldPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      oldPassword: 'Enter current password',
      newPassword: RULE_TEXT,
      confirmPassword: 'Confirm password is a required field',
    });
  });
  it('reports a mismatch on the confirmation', () => {
    expect(validateChangePassword({ oldPassword: 'x', newPassword: 'Fresh#2024', confirmPassword: 'Fresh#2025' })).toEqual({
      confirmPassword: 'Passwords must match',
    });
  });
  it('reports a mismatch even when the new password breaks the rule', () => {
    expect(validateChangePassword({ oldPassword: 'x', newPassword: 'weak', confirmPassword: 'other' })).toEqual({
      newPassword: RULE_TEXT,
      confirmPassword: 'Passwords must match',
    });
  });
});
